// The shared-memory tile kernels of ladder rungs 3, 4 and 6 (tiled, tiled_padded,
// diagonal), as templates shared by src/kernels/tiled.cu and the kernel sweep.
//   PAD = 0: a tile column lies in one bank, so the transposed read is a 32-way conflict.
//   PAD = 1: each row is padded by one 4-byte bank word (one element for 4- to 16-byte
//            elements, 4 for bytes, 2 for 2-byte elements), so consecutive rows of a
//            column fall in consecutive banks (docs/ladder.md; one element of padding leaves
//            1- and 2-byte tiles 2-way conflicted in most columns).
//   DIAGONAL: blocks visit tiles in diagonal order instead of row order.
//   STREAMING: evict-first cache hints on the interior tiles' global accesses.
//   LOAD: in_load::fetch_256 has the interior loads fetch whole 256-byte blocks into L2, for
//         input rows off 256-byte boundaries (global_load.cuh).
#pragma once

#include "global_load.cuh"
#include "matrix_view.cuh"

namespace xpose::detail {

template <bool STREAMING, class T>
__device__ __forceinline__ T load_element(const T* p) {
  if constexpr (STREAMING && (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) == sizeof(T)) {
    return __ldcs(p);
  } else {
    return *p;
  }
}

/** An interior tile's input load: the kernel's own (load_element) or, for input rows off
 *  256-byte boundaries, one that fetches the whole 256-byte block (global_load.cuh). */
template <in_load LOAD, bool STREAMING, class T>
__device__ __forceinline__ T load_interior(const T* p) {
  if constexpr (LOAD == in_load::fetch_256) {
    return load_element_fetch_256(p);
  } else {
    return load_element<STREAMING>(p);
  }
}

template <bool STREAMING, class T>
__device__ __forceinline__ void store_element(T* p, const T& v) {
  if constexpr (STREAMING && (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) == sizeof(T)) {
    __stcs(p, v);
  } else {
    *p = v;
  }
}

// One tile: coalesced rows of `in` into shared memory, then coalesced rows of `out` read
// down the tile's columns. Interior tiles skip the per-element bounds checks.
/** Elements of padding per tile row for PAD bank words of padding. */
template <class T, int PAD>
inline constexpr int pad_elements = PAD * (sizeof(T) >= 4 ? 1 : 4 / static_cast<int>(sizeof(T)));

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool STREAMING = false, in_load LOAD = in_load::hinted>
__device__ __forceinline__ void transpose_tile(const matrix_view<T>& m, const tile_coord& at,
                                               T (&tile)[TILE][TILE + pad_elements<T, PAD>]) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const bool interior = at.r0 + TILE <= m.rows && at.c0 + TILE <= m.cols;
  const T* src = m.in_row(at.b, at.r0 + ty) + at.c0 + tx;
  if (interior) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) tile[ty + j][tx] = load_interior<LOAD, STREAMING>(src + j * m.ld_in);
  } else {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      if (at.r0 + ty + j < m.rows && at.c0 + tx < m.cols) tile[ty + j][tx] = src[j * m.ld_in];
    }
  }
  __syncthreads();
  // Output row = input column c0 + ty + j; output column = input row r0 + tx.
  T* dst = m.out_row(at.b, at.c0 + ty) + at.r0 + tx;
  if (interior) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) store_element<STREAMING>(dst + j * m.ld_out, tile[tx][ty + j]);
  } else {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      if (at.c0 + ty + j < m.cols && at.r0 + tx < m.rows) dst[j * m.ld_out] = tile[tx][ty + j];
    }
  }
  __syncthreads();  // the next tile reuses the shared buffer
}

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool DIAGONAL, bool STREAMING = false,
          in_load LOAD = in_load::hinted>
__global__ void __launch_bounds__(TILE* BLOCK_ROWS) tiled_kernel(matrix_view<T> m, tiling g) {
  __shared__ T tile[TILE][TILE + pad_elements<T, PAD>];
  auto body = [&](const tile_coord& at) { transpose_tile<T, TILE, BLOCK_ROWS, PAD, STREAMING, LOAD>(m, at, tile); };
  if constexpr (DIAGONAL) {
    g.for_each_tile_diagonal(body);
  } else {
    g.for_each_tile(body);
  }
}

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool DIAGONAL, bool STREAMING = false,
          in_load LOAD = in_load::hinted>
void launch_tiled_variant(const plan& p) {
  const tiling g = make_tiling(p, TILE, TILE, p.order);
  tiled_kernel<T, TILE, BLOCK_ROWS, PAD, DIAGONAL, STREAMING, LOAD>
      <<<grid_for(g), dim3(TILE, BLOCK_ROWS), 0, p.stream>>>(make_view<T>(p), g);
}

}  // namespace xpose::detail
