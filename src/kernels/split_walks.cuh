// A permutation of super-elements by cycle walks cut at split points (core/skinny_blocks.hpp:
// cycle_splits, follow_split_walk), for any cycle type with next(p) and a modulus such that
// positions 1 .. modulus - 1 are the ones that may move: the skinny blocks' super-element
// transpose (super_element_cycles) and the square grid's [M][d][N] -> [N][d][M]
// (square_grid_cycles).
//
// Two launches: the split points' super-elements are copied to the workspace, then every
// walk runs. A block of the walk launch tests a window of consecutive candidate positions,
// one per thread (split points start a walk with no test; the rest only when they lead a
// cycle without split points), and moves every piece of its walks: consecutive threads move
// consecutive pieces of one walk, so each step of a warp is a run of at least 128 bytes.
// Windows are sized for about one piece per thread. The launches chain with programmatic
// dependent launch (chain_with_neighbour_steps); the walk kernel tests its candidates for
// cycle leaders, which reads no matrix memory, before it waits for the save (30000 x 7000
// bytes, H200: 28.85 -> 29.25% of memcpy, within the run-to-run spread; session 39).
#pragma once

#include "chained_launch.cuh"
#include "kernel_attributes.hpp"
#include "super_element_pieces.hpp"

#include "../core/skinny_blocks.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

