// In-place square transpose by pairs of regions of register micro-tiles: no shared
// memory, one barrier per region pair.
//
// A micro-tile is V x V elements (V = W / sizeof(T)): V rows of one W-byte vector,
// transposed in registers by register_tile.cuh. A block owns a pair of S x S regions of
// micro-tiles, (I, J) and (J, I) with I < J, U micro-tiles per thread (1 for 16-byte
// rows), half the threads on each region. Every thread loads its micro-tiles, the block
// waits at a barrier, and every thread stores each transposed micro-tile into the mirror
// position, which lies in the other region. Each element is read and written by one block, which reads
// everything before it writes, so blocks need no ordering. On the diagonal (I == J) the
// region is its own mirror: the first half of the threads covers it and the rest idle.
//
// Lanes are laid out as in the out-of-place register tile: 4 micro-rows x 8 micro-columns
// per warp, so a warp loads 4 rows of 128 contiguous bytes and stores 8 rows of 64, whole
// 32-byte sectors on both sides (half that with 8-byte rows, whose sectors a neighbouring
// warp of the region completes). A thread holds its own micro-tiles; giving it the mirror
// micro-tile as well (no barrier at all) needs twice the registers, 210 for bytes, and
// measured 10-25 points slower (bench/results/h200/experiments/sweep9a_*).
//
// Needs W-byte aligned squares and rows of a multiple of W bytes (so n is a multiple of V).
// W = 16 normally; W = 8 (V = 8 / E, uint2 rows) for squares whose rows are only 8-byte
// aligned, such as the 1000 x 1000-byte squares of a 30000 x 7000 byte grid, which the
// scalar tiles moved at about a tenth of memcpy.
#pragma once

#include "register_tile.cuh"
#include "square_pairs.hpp"

#include <cstdint>
#include <type_traits>

namespace xpose::detail {

template <int S>
struct region_pair_shape {
  static_assert(S % 8 == 0, "a region is whole warps of 4 x 8 micro-tiles");
  static constexpr int kThreads = 2 * S * S;
};

template <int W>
using region_vector = std::conditional_t<W == 16, uint4, uint2>;

template <int W, bool STREAMING>
__device__ __forceinline__ region_vector<W> load_region_vector(const void* p) {
  if constexpr (W == 16) {
    return load16<STREAMING>(p);
  } else if constexpr (STREAMING) {
    return __ldcs(static_cast<const uint2*>(p));
  } else {
    return *static_cast<const uint2*>(p);
  }
}

template <int W, bool STREAMING>
__device__ __forceinline__ void store_region_vector(void* p, const region_vector<W>& v) {
  if constexpr (W == 16) {
    store16<STREAMING>(p, v);
  } else if constexpr (STREAMING) {
    __stcs(static_cast<uint2*>(p), v);
  } else {
    *static_cast<uint2*>(p) = v;
  }
}

// U micro-tiles per thread (a region's warp tiles dealt round-robin to S * S / 32 / U warps)
// keep U * V loads in flight: with 8-byte rows a micro-tile is only 64 bytes.
template <class T, int S, bool STREAMING, int W, int U, class Layout>
__global__ void __launch_bounds__(2 * S * S / U) inplace_region_pairs_kernel(T* data, std::int64_t batch, Layout layout,
                                                                              std::int64_t regions) {
  constexpr int E = sizeof(T), V = W / E, kRegionThreads = S * S / U, kWarpTiles = S * S / 32;
  static_assert(kWarpTiles % U == 0, "every warp takes the same number of warp tiles");
  const std::int64_t n = layout.n, ld = layout.ld();
  const std::int64_t nm = n / V;  // micro-tiles per side
  const int side = threadIdx.x / kRegionThreads, local = threadIdx.x % kRegionThreads;
  const int warp = local / 32, lane = local % 32;
  int pr[U], qc[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int tile = warp + u * (kWarpTiles / U);
    pr[u] = (tile / (S / 8)) * 4 + lane % 4;
    qc[u] = (tile % (S / 8)) * 8 + lane / 4;
  }
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t bi = blockIdx.y; bi < regions; bi += gridDim.y) {
      for (std::int64_t bj = blockIdx.x; bj < regions; bj += gridDim.x) {
        if (bj < bi) continue;  // the pair is owned by the block of (bi, bj), bi <= bj
        const std::int64_t rp = side == 0 ? bi : bj, rq = side == 0 ? bj : bi;
        const bool owner = side == 0 || bi != bj;
        region_vector<W> v[U][V];
#pragma unroll
        for (int u = 0; u < U; ++u) {
          const std::int64_t p = rp * S + pr[u], q = rq * S + qc[u];  // my micro-tile
          if (owner && p < nm && q < nm) {
            const T* src = mat + p * V * ld + q * V;
#pragma unroll
            for (int k = 0; k < V; ++k) v[u][k] = load_region_vector<W, STREAMING>(src + k * ld);
          }
        }
        // Both regions are in registers. No second barrier: this block's next pair is
        // disjoint from this one, and no other block touches either.
        __syncthreads();
#pragma unroll
        for (int u = 0; u < U; ++u) {
          const std::int64_t p = rp * S + pr[u], q = rq * S + qc[u];
          if (owner && p < nm && q < nm) {
            transpose_in_registers<E>(v[u]);
            T* dst = mat + q * V * ld + p * V;
#pragma unroll
            for (int k = 0; k < V; ++k) store_region_vector<W, STREAMING>(dst + k * ld, v[u][k]);
          }
        }
      }
    }
  }
}

