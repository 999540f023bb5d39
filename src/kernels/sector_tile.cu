// `auto` for 4-, 8- and 16-byte elements whose output rows do not all start on a 32-byte
// sector (4095 x 4097, odd leading dimensions). A padded tile writes each output row's
// segment of TILE elements; when that segment does not start on a sector, its first and
// last sectors are shared with the tiles above and below, each writing part of them at a
// different time. That cost 11-16 points (4095 x 4096 fp64 79.7% of memcpy, 4096 x 4097
// 90.8%: misaligned output rows, not input rows, are what is slow; sweep 20).
//
// Here every tile writes, in each output row, whole sectors: the TILE elements from
// r0 - shift on, shift being the row's offset in its sector (in elements; the same for
// every tile of the row, as TILE elements are whole sectors). The shift columns before the
// tile are input rows r0 - shift .. r0 - 1, so the tile stages kHalo = 32 / E - 1 input
// rows above its own (re-read from L2: the tile above read them shortly before). The first
// tile of an output row starts at the row's first element, and the last runs to its end.
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "tiled_tile.cuh"

#include "../core/raise.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kSectorBytes = 32;

template <class T, int TILE, int BLOCK_ROWS>
__global__ void __launch_bounds__(TILE* BLOCK_ROWS) sector_tile_kernel(matrix_view<T> m, tiling g) {
  constexpr int kHalo = kSectorBytes / static_cast<int>(sizeof(T)) - 1;
  __shared__ T tile[TILE + kHalo][TILE + 1];  // one element of padding: conflict-free column reads
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  g.for_each_tile([&](const tile_coord& at) {
    const std::int64_t first = at.r0 - kHalo;  // the input row staged in tile[0]
    const std::int64_t c = at.c0 + tx;
    for (int j = ty; j < TILE + kHalo; j += BLOCK_ROWS) {
      const std::int64_t r = first + j;
      if (r >= 0 && r < m.rows && c < m.cols) tile[j][tx] = load_element<true>(m.in_row(at.b, r) + c);
    }
    __syncthreads();
    const bool last = at.r0 + TILE >= m.rows;
    for (int j = ty; j < TILE; j += BLOCK_ROWS) {
      const std::int64_t oc = at.c0 + j;  // output row = input column
      if (oc >= m.cols) break;            // uniform across a warp: TILE is a multiple of 32
      T* row = m.out_row(at.b, oc);
      const int shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(row + at.r0) % kSectorBytes) /
                        static_cast<int>(sizeof(T));
      const std::int64_t begin = at.r0 == 0 ? 0 : at.r0 - shift;
      const std::int64_t end = last ? m.rows : at.r0 + TILE - shift;
      for (std::int64_t x = begin + tx; x < end; x += TILE) store_element<true>(row + x, tile[x - first][j]);
    }
    __syncthreads();  // the next tile reuses the buffer
  });
}

template <class T, int TILE, int BLOCK_ROWS>
void launch_shape(const plan& p) {
  const tiling g = make_tiling(p, TILE, TILE);
  sector_tile_kernel<T, TILE, BLOCK_ROWS><<<grid_for(g), dim3(TILE, BLOCK_ROWS), 0, p.stream>>>(make_view<T>(p), g);
}

}  // namespace

template <class T>
void launch_sector_tile(const plan& p) {
  if constexpr (has_vector_path<T> && sizeof(T) >= 4) {  // element-aligned 4, 8 and 16 bytes
    if constexpr (sizeof(T) == 16) {
      launch_shape<T, 32, 8>(p);
    } else {
      launch_shape<T, 64, 8>(p);
    }
    check_launch("sector_tile");
  } else {
    raise(status::internal_error, "sector tile planned for ", sizeof(T), "-byte elements");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_sector_tile<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
