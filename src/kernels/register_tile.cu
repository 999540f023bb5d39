// Production configuration of the register-tile transpose (register_tile.cuh) used by
// `auto` for 1- and 2-byte elements: 4 micro-rows per warp (whole 128-byte lines on the
// load side), streaming cache hints; warps in a row or a grid and one or two micro-tiles
// per thread by element size and row pitch (below; docs/auto.md has the sweeps).
#include "element_types.hpp"
#include "launchers.hpp"
#include "register_tile.cuh"

#include <algorithm>

namespace xpose::detail {

// The warp shape sets the block tile's width (COLS input columns). 4 micro-rows per warp
// read whole 128-byte lines; one row of 8 such warps needs 1024 (bytes) or 512 (2-byte)
// columns to fill a block.
//
// Wide matrices arrange the 8 warps as a grid of warp tiles rather than one row of them
// where that measured faster (bench/results/h200/experiments/sweep10_warp_grid.txt):
//  - bytes, both row pitches >= 8 KiB: 4 x 2 warps, +1.5 to +4 points (16384^2: 85.5 ->
//    89.3%); shorter pitches keep the row of warps (0.5-2 points better there);
//  - 2-byte elements, both pitches >= 16 KiB: 2 x 4 warps of two micro-tiles each, +1 to
//    +2 points; otherwise 4 x 2 warps of one micro-tile, +1.5 to +3 points (8192 x 2048:
//    91.8 -> 94.1%).
// Narrower matrices keep 4 micro-rows per warp instead of taking 8 or 16 (which read 64-
// or 32-byte pieces of rows), with the warps stacked in 2, 4 or 8 rows (measured in
// bench/results/h200/experiments/sweep10b_narrow.txt and sweep11*_batches.txt):
//  - bytes: these problems are small (a few MiB), and the grid size decides: the tallest
//    warp stack that still gives at least kMinBlocks blocks, else one row of warps. Every
//    measured shape lands within 3 points of its best stack: 16384 x 208 75.4% (16
//    micro-rows per warp) -> 92.9%, 8192 x 512 76.6 -> 94.9%, (32, 2048, 128) 83 -> 97%.
//  - 2-byte elements: a block no wider than the matrix (16384 x 256: 88.0% -> 96-98%;
//    (32, 2048, 128): 87.5 -> 100%); below 64 columns, 16 micro-rows per warp.
constexpr std::int64_t kMinBlocks = 128;  // about one per SM on an H100 / H200

template <class T, int WR>
std::int64_t register_tile_blocks(const plan& p) {
  using S = register_tile_shape<T, 4, 1, WR>;
  return (p.rows + S::ROWS - 1) / S::ROWS * ((p.cols + S::COLS - 1) / S::COLS) * p.batch;
}

template <class T>
void launch_narrow_bytes(const plan& p) {
  if (register_tile_blocks<T, 8>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 8>(p);
  } else if (register_tile_blocks<T, 4>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 4>(p);
  } else if (register_tile_blocks<T, 2>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 2>(p);
  } else {
    launch_register_tile_variant<T, 4, 1, true, 1>(p);
  }
}

template <class T>
void launch_register_tile(const plan& p) {
  constexpr int E = sizeof(T);
  constexpr int U4 = E == 1 ? 1 : 2;
  const std::int64_t short_pitch = std::min(p.ld_in, p.ld_out) * E;
  if (p.cols >= register_tile_shape<T, 4, U4>::COLS) {
    if constexpr (E == 1) {
      if (short_pitch >= 8192) {
        launch_register_tile_variant<T, 4, 1, true, 4>(p);
      } else {
        launch_register_tile_variant<T, 4, 1, true, 1>(p);
      }
    } else {
      if (short_pitch >= 16384) {
        launch_register_tile_variant<T, 4, 2, true, 2>(p);
      } else {
        launch_register_tile_variant<T, 4, 1, true, 4>(p);
      }
    }
  } else if constexpr (E == 1) {
    launch_narrow_bytes<T>(p);
  } else {
    if (p.cols >= register_tile_shape<T, 4, 1, 2>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 2>(p);
    } else if (p.cols >= register_tile_shape<T, 4, 1, 4>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 4>(p);
    } else if (p.cols >= register_tile_shape<T, 4, 1, 8>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 8>(p);
    } else {
      launch_register_tile_variant<T, 16, 1, true>(p);
    }
  }
  check_launch("register_tile");
}

template void launch_register_tile<std::uint8_t>(const plan&);
template void launch_register_tile<std::uint16_t>(const plan&);

}  // namespace xpose::detail
