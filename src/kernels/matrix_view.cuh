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

/** One past the last byte of a plan's whole input batch: with p.in, the bounds that kernels
 *  loading the aligned chunks around misaligned rows keep their loads inside. */
template <class T>
std::uintptr_t input_end(const plan& p) {
  return reinterpret_cast<std::uintptr_t>(p.in) +
         static_cast<std::uintptr_t>((p.batch - 1) * p.stride_in + (p.rows - 1) * p.ld_in + p.cols) * sizeof(T);
}

/** A tile's coordinates: matrix index and the tile's first input row and column. */
struct tile_coord {
  std::int64_t b, r0, c0;
};

/**
 * Covers each matrix with tile_rows x tile_cols tiles (in input coordinates). The grid's
 * x dimension walks the tiles of a tile row (tile_order::rows) or of a tile column
 * (tile_order::columns), y the other way, z the matrices, each with a grid stride, so a
 * block finds its tile without any integer division and any 64-bit shape fits the grid
 * limits (2^31 - 1, 65535, 65535). The order and why it matters: problem.hpp, tile_order.
 */
struct tiling {
  std::int64_t tiles_r, tiles_c, batch;
  int tile_rows, tile_cols;
  tile_order order;

  /** Calls body(tile_coord) for every tile this block owns. */
  template <class Body>
  __device__ void for_each_tile(Body&& body) const {
    // One loop nest for both orders, so that the body is inlined once.
    const bool by_columns = order == tile_order::columns;
    const std::int64_t along_x = by_columns ? tiles_r : tiles_c, along_y = by_columns ? tiles_c : tiles_r;
    for (std::int64_t b = blockIdx.z; b < batch; b += gridDim.z) {
      for (std::int64_t y = blockIdx.y; y < along_y; y += gridDim.y) {
        for (std::int64_t x = blockIdx.x; x < along_x; x += gridDim.x) {
          const std::int64_t tr = by_columns ? x : y, tc = by_columns ? y : x;
          body(tile_coord{b, tr * tile_rows, tc * tile_cols});
        }
      }
    }
  }

  /**
   * Diagonal order (Ruetsch and Micikevicius): the k-th tile of a matrix in row-major
   * block order is mapped to tile row k mod tiles_r and tile column
   * (k / tiles_r + k mod tiles_r) mod tiles_c, a bijection that spreads simultaneously
   * running blocks over different tile rows and columns.
   */
  template <class Body>
  __device__ void for_each_tile_diagonal(Body&& body) const {
    for_each_tile([&](const tile_coord& rowmajor) {
      const std::int64_t k = (rowmajor.r0 / tile_rows) * tiles_c + rowmajor.c0 / tile_cols;
      std::int64_t tr, tc;
      if (tiles_r * tiles_c <= 0xFFFFFFFFll) {  // 32-bit division is several times cheaper
        const auto k32 = static_cast<std::uint32_t>(k);
        const auto nr = static_cast<std::uint32_t>(tiles_r), nc = static_cast<std::uint32_t>(tiles_c);
        tr = k32 % nr;
        tc = (k32 / nr + static_cast<std::uint32_t>(tr)) % nc;
      } else {
        tr = k % tiles_r;
        tc = (k / tiles_r + tr) % tiles_c;
      }
      body(tile_coord{rowmajor.b, tr * tile_rows, tc * tile_cols});
    });
  }
};

/** threadIdx.x, read anew where it is called: indices derived from it inside a tiling's
 *  for_each_tile body are then not hoisted out of the tile loop into registers held for the
 *  whole kernel (the staged kernels: 16 shared-memory addresses a phase; 213 registers a
 *  thread against 162 for the staged few-columns kernel's bytes). */
__device__ __forceinline__ int tile_loop_thread() {
  int tid;
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tid));
  return tid;
}

/** Moves a position (row, col) in rows of `width` entries on by step_rows rows and step_cols
 *  (< width) entries: a thread striding through a staged area by the block size, without a
 *  division per step (the staged kernels' stage loops). */
__device__ __forceinline__ void step_through_rows(int& row, int& col, int step_rows, int step_cols, int width) {
  row += step_rows;
  col += step_cols;
  if (col >= width) {
    col -= width;
    ++row;
  }
}

/**
 * Shared-memory index of element f of a staged run, skewed by one element every 32 so
 * that gathers and scatters with a stride of 32 elements (or a multiple) spread over the
 * banks. Measured on an H200 against a skew of one bank word per 128 bytes for 1- and
 * 2-byte elements: this one was faster in 11 of 12 skinny and small-batch cases.
 */
template <class T>
__device__ __forceinline__ int skewed(int f) {
  return f + (f >> 5);
}

/** Elements of shared memory a run of n elements needs when skewed. */
template <class T>
__host__ __device__ constexpr int skewed_size(int n) {
  return n + n / 32 + 1;
}

/** order: p.order for the tile kernels (finalize() decides it); the skinny kernels pass
 *  tile_order::rows (one of their tile counts is 1, and column order would put the long one
 *  on the grid's y dimension, capped at 65535 blocks). */
inline tiling make_tiling(const plan& p, int tile_rows, int tile_cols, tile_order order) {
  tiling t{};
  t.order = order;
  t.tile_rows = tile_rows;
  t.tile_cols = tile_cols;
  t.tiles_r = (p.rows + tile_rows - 1) / tile_rows;
  t.tiles_c = (p.cols + tile_cols - 1) / tile_cols;
  t.batch = p.batch;
  return t;
}

/** Grid for a tiling: one block per tile up to the grid limits, grid-stride beyond. */
inline dim3 grid_for(const tiling& t) {
  auto cap = [](std::int64_t n, std::int64_t limit) { return static_cast<unsigned>(n < limit ? n : limit); };
  const bool by_columns = t.order == tile_order::columns;
  return dim3(cap(by_columns ? t.tiles_r : t.tiles_c, 0x7FFFFFFF), cap(by_columns ? t.tiles_c : t.tiles_r, 65535),
              cap(t.batch, 65535));
}

}  // namespace xpose::detail
