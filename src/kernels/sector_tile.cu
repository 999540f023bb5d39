// `auto` for 16-byte elements whose output rows do not all start on a 32-byte sector
// (4095 x 4097, odd leading dimensions). A padded tile writes each output row's segment of
// TILE elements; when that segment does not start on a sector, its first and last sectors
// are shared with the tiles above and below, each writing part of them at a different time.
// Misaligned output rows, not input rows, are what is slow (sweep 20: 4095 x 4096 complex
// double 86.5% of memcpy, 4096 x 4097 92.0%; fp64 79.7 against 90.8%).
//
// Here every tile writes, in each output row, whole sectors: the TILE elements from
// r0 - shift on, shift being the row's offset in its sector (in elements; the same for
// every tile of the row, as TILE elements are whole sectors). The shift elements before the
// tile come from input rows r0 - shift .. r0 - 1, so the tile stages kHalo = 32 / E - 1
// input rows above its own (re-read from L2: the tile above read them shortly before). The
// first tile of an output row starts at the row's first element, and the last runs to its
// end. For 16-byte elements that is one more row per 32 (86.7 -> 90.6% at 4095 x 4097).
// 8-byte elements took a 64 x 64 version from 96 MiB per call (sweep 30: 9001 x 7003 73.6 ->
// 81.2%) until the element tile (element_tile.cu, sweep 36) passed it at every size on rows
// that are not 16-byte aligned; 4 bytes never did (77 -> 62%; session 43, 16-byte aligned
// rows off sectors: fp32 8196 x 8192 93.0 -> 77.7% against the vectorized tile). On 16-byte
// aligned output rows off sectors the 8-byte 64 x 64 version is ahead of the padded tile from
// 128 MiB (core/plan.hpp: kSectorTile8MinBytes; 32 x 32 measured 0.5-2.5 points lower).
//
// Plain loads and stores: the halo rows come back from L2 only if the tile above did not
// load them evict-first, and the sectors this tile completes are written by one tile but
// next to its neighbours'. Sweep 36 (run 10), % of memcpy, streaming -> plain: 4095 x 4097
// 95.4 -> 95.9, 8191 x 8193 93.0 -> 93.4, 9001 x 7003 94.1 -> 94.3, 2049 x 2047 97.6 -> 99.3
// (plain stores with streaming loads lose 4-7 points). Input rows off 256-byte boundaries
// fetch whole 256-byte blocks (global_load.cuh; session 42: 4095 x 4097 95.4 -> 97.0, 2049 x
// 2047 99.5 -> 100.6).
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "tiled_tile.cuh"

#include "../core/raise.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kSectorBytes = 32;

/** Elements from the sector boundary before p to p. */
template <class T>
__device__ __forceinline__ int sector_shift(const T* p) {
  return static_cast<int>(reinterpret_cast<std::uintptr_t>(p) & (kSectorBytes - 1)) / static_cast<int>(sizeof(T));
}

template <class T, int TILE, int BLOCK_ROWS, in_load LOAD>
__global__ void __launch_bounds__(TILE* BLOCK_ROWS) sector_tile_kernel(matrix_view<T> m, tiling g) {
  constexpr int kHalo = kSectorBytes / static_cast<int>(sizeof(T)) - 1;
  constexpr int kRows = TILE + kHalo;
  constexpr int kLoads = (kRows + BLOCK_ROWS - 1) / BLOCK_ROWS;
  __shared__ T tile[kRows][TILE + 1];  // one element of padding: conflict-free column reads
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  g.for_each_tile([&](const tile_coord& at) {
    // Inner tiles (not the first or last of an output row, all columns inside): no bounds
    // checks, one store per element.
    const bool inner = at.r0 > 0 && at.r0 + TILE < m.rows && at.c0 + TILE <= m.cols;
    const T* src = m.in_row(at.b, at.r0) + at.c0 + tx;  // tile[kHalo + i] is input row r0 + i
    if (inner) {
#pragma unroll
      for (int k = 0; k < kLoads; ++k) {
        const int j = ty + k * BLOCK_ROWS;
        if (j < kRows) tile[j][tx] = load_interior<LOAD, false>(src + (j - kHalo) * m.ld_in);
      }
    } else {
      for (int j = ty; j < kRows; j += BLOCK_ROWS) {
        const std::int64_t r = at.r0 - kHalo + j;
        if (r >= 0 && r < m.rows && at.c0 + tx < m.cols) tile[j][tx] = load_element<false>(src + (j - kHalo) * m.ld_in);
      }
    }
    __syncthreads();
    // Output row c0 + ty + j from its column r0 - shift on.
    T* dst = m.out_row(at.b, at.c0 + ty) + at.r0;
    if (inner) {
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        T* row = dst + j * m.ld_out;
        const int shift = sector_shift(row);
        store_element<false>(row + tx - shift, tile[kHalo + tx - shift][ty + j]);
      }
    } else {
      const std::int64_t span_end = at.r0 + TILE < m.rows ? at.r0 + TILE : m.rows;
      for (int j = 0; j < TILE && at.c0 + ty + j < m.cols; j += BLOCK_ROWS) {
        T* row = dst + j * m.ld_out;
        const int shift = sector_shift(row);
        // The first tile of a row starts at its first element; the last runs to its end.
        const int begin = at.r0 == 0 ? 0 : -shift;
        const int end = static_cast<int>(span_end - at.r0) - (span_end == m.rows ? 0 : shift);
        for (int i = begin + tx; i < end; i += TILE) store_element<false>(row + i, tile[kHalo + i][ty + j]);
      }
    }
    __syncthreads();  // the next tile reuses the buffer
  });
}

template <class T, int TILE, int BLOCK_ROWS>
void launch_shape(const plan& p) {
  const tiling g = make_tiling(p, TILE, TILE, p.order);
  const dim3 block(TILE, BLOCK_ROWS);
  if (p.input_load == in_load::fetch_256) {
    sector_tile_kernel<T, TILE, BLOCK_ROWS, in_load::fetch_256><<<grid_for(g), block, 0, p.stream>>>(make_view<T>(p), g);
  } else {
    sector_tile_kernel<T, TILE, BLOCK_ROWS, in_load::hinted><<<grid_for(g), block, 0, p.stream>>>(make_view<T>(p), g);
  }
}

}  // namespace

template <class T>
void launch_sector_tile(const plan& p) {
  if constexpr (has_vector_path<T> && sizeof(T) == 16) {  // element-aligned 16 bytes
    launch_shape<T, 32, 8>(p);  // 32 x 16 threads: 4095 x 4097 90.6 -> 74.7% (sweep 30)
    check_launch("sector_tile");
  } else if constexpr (has_vector_path<T> && sizeof(T) == 8) {  // 16-byte aligned rows, session 43
    launch_shape<T, 64, 8>(p);  // 64 x 4 threads: 8194 x 8192 96.5 -> 92.5%
    check_launch("sector_tile");
  } else {
    raise(status::internal_error, "sector tile planned for ", sizeof(T), "-byte elements");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_sector_tile<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
