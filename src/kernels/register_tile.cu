// Production configuration of the register-tile transpose (register_tile.cuh) used by
// `auto` for 1- and 2-byte elements: 4 micro-rows per warp (whole 128-byte lines on the
// load side), one micro-tile per thread for bytes and two for 2-byte elements, streaming
// cache hints (docs/auto.md has the sweeps that chose it).
#include "element_types.hpp"
#include "launchers.hpp"
#include "register_tile.cuh"

namespace xpose::detail {

template <class T>
void launch_register_tile(const plan& p) {
  launch_register_tile_variant<T, 4, sizeof(T) == 1 ? 1 : 2, true>(p);
  check_launch("register_tile");
}

template void launch_register_tile<std::uint8_t>(const plan&);
template void launch_register_tile<std::uint16_t>(const plan&);

}  // namespace xpose::detail
