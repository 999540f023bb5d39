// The single entry point behind both APIs: validate, check device access, plan, launch.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Enqueues the transpose described by `req`; throws xpose::error. */
void transpose(const request& req);

}  // namespace xpose::detail
