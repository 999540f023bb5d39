// Chooses the kernel for a validated request: resolves strategy::automatic and the
// alignment-dependent fast paths. Host-only and deterministic, so it is unit-tested on CPU.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** The strategy `auto` stands for, given shape, element size and alignment. */
strategy choose_automatic(const plan& p);

/** Fills the alignment flags and replaces strategy::automatic; returns the final plan. */
plan finalize(plan p);

}  // namespace xpose::detail