// 8-byte rows, with the micro-tiles exchanged between lanes before the stores (sweep 43).
// With 8-byte rows the layout above loads rows of 64 bytes and stores rows of 32, each
// starting anywhere in a 32-byte sector, and the square pass of 30000 x 7000 bytes is bound
// by L2 (86% busy, DRAM 59%, Nsight Compute on the H100). Here a warp owns two 8 x 8 blocks
// of micro-tiles, U = 4 per lane: it loads each block as two 4 x 8 halves (lanes along the
// block's micro-columns: rows of 64 bytes), transposes them in registers, and stores it as two
// 8 x 4 halves of the mirror (lanes along the micro-rows: rows of 64 bytes again). A store
// half needs micro-tiles from both load halves, so each row of it takes two shuffles per
// 4-byte word, one from each half, and keeps the one its tile lives in.
template <class T, bool STREAMING, class Layout>
__global__ void __launch_bounds__(512) inplace_region_pairs_exchange_kernel(T* data, std::int64_t batch, Layout layout,
                                                                            std::int64_t regions) {
  constexpr int S = 32, E = sizeof(T), V = 8 / E;
  static_assert(E == 1 || E == 2, "8-byte micro-tile rows serve 1- and 2-byte elements");
  const std::int64_t n = layout.n, ld = layout.ld();
  const std::int64_t nm = n / V;  // micro-tiles per side
  const int side = threadIdx.x / 256, warp = threadIdx.x % 256 / 32, lane = threadIdx.x % 32;
  // Block j (of two) of this warp: 8 x 8 micro-tiles at (bp[j], bq[j]) of the region.
  const int bp[2] = {warp / 4 * 8, (warp + 8) / 4 * 8}, bq[2] = {warp % 4 * 8, (warp + 8) % 4 * 8};
  // Loads: half h holds micro-rows 4h .. 4h + 3, lane = 8 * (row - 4h) + column.
  const int load_p = lane / 8, load_q = lane % 8;
  // Stores: half h holds micro-columns 4h .. 4h + 3 of the block, lane = 8 * (column - 4h) + row;
  // that micro-tile (row, column) was loaded by lane 8 * (row % 4) + column into half row / 4.
  const int store_p = lane % 8, store_q = lane / 8;
  const int from_half = store_p / 4;
  // The pair loops as in the kernel above, written out (square_pairs.hpp says why).
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t bi = blockIdx.y; bi < regions; bi += gridDim.y) {
      for (std::int64_t bj = blockIdx.x; bj < regions; bj += gridDim.x) {
        if (bj < bi) continue;  // the pair is owned by the block of (bi, bj), bi <= bj
        const std::int64_t rp = side == 0 ? bi : bj, rq = side == 0 ? bj : bi;
        const bool owner = side == 0 || bi != bj;
        uint2 v[2][2][V];
#pragma unroll
        for (int j = 0; j < 2; ++j) {
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            const std::int64_t p = rp * S + bp[j] + 4 * h + load_p, q = rq * S + bq[j] + load_q;
            if (owner && p < nm && q < nm) {
              const T* src = mat + p * V * ld + q * V;
#pragma unroll
              for (int k = 0; k < V; ++k) v[j][h][k] = load_region_vector<8, STREAMING>(src + k * ld);
              transpose_in_registers<E>(v[j][h]);
            } else {
#pragma unroll
              for (int k = 0; k < V; ++k) v[j][h][k] = make_uint2(0, 0);
            }
          }
        }
        __syncthreads();
        if (owner) {  // whole warps: both sides are multiples of 32 threads
#pragma unroll
          for (int j = 0; j < 2; ++j) {
#pragma unroll
            for (int h = 0; h < 2; ++h) {
              const int row = store_p, col = 4 * h + store_q;
              const int from_lane = 8 * (row % 4) + col;
              const std::int64_t p = rp * S + bp[j] + row, q = rq * S + bq[j] + col;
              const bool valid = p < nm && q < nm;
              T* dst = mat + q * V * ld + p * V;
#pragma unroll
              for (int k = 0; k < V; ++k) {
                const unsigned x0 = __shfl_sync(0xFFFFFFFFu, v[j][0][k].x, from_lane);
                const unsigned y0 = __shfl_sync(0xFFFFFFFFu, v[j][0][k].y, from_lane);
                const unsigned x1 = __shfl_sync(0xFFFFFFFFu, v[j][1][k].x, from_lane);
                const unsigned y1 = __shfl_sync(0xFFFFFFFFu, v[j][1][k].y, from_lane);
                if (valid) store_region_vector<8, STREAMING>(dst + k * ld, from_half ? make_uint2(x1, y1) : make_uint2(x0, y0));
              }
            }
          }
        }
      }
    }
  }
}

