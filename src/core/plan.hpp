// Chooses the kernel for a validated request: resolves strategy::automatic and the
// alignment-dependent fast paths. Host-only and deterministic, so it is unit-tested on CPU.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Matrices with a side of at most this many elements take the skinny kernels. */
inline constexpr std::int64_t kMaxSkinny = 64;

/** 1- and 2-byte matrices with a side of at most this many elements, the other side at
 *  least kInterleaveMinBlocks blocks long, take the interleaving skinny kernels. */
inline constexpr int kMaxInterleave = 32;
inline constexpr std::int64_t kInterleaveMinBlocks = 4;

/** Bytes of each strided row one thread of the interleaving kernels moves: 16 while the
 *  R rows' worth of registers (4 R words in, 4 R out) stays small, 4 beyond. */
constexpr int interleave_vector_bytes(std::int64_t r) { return r <= 8 ? 16 : 4; }

/** Long-side elements one block of the interleaving kernels covers (256 threads). */
constexpr std::int64_t interleave_span(std::size_t elem_bytes, std::int64_t r) {
  return 256 * interleave_vector_bytes(r) / static_cast<std::int64_t>(elem_bytes);
}

/** Packed batches of matrices up to this size take the small-batch kernel. */
inline constexpr std::int64_t kMaxSmallBatchBytes = 8192;

/** Row pitch from which 8-byte elements take the diagonal tile order. */
inline constexpr std::int64_t kCampingPitchBytes = 128 * 1024;

/** The kernel `auto` runs, given shape, layout, element size and alignment flags. */
auto_path choose_automatic(const plan& p);

/** Fills the alignment flags and, for strategy::automatic, the auto path. */
plan finalize(plan p);

}  // namespace xpose::detail
