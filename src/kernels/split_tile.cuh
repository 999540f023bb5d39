// A shared-memory tile that is larger than its shared buffer: every load of a TILE_R x
// TILE_C tile is issued into registers first (LOADS per thread in flight), then the tile
// goes through a PASS_R x (TILE_C + 1) padded buffer in TILE_R / PASS_R passes. The small
// buffer keeps 8 blocks of 256 threads resident per SM, so an SM has far more loads in
// flight than with a whole-tile buffer of the same tile size. Scalar element accesses
// only: this is the kernel for rows that are not 16-byte aligned.
#pragma once

#include "matrix_view.cuh"
#include "tiled_tile.cuh"

namespace xpose::detail {

template <class T, int TILE_R, int TILE_C, int PASS_R, int MIN_BLOCKS, bool ONE_TILE, in_load LOAD = in_load::hinted>
__global__ void __launch_bounds__(256, MIN_BLOCKS) split_tile_kernel(matrix_view<T> m, tiling g) {
  constexpr int THREADS = 256, ROWS_PER_STEP = THREADS / TILE_C, LOADS = TILE_R / ROWS_PER_STEP;
  constexpr int PASSES = TILE_R / PASS_R, LOADS_PER_PASS = LOADS / PASSES;
  constexpr int OUT_PER_PASS = PASS_R * TILE_C / THREADS;
  static_assert(THREADS % TILE_C == 0 && TILE_R % ROWS_PER_STEP == 0 && TILE_R % PASS_R == 0, "tile shape");
  static_assert(PASS_R % ROWS_PER_STEP == 0 && (PASS_R * TILE_C) % THREADS == 0 && PASS_R <= 32, "pass shape");
  __shared__ T buf[PASS_R][TILE_C + pad_elements<T, 1>];
  const int tid = threadIdx.x, tx = tid % TILE_C, ty = tid / TILE_C;
  // Read-out position: consecutive threads take consecutive input rows of one tile column,
  // i.e. consecutive elements of one output row.
  const int orow = tid % PASS_R, ocol = tid / PASS_R;
  constexpr int OCOL_STEP = THREADS / PASS_R;

  auto body = [&](const tile_coord& at) {
    const bool interior = at.r0 + TILE_R <= m.rows && at.c0 + TILE_C <= m.cols;
    T v[LOADS];
    const T* src = m.in_row(at.b, at.r0 + ty) + at.c0 + tx;
    const std::int64_t step = static_cast<std::int64_t>(ROWS_PER_STEP) * m.ld_in;
    if (interior) {
#pragma unroll
      for (int k = 0; k < LOADS; ++k) v[k] = load_interior<LOAD, true>(src + k * step);
    } else {
      const int rows_left = static_cast<int>((m.rows - at.r0 < TILE_R ? m.rows - at.r0 : TILE_R)) - ty;
      const bool col_ok = at.c0 + tx < m.cols;
#pragma unroll
      for (int k = 0; k < LOADS; ++k) {
        if (col_ok && k * ROWS_PER_STEP < rows_left) v[k] = src[k * step];
      }
    }
#pragma unroll
    for (int pass = 0; pass < PASSES; ++pass) {
#pragma unroll
      for (int k = 0; k < LOADS_PER_PASS; ++k) buf[ty + k * ROWS_PER_STEP][tx] = v[pass * LOADS_PER_PASS + k];
      __syncthreads();
      const std::int64_t r = at.r0 + pass * PASS_R + orow;
      T* dst = m.out_row(at.b, at.c0 + ocol) + r;
      const std::int64_t ostep = static_cast<std::int64_t>(OCOL_STEP) * m.ld_out;
      if (interior) {
#pragma unroll
        for (int k = 0; k < OUT_PER_PASS; ++k) store_element<true>(dst + k * ostep, buf[orow][ocol + k * OCOL_STEP]);
      } else if (r < m.rows) {
        const int cols_left = static_cast<int>((m.cols - at.c0 < TILE_C ? m.cols - at.c0 : TILE_C)) - ocol;
#pragma unroll
        for (int k = 0; k < OUT_PER_PASS; ++k) {
          if (k * OCOL_STEP < cols_left) dst[k * ostep] = buf[orow][ocol + k * OCOL_STEP];
        }
      }
      __syncthreads();
    }
  };
  if constexpr (ONE_TILE) {  // the grid covers every tile: no loop state to keep live
    const bool by_columns = g.order == tile_order::columns;
    const unsigned tr = by_columns ? blockIdx.x : blockIdx.y, tc = by_columns ? blockIdx.y : blockIdx.x;
    body(tile_coord{blockIdx.z, static_cast<std::int64_t>(tr) * TILE_R, static_cast<std::int64_t>(tc) * TILE_C});
  } else {
    g.for_each_tile(body);
  }
}

template <class T, int TILE_R, int TILE_C, int PASS_R, int MIN_BLOCKS, in_load LOAD = in_load::hinted>
void launch_split_tile(const plan& p) {
  const tiling g = make_tiling(p, TILE_R, TILE_C, p.order);
  const dim3 grid = grid_for(g);
  const bool by_columns = g.order == tile_order::columns;
  if (grid.x == (by_columns ? g.tiles_r : g.tiles_c) && grid.y == (by_columns ? g.tiles_c : g.tiles_r) &&
      grid.z == g.batch) {
    split_tile_kernel<T, TILE_R, TILE_C, PASS_R, MIN_BLOCKS, true, LOAD><<<grid, 256, 0, p.stream>>>(make_view<T>(p), g);
  } else {
    split_tile_kernel<T, TILE_R, TILE_C, PASS_R, MIN_BLOCKS, false, LOAD><<<grid, 256, 0, p.stream>>>(make_view<T>(p), g);
  }
}

}  // namespace xpose::detail
