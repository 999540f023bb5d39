// Production configuration of the register-tile transpose (register_tile.cuh) used by
// `auto` for 1- and 2-byte elements: 4 micro-rows per warp (whole 128-byte lines on the
// load side), streaming cache hints; warps in a row or a grid and one or two micro-tiles
// per thread by element size and row pitch (below; docs/auto.md has the sweeps). Output
// rows off 32-byte sectors take 16 micro-rows per warp instead (launch_long_store_runs).
#include "element_types.hpp"
#include "launchers.hpp"
#include "../core/plan.hpp"
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

template <class T, in_load LOAD>
void launch_narrow_bytes(const plan& p) {
  if (register_tile_blocks<T, 8>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 8, 0, LOAD>(p);
  } else if (register_tile_blocks<T, 4>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 4, 0, LOAD>(p);
  } else if (register_tile_blocks<T, 2>(p) >= kMinBlocks) {
    launch_register_tile_variant<T, 4, 1, true, 2, 0, LOAD>(p);
  } else {
    launch_register_tile_variant<T, 4, 1, true, 1, 0, LOAD>(p);
  }
}

/** Wide enough for a row of 8 warps of 4 micro-rows (1024 bytes, 512 2-byte elements). */
template <class T>
bool wide_matrix(const plan& p) {
  return p.cols >= register_tile_shape<T, 4, sizeof(T) == 1 ? 1 : 2>::COLS;
}

/** The warp shapes above: 4 micro-rows a warp. */
template <class T, in_load LOAD>
void launch_four_micro_rows(const plan& p) {
  constexpr int E = sizeof(T);
  const std::int64_t short_pitch = std::min(p.ld_in, p.ld_out) * E;
  if (wide_matrix<T>(p)) {
    if constexpr (E == 1) {
      if (short_pitch >= 8192) {
        launch_register_tile_variant<T, 4, 1, true, 4, 0, LOAD>(p);
      } else {
        launch_register_tile_variant<T, 4, 1, true, 1, 0, LOAD>(p);
      }
    } else {
      if (short_pitch >= 16384) {
        launch_register_tile_variant<T, 4, 2, true, 2, 0, LOAD>(p);
      } else {
        launch_register_tile_variant<T, 4, 1, true, 4, 0, LOAD>(p);
      }
    }
  } else if constexpr (E == 1) {
    launch_narrow_bytes<T, LOAD>(p);
  } else {
    if (p.cols >= register_tile_shape<T, 4, 1, 2>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 2, 0, LOAD>(p);
    } else if (p.cols >= register_tile_shape<T, 4, 1, 4>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 4, 0, LOAD>(p);
    } else if (p.cols >= register_tile_shape<T, 4, 1, 8>::COLS) {
      launch_register_tile_variant<T, 4, 1, true, 8, 0, LOAD>(p);
    } else {
      launch_register_tile_variant<T, 16, 1, true, 1, 0, LOAD>(p);
    }
  }
}

// Output rows off 32-byte sectors (16-byte aligned pitches of 16 mod 32 bytes: 8208^2 bytes,
// 8200^2 2-byte). A 64-byte store run of 4 micro-rows then covers two half sectors, which
// other warps and tiles complete, and those split sectors cost 20-30 points (8208^2 bytes 74%
// of memcpy, 16384^2 93%). 16 micro-rows a warp store 256-byte runs, a quarter of the split
// sectors a byte; their loads read 32 bytes of each of 16 rows, so each fetches the whole
// 256-byte block, which the block's other warps read. Bytes take two warp rows (512-byte
// output runs a block: 70000^2 72.6 -> 79.6% against one), 2-byte elements two micro-tiles a
// thread (bench/results/h200/session43/sectors3). From kRegisterTileLongRunsMinCols columns
// (core/plan.hpp), the long tile's width, on narrow matrices too (session43/narrow3).
template <class T>
void launch_long_store_runs(const plan& p) {
  if constexpr (sizeof(T) == 1) {
    launch_register_tile_variant<T, 16, 1, true, 2, 0, in_load::fetch_256_first>(p);
  } else {
    launch_register_tile_variant<T, 16, 2, true, 1, 0, in_load::fetch_256_first>(p);
  }
}
static_assert(register_tile_shape<std::uint8_t, 16, 1, 2>::COLS == kRegisterTileLongRunsMinCols &&
                  register_tile_shape<std::uint16_t, 16, 2, 1>::COLS == kRegisterTileLongRunsMinCols,
              "the long-run tiles are as wide as plan.hpp's threshold");
static_assert(register_tile_shape<std::uint8_t, 4, 1>::COLS == kRegisterTileFetchMinRowBytes &&
                  register_tile_shape<std::uint16_t, 4, 2>::COLS * 2 == kRegisterTileFetchMinRowBytes,
              "a wide matrix (plan.hpp) holds a row of 8 warps of 4 micro-rows");

template <class T>
void launch_register_tile(const plan& p) {
  if (register_tile_long_runs(p)) {
    launch_long_store_runs<T>(p);
  } else if (p.input_load == in_load::fetch_256_first) {
    // Wide matrices whose input rows are off 256-byte boundaries (finalize() decides):
    // evict-first 256-byte fetches (global_load.cuh).
    launch_four_micro_rows<T, in_load::fetch_256_first>(p);
  } else {
    launch_four_micro_rows<T, in_load::hinted>(p);
  }
  check_launch("register_tile");
}

template void launch_register_tile<std::uint8_t>(const plan&);
template void launch_register_tile<std::uint16_t>(const plan&);

}  // namespace xpose::detail
