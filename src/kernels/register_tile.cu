// Production configuration of the register-tile transpose (register_tile.cuh) used by
// `auto` for 1- and 2-byte elements: 4 micro-rows per warp (whole 128-byte lines on the
// load side), one micro-tile per thread for bytes and two for 2-byte elements, streaming
// cache hints (docs/auto.md has the sweeps that chose it).
#include "element_types.hpp"
#include "launchers.hpp"
#include "register_tile.cuh"

namespace xpose::detail {

// The warp shape sets the block tile's width (COLS input columns): 4 micro-rows per warp
// read whole 128-byte lines but need 1024 (bytes) or 512 (2-byte) columns to fill a
// block; narrower matrices take 8 or 16 micro-rows per warp instead of leaving most of
// the block idle.
template <class T>
void launch_register_tile(const plan& p) {
  constexpr int U4 = sizeof(T) == 1 ? 1 : 2;
  if (p.cols >= register_tile_shape<T, 4, U4>::COLS) {
    launch_register_tile_variant<T, 4, U4, true>(p);
  } else if (p.cols >= register_tile_shape<T, 8, 1>::COLS) {
    launch_register_tile_variant<T, 8, 1, true>(p);
  } else {
    launch_register_tile_variant<T, 16, 1, true>(p);
  }
  check_launch("register_tile");
}

template void launch_register_tile<std::uint8_t>(const plan&);
template void launch_register_tile<std::uint16_t>(const plan&);

}  // namespace xpose::detail
