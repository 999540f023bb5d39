// In-place square transpose by pairs of shared-memory tiles of 16-byte rows, for elements of
// 4 to 16 bytes (1 and 2 bytes take inplace_region_pairs.cuh); inplace_square.cu launches it.
#pragma once

#include "square_pairs.hpp"
#include "vectorized_tile.cuh"

#include <cstdint>
#include <type_traits>

namespace xpose::detail {

/** Threads per block of the 16-byte vector tile pairs (launch_squares in inplace_square.cu says why). */
inline constexpr int kVectorThreads = 128;

// Tile pairs (inplace_square.cu) with the out-of-place vectorized tile's layout (vectorized_tile.cuh):
// tiles of 16-byte rows (128 x 128 bytes for 1-byte elements ... 32 x 32 for 16-byte ones),
// each thread moving whole 16-byte vectors, which the scalar 32 x 32 tile cannot keep up
// with for small elements. Needs 16-byte aligned rows (n a multiple of V). Edge pairs: scalar
// loops for packed squares; masked vectors for a square grid's (the scalar loops cost its
// 1000 x 1000 squares 7% of their pass, sweep 28).
// A 1-D grid of the owned pairs only (upper_triangle_pair; PB > 0: blocked_pair's grid of
// PB x PB super-pairs), kVectorThreads threads each.
template <class T, int TILE, class Layout, bool MASKED = std::is_same_v<Layout, grid_squares>, int PB = 0>
__global__ void __launch_bounds__(kVectorThreads)
    inplace_square_vector_kernel(T* data, std::int64_t batch, Layout layout, std::int64_t tiles) {
  const std::int64_t n = layout.n, ld = layout.ld();
  constexpr int E = sizeof(T), V = 16 / E, VPR = TILE / V, PER_THREAD = TILE * VPR / kVectorThreads;
  static_assert(VPR % 8 == 0 && (TILE * VPR) % kVectorThreads == 0, "tile shape must fit the warp layout");
  union pack {
    uint4 v;
    T e[V];
  };
  __shared__ T a[TILE][TILE + 1];
  __shared__ T b[TILE][TILE + 1];
  const std::int64_t pairs = PB > 0 ? blocked_pair_blocks(tiles, PB > 0 ? PB : 1) : tiles * (tiles + 1) / 2;
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t x = blockIdx.x; x < pairs; x += gridDim.x) {
      std::int64_t i, j;  // i <= j
      if constexpr (PB > 0) {
        if (!blocked_pair(x, tiles, PB, i, j)) continue;
      } else {
        upper_triangle_pair(x, tiles, i, j);
      }
      const std::int64_t r0 = i * TILE, c0 = j * TILE;
      // A = rows r0.., cols c0.. and B = rows c0.., cols r0.., each clipped to the matrix:
      // a_rows x a_cols and a_cols x a_rows. n is a multiple of V (16-byte rows), so every
      // vector is wholly inside or outside. MASKED: edge pairs take the vectors with masks;
      // otherwise scalar loops (the masks cost the packed squares' 4-byte kernel 74 -> 98
      // registers and a block per SM: 4096^2 0.96 -> 0.92 of out-of-place).
      const bool diagonal = i == j, vectors = MASKED || c0 + TILE <= n;  // r0 <= c0
      const int a_rows = static_cast<int>(min(std::int64_t{TILE}, n - r0));
      const int a_cols = static_cast<int>(min(std::int64_t{TILE}, n - c0));
      auto in_a = [&](int row, int vc) { return !MASKED || (row < a_rows && vc * V < a_cols); };
      auto in_b = [&](int row, int vc) { return !MASKED || (row < a_cols && vc * V < a_rows); };
      // Stage A and B (all loads before any store).
      if (vectors) {
        uint4 va[PER_THREAD], vb[PER_THREAD];
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
          int row, vc;
          slot_position<VPR>(threadIdx.x + k * kVectorThreads, row, vc);
          if (in_a(row, vc)) va[k] = *reinterpret_cast<const uint4*>(mat + (r0 + row) * ld + c0 + vc * V);
          if (!diagonal && in_b(row, vc)) vb[k] = *reinterpret_cast<const uint4*>(mat + (c0 + row) * ld + r0 + vc * V);
        }
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
          int row, vc;
          slot_position<VPR>(threadIdx.x + k * kVectorThreads, row, vc);
          pack pa, pb;
          pa.v = va[k];
          pb.v = vb[k];
#pragma unroll
          for (int e = 0; e < V; ++e) {
            a[row][vc * V + e] = pa.e[e];
            if (!diagonal) b[row][vc * V + e] = pb.e[e];
          }
        }
      } else {
        for (int k = threadIdx.x; k < TILE * TILE; k += kVectorThreads) {
          const int row = k / TILE, col = k % TILE;
          if (r0 + row < n && c0 + col < n) a[row][col] = mat[(r0 + row) * ld + c0 + col];
          if (!diagonal && c0 + row < n && r0 + col < n) b[row][col] = mat[(c0 + row) * ld + r0 + col];
        }
      }
      __syncthreads();
      // A^T goes to rows c0.., cols r0..; B^T (A^T again on the diagonal) to rows r0.., cols c0...
      if (vectors) {
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
          int orow, ovc;
          slot_position<VPR>(threadIdx.x + k * kVectorThreads, orow, ovc);
          pack pa, pb;
#pragma unroll
          for (int e = 0; e < V; ++e) {
            pa.e[e] = a[ovc * V + e][orow];
            if (!diagonal) pb.e[e] = b[ovc * V + e][orow];
          }
          if (in_b(orow, ovc)) *reinterpret_cast<uint4*>(mat + (c0 + orow) * ld + r0 + ovc * V) = pa.v;
          if (!diagonal && in_a(orow, ovc)) *reinterpret_cast<uint4*>(mat + (r0 + orow) * ld + c0 + ovc * V) = pb.v;
        }
      } else {
        for (int k = threadIdx.x; k < TILE * TILE; k += kVectorThreads) {
          const int row = k / TILE, col = k % TILE;
          if (c0 + row < n && r0 + col < n) mat[(c0 + row) * ld + r0 + col] = a[col][row];
          if (!diagonal && r0 + row < n && c0 + col < n) mat[(r0 + row) * ld + c0 + col] = b[col][row];
        }
      }
      __syncthreads();
    }
  }
}

}  // namespace xpose::detail
