// `auto` for rows that are not 16-byte aligned (odd leading dimensions such as 4095 x 4097,
// pointers offset by an element). Each tile row segment is moved as the 16-byte-aligned
// chunks that cover it: a segment of TILE elements starting s elements past a 16-byte
// boundary spans TILE / V + 1 chunks. Chunks that lie wholly inside the row's valid
// elements move as one 16-byte access; the rest (the row's first and last chunk, and
// partial chunks at the matrix edge) move element by element, so no byte outside the
// matrix is read or written and neighbouring tiles never write the same chunk.
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;

template <int E>
__host__ __device__ constexpr int misaligned_tile_for() {
  return E == 1 ? 128 : (E >= 8 ? 32 : 64);
}

template <class T>
__device__ __forceinline__ int misalignment(const T* p) {
  return static_cast<int>((reinterpret_cast<std::uintptr_t>(p) & 15) / sizeof(T));
}

template <class T>
__global__ void __launch_bounds__(kThreads, 4) misaligned_tile_kernel(matrix_view<T> m, tiling g) {
  constexpr int E = sizeof(T), V = 16 / E, TILE = misaligned_tile_for<E>(), CHUNKS = TILE / V + 1;
  union pack {
    uint4 v;
    T e[V];
  };
  __shared__ T tile[TILE][TILE + 1];
  g.for_each_tile([&](const tile_coord& at) {
    const int height = static_cast<int>(min(static_cast<std::int64_t>(TILE), m.rows - at.r0));
    const int width = static_cast<int>(min(static_cast<std::int64_t>(TILE), m.cols - at.c0));
    // Load: row `row` of the tile, chunk `ch`, covers tile columns [ch * V - s, ... + V).
    for (int slot = threadIdx.x; slot < height * CHUNKS; slot += kThreads) {
      const int row = slot / CHUNKS, ch = slot - row * CHUNKS;
      const T* seg = m.in_row(at.b, at.r0 + row) + at.c0;
      const int s = misalignment(seg);
      const int e0 = ch * V - s;
      const int lo = max(e0, 0), hi = min(e0 + V, width);
      if (lo >= hi) continue;
      // The whole chunk must lie inside this row's valid elements [-c0, cols - c0).
      if (e0 >= -static_cast<int>(min(at.c0, static_cast<std::int64_t>(V))) && e0 + V <= m.cols - at.c0) {
        pack p;
        p.v = __ldcs(reinterpret_cast<const uint4*>(seg + e0));
#pragma unroll
        for (int k = 0; k < V; ++k) {
          if (e0 + k >= lo && e0 + k < hi) tile[row][e0 + k] = p.e[k];
        }
      } else {
        for (int c = lo; c < hi; ++c) tile[row][c] = seg[c];
      }
    }
    __syncthreads();
    // Store: output row `orow` (input column c0 + orow), chunk `ch`, covers tile rows
    // [ch * V - s, ... + V) of that column.
    for (int slot = threadIdx.x; slot < width * CHUNKS; slot += kThreads) {
      const int orow = slot / CHUNKS, ch = slot - orow * CHUNKS;
      T* seg = m.out_row(at.b, at.c0 + orow) + at.r0;
      const int s = misalignment(seg);
      const int e0 = ch * V - s;
      const int lo = max(e0, 0), hi = min(e0 + V, height);
      if (lo >= hi) continue;
      if (e0 >= 0 && e0 + V <= height) {  // a whole chunk of this tile's own elements
        pack p;
#pragma unroll
        for (int k = 0; k < V; ++k) p.e[k] = tile[e0 + k][orow];
        __stcs(reinterpret_cast<uint4*>(seg + e0), p.v);
      } else {
        for (int r = lo; r < hi; ++r) seg[r] = tile[r][orow];
      }
    }
    __syncthreads();
  });
}

}  // namespace

template <class T>
void launch_misaligned_tile(const plan& p) {
  constexpr int tile = misaligned_tile_for<sizeof(T)>();
  const tiling g = make_tiling(p, tile, tile);
  misaligned_tile_kernel<T><<<grid_for(g), kThreads, 0, p.stream>>>(make_view<T>(p), g);
  check_launch("misaligned_tile");
}

template void launch_misaligned_tile<std::uint8_t>(const plan&);
template void launch_misaligned_tile<std::uint16_t>(const plan&);
template void launch_misaligned_tile<std::uint32_t>(const plan&);
template void launch_misaligned_tile<unsigned long long>(const plan&);

}  // namespace xpose::detail
