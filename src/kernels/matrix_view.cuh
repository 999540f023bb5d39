// Device-side view of a strided batch of matrices and the mapping from a linear tile
// index to (matrix, tile row, tile column). Kernels loop over tiles with a grid stride,
// so any 64-bit shape fits in a launch whatever the grid limits.
#pragma once

#include "../core/problem.hpp"

#include <cstdint>

namespace xpose::detail {

template <class T>
struct matrix_view {
  const T* __restrict__ in;
  T* __restrict__ out;
  std::int64_t rows, cols, ld_in, ld_out, stride_in, stride_out;

  __device__ const T* in_row(std::int64_t b, std::int64_t r) const { return in + b * stride_in + r * ld_in; }
  __device__ T* out_row(std::int64_t b, std::int64_t c) const { return out + b * stride_out + c * ld_out; }
};

template <class T>
matrix_view<T> make_view(const plan& p) {
  return {static_cast<const T*>(p.in), static_cast<T*>(p.out), p.rows,   p.cols,
          p.ld_in,                     p.ld_out,               p.stride_in, p.stride_out};
}

/** A tile's coordinates: matrix index and the tile's first input row and column. */
struct tile_coord {
  std::int64_t b, r0, c0;
};

/** Covers each matrix with tile_rows x tile_cols tiles (in input coordinates). */
struct tiling {
  std::int64_t tiles_r, tiles_c, per_matrix, total;
  int tile_rows, tile_cols;
  bool fits32;  // every index fits 32 bits: use cheap 32-bit division

  /** Row-major tile order: consecutive blocks walk along an input row of tiles. */
  __device__ tile_coord at(std::int64_t t) const {
    std::int64_t b, tr, tc;
    if (fits32) {
      const auto u = static_cast<std::uint32_t>(t), pm = static_cast<std::uint32_t>(per_matrix);
      const std::uint32_t in_matrix = u % pm;
      b = u / pm;
      tr = in_matrix / static_cast<std::uint32_t>(tiles_c);
      tc = in_matrix % static_cast<std::uint32_t>(tiles_c);
    } else {
      b = t / per_matrix;
      const std::int64_t in_matrix = t - b * per_matrix;
      tr = in_matrix / tiles_c;
      tc = in_matrix - tr * tiles_c;
    }
    return {b, tr * tile_rows, tc * tile_cols};
  }

  /**
   * Diagonal order (Ruetsch and Micikevicius): the k-th block of a matrix takes tile row
   * k mod tiles_r and tile column (k / tiles_r + k mod tiles_r) mod tiles_c, a bijection
   * that spreads simultaneously running blocks over different rows and columns.
   */
  __device__ tile_coord diagonal_at(std::int64_t t) const {
    const std::int64_t b = t / per_matrix;
    const std::int64_t k = t - b * per_matrix;
    const std::int64_t tr = k % tiles_r;
    const std::int64_t tc = (k / tiles_r + tr) % tiles_c;
    return {b, tr * tile_rows, tc * tile_cols};
  }
};

inline tiling make_tiling(const plan& p, int tile_rows, int tile_cols) {
  tiling t{};
  t.tile_rows = tile_rows;
  t.tile_cols = tile_cols;
  t.tiles_r = (p.rows + tile_rows - 1) / tile_rows;
  t.tiles_c = (p.cols + tile_cols - 1) / tile_cols;
  t.per_matrix = t.tiles_r * t.tiles_c;
  t.total = t.per_matrix * p.batch;
  t.fits32 = t.total <= 0xFFFFFFFFll;
  return t;
}

/** Grid size for a tile loop: one block per tile up to the 1-D grid limit. */
inline unsigned grid_for(const tiling& t) {
  constexpr std::int64_t max_grid = 0x7FFFFFFF;
  return static_cast<unsigned>(t.total < max_grid ? t.total : max_grid);
}

}  // namespace xpose::detail
