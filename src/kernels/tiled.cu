// Rungs 3, 4 and 6 of the ladder (tiled_tile.cuh), one configuration per strategy.
#include "element_types.hpp"
#include "launchers.hpp"
#include "tiled_tile.cuh"

namespace xpose::detail {
namespace {

template <class T, int TILE, int BLOCK_ROWS, int PAD, bool DIAGONAL>
void run(const plan& p, const char* name) {
  launch_tiled_variant<T, TILE, BLOCK_ROWS, PAD, DIAGONAL>(p);
  check_launch(name);
}

}  // namespace
template <class T>
void launch_tiled(const plan& p) {
  switch (p.kernel) {
    case strategy::tiled: return run<T, 32, 8, 0, false>(p, "tiled");
    case strategy::diagonal: return run<T, 32, 8, 1, true>(p, "diagonal");
    default: break;
  }
  switch (p.tile) {
    case tile_config::tile32_block32x32: return run<T, 32, 32, 1, false>(p, "tiled_padded 32x32/32x32");
    case tile_config::tile16x16: return run<T, 16, 16, 1, false>(p, "tiled_padded 16x16");
    case tile_config::tile32_block32x8:
    default: return run<T, 32, 8, 1, false>(p, "tiled_padded 32x32/32x8");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_tiled<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
