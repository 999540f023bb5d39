// Chooses the kernel for a validated request: resolves strategy::automatic and the
// alignment-dependent fast paths. Host-only and deterministic, so it is unit-tested on CPU.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Matrices with a side of at most this many elements take the skinny kernels. */
inline constexpr std::int64_t kMaxSkinny = 64;

/** Packed batches of matrices up to this size take the small-batch kernel. */
inline constexpr std::int64_t kMaxSmallBatchBytes = 8192;

/** Row pitch from which 8-byte elements take the diagonal tile order. */
inline constexpr std::int64_t kCampingPitchBytes = 128 * 1024;

/** The kernel `auto` runs, given shape, layout, element size and alignment flags. */
auto_path choose_automatic(const plan& p);

/** Fills the alignment flags and, for strategy::automatic, the auto path. */
plan finalize(plan p);

}  // namespace xpose::detail
