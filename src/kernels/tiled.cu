// Rungs 3, 4 and 6 of the ladder (tiled_tile.cuh), one configuration per strategy.
#include "element_types.hpp"
#include "launchers.hpp"
#include "tiled_tile.cuh"
#include "../core/plan.hpp"

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

// `auto` for 8-byte elements on aligned rows: the padded tile, in column order from
// kColumnOrderMinBytes per call (tile_order).
template <class T>
void launch_auto_padded(const plan& p) {
  static_assert(kPaddedTile8 == 32, "core/plan.hpp's narrow-column rule for 8 bytes assumes this tile");
  if constexpr ((sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) == sizeof(T)) {
    if (p.input_load == in_load::fetch_256) {  // input rows off 256-byte boundaries (global_load.cuh)
      launch_tiled_variant<T, 32, 8, 1, false, false, in_load::fetch_256>(p);
      check_launch("tiled_padded (auto)");
      return;
    }
  }
  launch_tiled_variant<T, 32, 8, 1, false>(p);
  check_launch("tiled_padded (auto)");
}

// `auto` for rows that are not 16-byte aligned: each warp's row segment straddles one
// more 32-byte sector than it fills, so wider tiles (longer segments) waste less; the
// widths and depths are the fastest of a sweep on 4095 x 4097 and 8191 x 8193
// (bench/results/h200/experiments/sweep6_unaligned_tiles.txt).
template <class T>
void launch_unaligned_tile(const plan& p) {
  constexpr std::size_t E = sizeof(T);
  if constexpr (E == 1) {
    launch_tiled_variant<T, 64, 4, 1, false, true>(p);
  } else if constexpr (E == 2) {
    launch_tiled_variant<T, 128, 8, 1, false, true>(p);
  } else if constexpr (E == 4 || E == 8) {
    launch_tiled_variant<T, 64, 8, 1, false, true>(p);
  } else {
    launch_tiled_variant<T, 32, 8, 1, false, false>(p);
  }
  check_launch("unaligned_tile");
}

#define XPOSE_INSTANTIATE(T)                     \
  template void launch_tiled<T>(const plan&);    \
  template void launch_unaligned_tile<T>(const plan&);  \
  template void launch_auto_padded<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
