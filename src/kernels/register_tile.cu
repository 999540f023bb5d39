// Production configuration of the register-tile transpose (register_tile.cuh) used by
// `auto` for 1- and 2-byte elements: 8 micro-rows per warp, one micro-tile per thread,
// streaming cache hints (docs/auto.md has the sweep that chose it).
#include "element_types.hpp"
#include "launchers.hpp"
#include "register_tile.cuh"

namespace xpose::detail {

template <class T>
void launch_register_tile(const plan& p) {
  launch_register_tile_variant<T, 8, 1, true>(p);
  check_launch("register_tile");
}

template void launch_register_tile<std::uint8_t>(const plan&);
template void launch_register_tile<std::uint16_t>(const plan&);

}  // namespace xpose::detail
