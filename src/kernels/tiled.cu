// Rungs 3, 4 and 6 of the ladder: a block stages a square tile in shared memory so that
// both the global read (along input rows) and the global write (along output rows) are
// coalesced; the transpose itself happens in the shared-memory addressing.
//   PAD = 0: a tile column lies in one bank, so the transposed read is a 32-way conflict.
//   PAD = 1: row stride TILE + 1 puts consecutive rows of a column in consecutive banks
//            (for 1- to 16-byte elements alike, see docs/ladder.md).
//   DIAGONAL: blocks visit tiles in diagonal order instead of row order.
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"

namespace xpose::detail {
namespace {

// One tile: coalesced rows of `in` into shared memory, then coalesced rows of `out` read
// down the tile's columns. Interior tiles skip the per-element bounds checks.
template <class T, int TILE, int BLOCK_ROWS, int PAD>
__device__ __forceinline__ void transpose_tile(const matrix_view<T>& m, const tile_coord& at,
                                               T (&tile)[TILE][TILE + PAD]) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const bool interior = at.r0 + TILE <= m.rows && at.c0 + TILE <= m.cols;
  const T* src = m.in_row(at.b, at.r0 + ty) + at.c0 + tx;
  if (interior) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) tile[ty + j][tx] = src[j * m.ld_in];
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
    for (int j = 0; j < TILE; j += BLOCK_ROWS) dst[j * m.ld_out] = tile[tx][ty + j];
  } else {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      if (at.c0 + ty + j < m.cols && at.r0 + tx < m.rows) dst[j * m.ld_out] = tile[tx][ty + j];
    }
  }
  __syncthreads();  // the next tile reuses the shared buffer
}

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool DIAGONAL>
__global__ void __launch_bounds__(TILE* BLOCK_ROWS) tiled_kernel(matrix_view<T> m, tiling g) {
  __shared__ T tile[TILE][TILE + PAD];
  auto body = [&](const tile_coord& at) { transpose_tile<T, TILE, BLOCK_ROWS, PAD>(m, at, tile); };
  if constexpr (DIAGONAL) {
    g.for_each_tile_diagonal(body);
  } else {
    g.for_each_tile(body);
  }
}

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool DIAGONAL>
void run(const plan& p, const char* name) {
  const tiling g = make_tiling(p, TILE, TILE);
  tiled_kernel<T, TILE, BLOCK_ROWS, PAD, DIAGONAL>
      <<<grid_for(g), dim3(TILE, BLOCK_ROWS), 0, p.stream>>>(make_view<T>(p), g);
  check_launch(name);
}

}  // namespace

template <class T>
void launch_tiled(const plan& p) {
  switch (p.kernel) {
    case strategy::tiled: return run<T, 32, 8, 0, false>(p, "tiled");
    case strategy::diagonal: return run<T, 32, 8, 1, true>(p, "diagonal");
    default: break;
  }
  switch (p.tile) {
    case tile_config::tile32_block32x32: return run<T, 32, 32, 1, false>(p, "tiled_padded 32x32/32x32");
    case tile_config::tile16x16: return run<T, 16, 16, 1, false>(p, "tiled_padded 16x16");
    case tile_config::tile32_block32x8:
    default: return run<T, 32, 8, 1, false>(p, "tiled_padded 32x32/32x8");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_tiled<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
