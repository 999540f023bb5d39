// Packed batches of small matrices whose sides are multiples of V = 16 / sizeof(T)
// ((4096, 32, 32)): the register tile's V x V micro-tiles (register_tile.cuh) without a
// block tile around them, so that no thread idles on matrices smaller than a block tile.
//
// The grid's micro-tiles are numbered matrix by matrix, row of micro-tiles by row; a block
// takes U * THREADS consecutive ones, thread t the ones at t, t + THREADS, ..., so that
// consecutive lanes read neighbouring 16-byte pieces of the same rows and write
// neighbouring pieces of the same output rows (whole 32-byte sectors on both sides once
// a side is 32 bytes long). Each thread has U * V 16-byte loads in flight; no shared
// memory, no barrier.
#pragma once

#include "register_tile.cuh"

#include <cstdint>

namespace xpose::detail {

struct batch_micro_tiles {
  std::int64_t tiles;  // micro-tiles in the batch
  int per_row;         // micro-tiles per row of micro-tiles: cols / V
  int per_matrix;      // micro-tiles per matrix: (rows / V) * (cols / V)
  int rows, cols;
};

struct micro_tile_at {
  std::int64_t in, out;  // element offsets of the micro-tile's first input row and first output row
};

template <class T>
__device__ __forceinline__ micro_tile_at locate_micro_tile(const batch_micro_tiles& m, std::int64_t g) {
  constexpr int V = 16 / sizeof(T);
  const std::int64_t b = g / m.per_matrix;
  const int rest = static_cast<int>(g - b * m.per_matrix);
  const int mi = rest / m.per_row, mj = rest - mi * m.per_row;
  const std::int64_t matrix = b * m.rows * m.cols;
  return {matrix + static_cast<std::int64_t>(mi) * V * m.cols + mj * V,
          matrix + static_cast<std::int64_t>(mj) * V * m.rows + mi * V};
}

/** Requires 16-byte aligned pointers and rows, cols multiples of V. */
template <class T, int U, int THREADS>
__global__ void __launch_bounds__(THREADS) batch_micro_tile_kernel(const T* __restrict__ in, T* __restrict__ out,
                                                                   batch_micro_tiles m) {
  constexpr int V = 16 / sizeof(T);
  const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * U * THREADS + threadIdx.x;
  uint4 v[U][V];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const std::int64_t g = first + u * THREADS;
    if (g >= m.tiles) break;
    const T* src = in + locate_micro_tile<T>(m, g).in;
#pragma unroll
    for (int q = 0; q < V; ++q) v[u][q] = load16<true>(src + q * m.cols);
  }
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const std::int64_t g = first + u * THREADS;
    if (g >= m.tiles) break;
    transpose_in_registers<sizeof(T)>(v[u]);
    T* dst = out + locate_micro_tile<T>(m, g).out;
#pragma unroll
    for (int k = 0; k < V; ++k) store16<true>(dst + k * m.rows, v[u][k]);
  }
}

/** Requires a packed batch, 16-byte aligned pointers, rows and cols multiples of V
 *  (plan.cpp: auto_path::batch_micro_tile). */
template <class T, int U, int THREADS>
void launch_batch_micro_tile_variant(const plan& p) {
  constexpr int V = 16 / sizeof(T);
  batch_micro_tiles m{};
  m.per_row = static_cast<int>(p.cols / V);
  m.per_matrix = static_cast<int>((p.rows / V) * m.per_row);
  m.tiles = p.batch * m.per_matrix;
  m.rows = static_cast<int>(p.rows);
  m.cols = static_cast<int>(p.cols);
  const std::int64_t blocks = (m.tiles + U * THREADS - 1) / (U * THREADS);
  batch_micro_tile_kernel<T, U, THREADS><<<static_cast<unsigned>(blocks), THREADS, 0, p.stream>>>(
      static_cast<const T*>(p.in), static_cast<T*>(p.out), m);
}

}  // namespace xpose::detail
