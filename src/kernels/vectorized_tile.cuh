// The padded shared-memory tile with 16-byte global accesses (ladder rung 5), as a
// template over tile size and block size; src/kernels/vectorized.cu picks the
// configuration per element size.
//
// A thread loads V = 16 / sizeof(T) consecutive elements of an input row as one 16-byte
// vector and later stores V consecutive elements of an output row (gathered from a tile
// column) as one 16-byte vector. A warp covers 8 vectors x 4 rows, so each global access
// is four 128-byte runs and the scalar shared-memory traffic stays bank-conflict free.
// Rows that are not 16-byte aligned use scalar accesses; partial tiles move their whole
// vectors as vectors and the rest element by element. LOAD =
// in_load::fetch_256 has the interior loads fetch whole 256-byte blocks into L2, for input
// rows off 256-byte boundaries (global_load.cuh).
#pragma once

#include "element_types.hpp"
#include "global_load.cuh"
#include "matrix_view.cuh"
#include "../core/plan.hpp"

namespace xpose::detail {

template <int E>
__host__ __device__ constexpr int tile_for() {
  return E == 1 ? 128 : (E >= 8 ? 32 : 64);  // 2 to 4 vectors per thread
}

// Resident blocks per SM the register budget must allow (64 registers a thread for 4).
// Byte elements need more registers to unpack 16 bytes per vector without spilling.
template <int E>
__host__ __device__ constexpr int min_blocks_for() {
  return E == 1 ? 3 : 4;
}

/** Vector slot -> (row within the tile, vector column); a warp spans 8 vectors x 4 rows. */
template <int VPR>
__device__ __forceinline__ void slot_position(int slot, int& row, int& vcol) {
  constexpr int chunks_x = VPR / 8;
  const int lane = slot & 31, warp = slot >> 5;
  vcol = (warp % chunks_x) * 8 + (lane & 7);
  row = (warp / chunks_x) * 4 + (lane >> 3);
}

/** A TR x TC tile (TR input rows, TC input columns): input row runs of TC elements, output
 *  row runs of TR. */
template <class T, int TR, int TC, int kThreads, bool STREAMING = false, in_load LOAD = in_load::hinted>
__device__ __forceinline__ void vectorized_tile(const matrix_view<T>& m, const tile_coord& at, bool vec_in,
                                                bool vec_out, bool stream_edges, T (&tile)[TR][TC + 1]) {
  constexpr int E = sizeof(T), V = 16 / E, VPR_IN = TC / V, VPR_OUT = TR / V;
  constexpr int PER_THREAD_IN = TR * VPR_IN / kThreads, PER_THREAD_OUT = TC * VPR_OUT / kThreads;
  static_assert(VPR_IN % 8 == 0 && VPR_OUT % 8 == 0 && (TR * VPR_IN) % kThreads == 0 && (TC * VPR_OUT) % kThreads == 0,
                "tile shape must fit the warp layout");
  union pack {
    uint4 v;
    T e[V];
  };
    const bool interior = at.r0 + TR <= m.rows && at.c0 + TC <= m.cols;

    if (vec_in && interior) {
      uint4 v[PER_THREAD_IN];  // all loads issued before the first shared-memory store
#pragma unroll
      for (int k = 0; k < PER_THREAD_IN; ++k) {
        int row, vc;
        slot_position<VPR_IN>(threadIdx.x + k * kThreads, row, vc);
        const void* src = m.in_row(at.b, at.r0 + row) + at.c0 + vc * V;
        v[k] = load16_interior<LOAD, STREAMING>(src);
      }
#pragma unroll
      for (int k = 0; k < PER_THREAD_IN; ++k) {
        int row, vc;
        slot_position<VPR_IN>(threadIdx.x + k * kThreads, row, vc);
        pack p;
        p.v = v[k];
#pragma unroll
        for (int e = 0; e < V; ++e) tile[row][vc * V + e] = p.e[e];
      }
    } else {
      // Edge tiles: a vector wholly inside the matrix still moves as one 16-byte access, so a
      // narrow side's last partial tile (80 fp32 columns: 32 + 32 + 16) is not element by
      // element. Evict-first only where no sector is shared with a neighbouring tile
      // (core/plan.hpp: stream_edge_vectors).
#pragma unroll
      for (int k = 0; k < PER_THREAD_IN; ++k) {
        int row, vc;
        slot_position<VPR_IN>(threadIdx.x + k * kThreads, row, vc);
        const std::int64_t r = at.r0 + row, c = at.c0 + vc * V;
        if (r >= m.rows) continue;
        const T* src = m.in_row(at.b, r) + c;
        if constexpr (has_vector_path<T>) {
          if (vec_in && c + V <= m.cols) {
            pack p;
            p.v = STREAMING && stream_edges ? load16<true>(src) : load16<false>(src);
#pragma unroll
            for (int e = 0; e < V; ++e) tile[row][vc * V + e] = p.e[e];
            continue;
          }
        }
#pragma unroll
        for (int e = 0; e < V; ++e) {
          if (c + e < m.cols) tile[row][vc * V + e] = src[e];
        }
      }
    }
    __syncthreads();

    // Output tile row `orow` is input column c0 + orow; its vector `ovc` covers input
    // rows r0 + ovc * V ... + V - 1, i.e. a V-element column segment of the tile.
    const bool fast_out = vec_out && interior;
#pragma unroll
    for (int k = 0; k < PER_THREAD_OUT; ++k) {
      int orow, ovc;
      slot_position<VPR_OUT>(threadIdx.x + k * kThreads, orow, ovc);
      pack p;
#pragma unroll
      for (int e = 0; e < V; ++e) p.e[e] = tile[ovc * V + e][orow];
      const std::int64_t oc = at.c0 + orow;
      if (fast_out) {
        auto* dst = reinterpret_cast<uint4*>(m.out_row(at.b, oc) + at.r0 + ovc * V);
        if constexpr (STREAMING) {
          __stcs(dst, p.v);
        } else {
          *dst = p.v;
        }
      } else if (has_vector_path<T> && vec_out && oc < m.cols && at.r0 + (ovc + 1) * V <= m.rows) {
        auto* dst = reinterpret_cast<uint4*>(m.out_row(at.b, oc) + at.r0 + ovc * V);
        if (STREAMING && stream_edges) {
          __stcs(dst, p.v);
        } else {
          *dst = p.v;
        }
      } else if (oc < m.cols) {
        T* dst = m.out_row(at.b, oc);
#pragma unroll
        for (int e = 0; e < V; ++e) {
          const std::int64_t r = at.r0 + ovc * V + e;
          if (r < m.rows) dst[r] = p.e[e];
        }
      }
    }
    __syncthreads();  // the next tile reuses the shared buffer
}

// The minimum-blocks bound keeps enough 16-byte loads in flight per SM; without it the
// compiler spends registers on unrolled 64-bit addressing and occupancy drops.
template <class T, int TR, int TC, int THREADS, int MIN_BLOCKS, bool STREAMING, in_load LOAD = in_load::hinted>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS)
    vectorized_kernel(matrix_view<T> m, tiling g, bool vec_in, bool vec_out, bool stream_edges) {
  __shared__ T tile[TR][TC + 1];
  g.for_each_tile([&](const tile_coord& at) {
    vectorized_tile<T, TR, TC, THREADS, STREAMING, LOAD>(m, at, vec_in, vec_out, stream_edges, tile);
  });
}

/** TR x TC tiles (TR input rows, TC input columns). */
template <class T, int TR, int TC, int THREADS, int MIN_BLOCKS, bool STREAMING = false,
          in_load LOAD = in_load::hinted>
void launch_vectorized_variant(const plan& p) {
  const tiling g = make_tiling(p, TR, TC, p.order);
  vectorized_kernel<T, TR, TC, THREADS, MIN_BLOCKS, STREAMING, LOAD>
      <<<grid_for(g), THREADS, 0, p.stream>>>(make_view<T>(p), g, p.vec_in, p.vec_out, stream_edge_vectors(p));
}

}  // namespace xpose::detail