namespace xpose::detail {

constexpr int kSplitWalkThreads = 256;
/** Threads of the walk kernel's blocks when a walk has at most this many pieces. */
constexpr int kSmallWalkThreads = 128;

template <class C>
__global__ void __launch_bounds__(kSplitWalkThreads)
    save_split_points_kernel(const C* base, C* saved, std::int64_t pieces, cycle_splits splits) {
  chain_with_neighbour_steps();
  const std::int64_t n = splits.count * pieces;
  for (std::int64_t i = blockIdx.x * std::int64_t{kSplitWalkThreads} + threadIdx.x; i < n;
       i += std::int64_t{gridDim.x} * kSplitWalkThreads) {
    const std::int64_t j = i / pieces;
    saved[i] = base[splits.point(j) * pieces + (i - j * pieces)];
  }
}

/** Pieces a walk loads ahead in split_walk_kernel: 16 for 8-byte pieces, which holds them in 102
    registers and halves the dependent steps of the longest walks (the walks' pass is bound by
    them: 30000 x 7000 bytes, longest 565 runs against a mean of 64), kSplitWalkLookahead for the
    others: 16-byte pieces spilled at 16, and narrower ones only serve misaligned runs. H100,
    session31/lookahead: 30000 x 7000 bytes 0.460 -> 0.435 ms, 2500 x 7000 2-byte 0.147 ->
    0.132 ms; with 16 for 16-byte pieces 30000 x 7000 2-byte 0.862 -> 1.052 ms. */
template <class C>
constexpr int split_walk_lookahead = sizeof(C) == 8 ? 16 : kSplitWalkLookahead;

// 8 x 1024 / (Threads x lookahead) blocks per SM: 64 registers at kSplitWalkLookahead = 8 (sweep
// 18: 28.2% against 27.1% for 31 x 2M bytes with 16 pieces of 16 bytes ahead and two blocks of 256,
// and 45.3% against 41.6% for 16 x 4M bytes), 128 for 8-byte pieces at 16. SplitPoints: false
// leaves the split points' walks to split_point_walk_kernel.
template <class C, class Cycles, bool SplitPoints, int Threads>
__global__ void __launch_bounds__(Threads, 8 * 1024 / (Threads * split_walk_lookahead<C>))
    split_walk_kernel(C* base, const C* saved, int pieces, Cycles cycles, cycle_splits splits, int window) {
  __shared__ std::int64_t starts[Threads];
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  const std::int64_t p = 1 + std::int64_t{blockIdx.x} * window + threadIdx.x;
  if (static_cast<int>(threadIdx.x) < window && p < cycles.modulus &&
      (SplitPoints ? starts_walk(p, cycles, splits) : !splits.contains(p) && leads_unsplit_cycle(p, cycles, splits))) {
    starts[atomicAdd(&count, 1)] = p;
  }
  __syncthreads();
  chain_with_neighbour_steps();  // the leader tests above read no memory an earlier kernel writes
  const int items = count * pieces;
  for (int item = threadIdx.x; item < items; item += Threads) {
    const int l = item / pieces, piece = item - l * pieces;
    follow_split_walk<split_walk_lookahead<C>>(base + piece, saved + piece, pieces, starts[l], cycles, splits);
  }
}

constexpr int kSplitPointWalkThreads = 128;

// The walks from the split points, one warp per 32 pieces of one walk and a few warps per
// block, so that the hardware's block scheduler balances walks of very different lengths
// (a block retires when its walk ends, not when the longest walk of a window does).
template <class C, class Cycles>
__global__ void __launch_bounds__(kSplitPointWalkThreads, 8)
    split_point_walk_kernel(C* base, const C* saved, int pieces, int padded, Cycles cycles, cycle_splits splits) {
  chain_with_neighbour_steps();
  const std::int64_t t = std::int64_t{blockIdx.x} * kSplitPointWalkThreads + threadIdx.x;
  const std::int64_t j = t / padded;
  const int piece = static_cast<int>(t - j * padded);
  if (j >= splits.count || piece >= pieces) return;
  follow_split_walk(base + piece, saved + piece, pieces, splits.point(j), cycles, splits);
}

/** Permutes the super-elements (se_bytes each) of one matrix along `cycles`, cut at `splits`;
    `workspace` holds splits.count super-elements. `own_launch`: the split points' walks run
    in split_point_walk_kernel, the candidate windows find only the cycles without split
    points. */
template <class Cycles>
void launch_split_walks(unsigned char* matrix, unsigned char* workspace, std::int64_t se_bytes, const Cycles& cycles,
                        const cycle_splits& splits, bool own_launch, cudaStream_t stream) {
  const bool programmatic = has_programmatic_launch();
  with_piece({matrix, workspace}, se_bytes, [&](auto piece) {
    using C = decltype(piece);
    const std::int64_t pieces = se_bytes / static_cast<std::int64_t>(sizeof(C));
    C* base = reinterpret_cast<C*>(matrix);
    C* saved = reinterpret_cast<C*>(workspace);
    const std::int64_t saved_pieces = splits.count * pieces;
    if (saved_pieces > 0) {
      const std::int64_t blocks =
          std::min<std::int64_t>((saved_pieces + kSplitWalkThreads - 1) / kSplitWalkThreads, 4096);
      launch_overlapping_previous(programmatic, save_split_points_kernel<C>, dim3(static_cast<unsigned>(blocks)),
                                  dim3(kSplitWalkThreads), 0, stream, base, saved, pieces, splits);
    }
    // A window of `every` candidates holds one split point, a walk of `pieces` items. The fused
    // launch's windows hold as many split points as whole walks fit its block, so that no
    // thread moves two pieces one after the other, and walks of at most 128 pieces take blocks
    // of 128 threads: a block keeps its slot until its longest walk ends, so the fewer walks a
    // block holds, the less of it idles (sweep 44 runs 4-6, H100: 30000 x 7000 bytes +1.2%,
    // 14600 x 14700 fp32 +5%, 6000 x 4200 bytes +19%, 2400 x 1800 2-byte +20%, none lower).
    // Before, windows of every x 256 / pieces on 256 threads held one to three walks, and in
    // some blocks threads moved two pieces one after the other. The own launch's candidate
    // windows (walks of 4 KiB and more, moved by split_point_walk_kernel) keep that size.
    const std::int64_t candidates = cycles.modulus - 1;  // positions 1 .. modulus - 1
    const auto launch = [&](auto kernel, int threads) {
      const std::int64_t window =
          own_launch ? std::clamp<std::int64_t>((splits.every * threads + pieces - 1) / pieces, 1, threads)
                     : std::clamp<std::int64_t>(std::max<std::int64_t>(1, threads / pieces) * splits.every, 1, threads);
      const auto grid = static_cast<unsigned>((candidates + window - 1) / window);
      launch_overlapping_previous(programmatic, kernel, dim3(grid), dim3(threads), 0, stream, base, saved,
                                  static_cast<int>(pieces), cycles, splits, static_cast<int>(window));
    };
    if (!own_launch) {
      if (pieces <= kSmallWalkThreads) {
        launch(split_walk_kernel<C, Cycles, true, kSmallWalkThreads>, kSmallWalkThreads);
      } else {
        launch(split_walk_kernel<C, Cycles, true, kSplitWalkThreads>, kSplitWalkThreads);
      }
      return;
    }
    launch(split_walk_kernel<C, Cycles, false, kSplitWalkThreads>, kSplitWalkThreads);
    const std::int64_t padded = (pieces + 31) / 32 * 32, threads = splits.count * padded;
    if (threads > 0) {
      launch_overlapping_previous(programmatic, split_point_walk_kernel<C, Cycles>,
                                  dim3(static_cast<unsigned>((threads + kSplitPointWalkThreads - 1) / kSplitPointWalkThreads)),
                                  dim3(kSplitPointWalkThreads), 0, stream, base, saved, static_cast<int>(pieces),
                                  static_cast<int>(padded), cycles, splits);
    }
  });
}

}  // namespace xpose::detail
