// Checks that need the CUDA runtime (but never synchronize): the pointers are memory the
// current device can access, and the stream belongs to the current device.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Throws invalid_argument (or cuda_error when CUDA itself fails) naming the culprit. */
void check_device_access(const plan& p);

}  // namespace xpose::detail
