// The launch grid shared by the in-place square kernels (inplace_square.cu,
// inplace_region_pairs.cuh): an n x n matrix cut into count x count blocks (tiles or
// regions), where the thread block at (i, j), i <= j, owns the pair (i, j) / (j, i) and
// blocks with j < i have nothing to do. Each kernel writes its own grid-stride loops over
// (batch, i, j): a shared device helper taking the pair's work as a lambda changed the
// register allocation and cost the 2-byte regions 10 points at 16384^2 (90% -> 80% of
// memcpy on the H200).
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

namespace xpose::detail {

/** Where the squares of a launch lie: packed n x n matrices, matrix m at m n^2. */
struct packed_squares {
  std::int64_t n;
  __host__ __device__ std::int64_t base(std::int64_t m) const { return m * n * n; }
  __host__ __device__ std::int64_t ld() const { return n; }
};

/** The squares of a grid (core/square_grid.hpp): each matrix of the batch holds rows x
    grid_cols squares of n x n, rows ld = grid_cols n apart; square m of the launch is square
    (I, J) of matrix m / per_matrix, counted row by row. */
struct grid_squares {
  std::int64_t n, grid_cols, per_matrix, matrix_elements;
  __host__ __device__ std::int64_t base(std::int64_t m) const {
    const std::int64_t matrix = m / per_matrix, k = m - matrix * per_matrix;
    const std::int64_t I = k / grid_cols, J = k - I * grid_cols;
    return matrix * matrix_elements + I * n * ld() + J * n;
  }
  __host__ __device__ std::int64_t ld() const { return grid_cols * n; }
};

/** A count x count x batch grid, capped at the launch limits (the kernels loop over the rest). */
inline dim3 owned_pair_grid(std::int64_t count, std::int64_t batch) {
  const auto cap = [](std::int64_t v, std::int64_t limit) { return static_cast<unsigned>(v < limit ? v : limit); };
  return dim3(cap(count, 0x7FFFFFFF), cap(count, 65535), cap(batch, 65535));
}

/** The k-th pair (i, j), i <= j < count, of the upper triangle in row-major order,
    k < count (count + 1) / 2: a grid of exactly the owned pairs, with no block that exits at
    once. Counted from the end, the last r rows hold r (r + 1) / 2 pairs, so the row is a
    square root; the double root is within one of it, and the two loops correct it. */
__host__ __device__ inline void upper_triangle_pair(std::int64_t k, std::int64_t count, std::int64_t& i,
                                                    std::int64_t& j) {
  const std::int64_t pairs = count * (count + 1) / 2, back = pairs - 1 - k;
  auto r = static_cast<std::int64_t>((std::sqrt(8.0 * static_cast<double>(back) + 1.0) - 1.0) * 0.5);
  while (r * (r + 1) / 2 > back) --r;
  while ((r + 1) * (r + 2) / 2 <= back) ++r;
  i = count - 1 - r;
  j = count - 1 - (back - r * (r + 1) / 2);
}

/** A grid of count (count + 1) / 2 x 1 x batch blocks for upper_triangle_pair. */
inline dim3 upper_triangle_grid(std::int64_t count, std::int64_t batch) {
  const std::int64_t pairs = count * (count + 1) / 2;
  return dim3(static_cast<unsigned>(pairs < 0x7FFFFFFF ? pairs : 0x7FFFFFFF), 1,
              static_cast<unsigned>(batch < 65535 ? batch : 65535));
}

}  // namespace xpose::detail