/** The exchange kernel over `batch` squares of `layout` (rows 8-byte aligned). */
template <class T, bool STREAMING, class Layout>
void launch_inplace_region_pairs_exchange(T* data, std::int64_t batch, Layout layout, cudaStream_t stream) {
  const std::int64_t nm = layout.n / static_cast<std::int64_t>(8 / sizeof(T));
  const std::int64_t regions = (nm + 31) / 32;
  inplace_region_pairs_exchange_kernel<T, STREAMING, Layout>
      <<<owned_pair_grid(regions, batch), 512, 0, stream>>>(data, batch, layout, regions);
}

/** Launches the kernel over `batch` squares of `layout`; the caller checks the alignment. */
template <class T, int S, bool STREAMING, int W = 16, int U = 1, class Layout>
void launch_inplace_region_pairs(T* data, std::int64_t batch, Layout layout, cudaStream_t stream) {
  const std::int64_t nm = layout.n / static_cast<std::int64_t>(W / sizeof(T));
  const std::int64_t regions = (nm + S - 1) / S;
  const dim3 grid = owned_pair_grid(regions, batch);
  inplace_region_pairs_kernel<T, S, STREAMING, W, U, Layout>
      <<<grid, region_pair_shape<S>::kThreads / U, 0, stream>>>(data, batch, layout, regions);
}

}  // namespace xpose::detail
