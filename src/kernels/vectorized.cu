// Rung 5 of the ladder: the vectorized padded tile (vectorized_tile.cuh), configured
// per element size.
#include "element_types.hpp"
#include "launchers.hpp"
#include "vectorized_tile.cuh"

namespace xpose::detail {

template <class T>
void launch_vectorized(const plan& p) {
  constexpr int E = sizeof(T);
  launch_vectorized_variant<T, tile_for<E>(), tile_for<E>(), 256, min_blocks_for<E>()>(p);
  check_launch("vectorized");
}

template <class T>
void launch_vectorized_streaming(const plan& p) {
  constexpr int E = sizeof(T);
  constexpr int TILE = tile_for<E>(), MIN_BLOCKS = min_blocks_for<E>();
  if (p.input_load == in_load::fetch_256) {  // input rows off 256-byte boundaries (global_load.cuh)
    launch_vectorized_variant<T, TILE, TILE, 256, MIN_BLOCKS, true, in_load::fetch_256>(p);
  } else {
    launch_vectorized_variant<T, TILE, TILE, 256, MIN_BLOCKS, true>(p);
  }
  check_launch("vectorized (streaming)");
}

#define XPOSE_INSTANTIATE(T)                          \
  template void launch_vectorized<T>(const plan&);    \
  template void launch_vectorized_streaming<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
