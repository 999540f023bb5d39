// Rung 5 of the ladder: the vectorized padded tile (vectorized_tile.cuh), configured
// per element size; `auto`'s streaming form for fp32 also narrows its tiles on narrow sides
// that are not whole tiles (core/plan.hpp: kNarrowEdgeMaxSide).
#include "element_types.hpp"
#include "launchers.hpp"
#include "vectorized_tile.cuh"
#include "../core/plan.hpp"

namespace xpose::detail {

template <class T>
void launch_vectorized(const plan& p) {
  constexpr int E = sizeof(T);
  launch_vectorized_variant<T, tile_for<E>(), tile_for<E>(), 256, min_blocks_for<E>()>(p);
  check_launch("vectorized");
}

template <class T, int TR, int TC>
void launch_streaming_shape(const plan& p) {
  constexpr int MIN_BLOCKS = min_blocks_for<sizeof(T)>();
  if (p.input_load == in_load::fetch_256) {  // input rows off 256-byte boundaries (global_load.cuh)
    launch_vectorized_variant<T, TR, TC, 256, MIN_BLOCKS, true, in_load::fetch_256>(p);
  } else {
    launch_vectorized_variant<T, TR, TC, 256, MIN_BLOCKS, true>(p);
  }
}

template <class T>
void launch_vectorized_streaming(const plan& p) {
  constexpr int E = sizeof(T), TILE = tile_for<E>();
  if constexpr (E == 4) {
    static_assert(TILE == kVectorizedTile4, "core/plan.hpp's narrow-edge rule assumes this tile");
    // Narrow sides that are not whole tiles (core/plan.hpp: kNarrowEdgeMaxSide).
    if (vectorized_narrow_cols(p)) {
      launch_streaming_shape<T, 2 * TILE, TILE / 2>(p);
      return check_launch("vectorized (streaming, narrow columns)");
    }
    if (vectorized_narrow_rows(p)) {
      launch_streaming_shape<T, TILE / 2, 2 * TILE>(p);
      return check_launch("vectorized (streaming, narrow rows)");
    }
  }
  launch_streaming_shape<T, TILE, TILE>(p);
  check_launch("vectorized (streaming)");
}

#define XPOSE_INSTANTIATE(T)                          \
  template void launch_vectorized<T>(const plan&);    \
  template void launch_vectorized_streaming<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
