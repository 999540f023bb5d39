// In-place square transpose by pairs of regions of register micro-tiles: no shared
// memory, one barrier per region pair.
//
// A micro-tile is V x V elements (V = 16 / sizeof(T)): V rows of one 16-byte vector,
// transposed in registers by register_tile.cuh. A block owns a pair of S x S regions of
// micro-tiles, (I, J) and (J, I) with I < J, one thread per micro-tile, half the threads
// on each region. Every thread loads its micro-tile, the block waits at a barrier, and
// every thread stores its transposed micro-tile into the mirror position, which lies in
// the other region. Each element is read and written by one block, which reads
// everything before it writes, so blocks need no ordering. On the diagonal (I == J) the
// region is its own mirror: the first half of the threads covers it and the rest idle.
//
// Lanes are laid out as in the out-of-place register tile: 4 micro-rows x 8 micro-columns
// per warp, so a warp loads 4 rows of 128 contiguous bytes and stores 8 rows of 64, whole
// 32-byte sectors on both sides. A thread holds one micro-tile; giving it the mirror
// micro-tile as well (no barrier at all) needs twice the registers, 210 for bytes, and
// measured 10-25 points slower (bench/results/h200/experiments/sweep9a_*).
//
// Needs 16-byte aligned squares and rows of a multiple of 16 bytes (so n is a multiple of V).
#pragma once

#include "register_tile.cuh"
#include "square_pairs.hpp"

#include <cstdint>

namespace xpose::detail {

template <int S>
struct region_pair_shape {
  static_assert(S % 8 == 0, "a region is whole warps of 4 x 8 micro-tiles");
  static constexpr int kThreads = 2 * S * S;
};

template <class T, int S, bool STREAMING, class Layout>
__global__ void __launch_bounds__(2 * S * S) inplace_region_pairs_kernel(T* data, std::int64_t batch, Layout layout,
                                                                          std::int64_t regions) {
  constexpr int E = sizeof(T), V = 16 / E;
  const std::int64_t n = layout.n, ld = layout.ld();
  const std::int64_t nm = n / V;  // micro-tiles per side
  const int side = threadIdx.x / (S * S), local = threadIdx.x % (S * S);
  const int warp = local / 32, lane = local % 32;
  const int pr = (warp / (S / 8)) * 4 + lane % 4, qc = (warp % (S / 8)) * 8 + lane / 4;
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t bi = blockIdx.y; bi < regions; bi += gridDim.y) {
      for (std::int64_t bj = blockIdx.x; bj < regions; bj += gridDim.x) {
        if (bj < bi) continue;  // the pair is owned by the block of (bi, bj), bi <= bj
        const std::int64_t rp = side == 0 ? bi : bj, rq = side == 0 ? bj : bi;
        const std::int64_t p = rp * S + pr, q = rq * S + qc;  // my micro-tile
        const bool active = p < nm && q < nm && (side == 0 || bi != bj);
        uint4 v[V];
        if (active) {
          const T* src = mat + p * V * ld + q * V;
#pragma unroll
          for (int k = 0; k < V; ++k) v[k] = load16<STREAMING>(src + k * ld);
        }
        // Both regions are in registers. No second barrier: this block's next pair is
        // disjoint from this one, and no other block touches either.
        __syncthreads();
        if (active) {
          transpose_in_registers<E>(v);
          T* dst = mat + q * V * ld + p * V;
#pragma unroll
          for (int k = 0; k < V; ++k) store16<STREAMING>(dst + k * ld, v[k]);
        }
      }
    }
  }
}

/** Launches the kernel over `batch` squares of `layout`; the caller checks the alignment. */
template <class T, int S, bool STREAMING, class Layout>
void launch_inplace_region_pairs(T* data, std::int64_t batch, Layout layout, cudaStream_t stream) {
  const std::int64_t nm = layout.n / static_cast<std::int64_t>(16 / sizeof(T));
  const std::int64_t regions = (nm + S - 1) / S;
  const dim3 grid = owned_pair_grid(regions, batch);
  inplace_region_pairs_kernel<T, S, STREAMING, Layout>
      <<<grid, region_pair_shape<S>::kThreads, 0, stream>>>(data, batch, layout, regions);
}

}  // namespace xpose::detail
