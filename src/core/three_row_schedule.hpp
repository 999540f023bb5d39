// The in-place transpose of a 3 x L matrix (and of its inverse, L x 3) as one ordered sweep
// over column tiles, with a workspace of L elements plus one counter and two flags per tile
// (docs/inplace.md, "Three rows").
//
// Wide, 3 x L -> L x 3: element (i, j) goes to position 3j + i. Row 0 is copied to the
// workspace first; tile [a, b) then reads its three rows (row 0 from the workspace) and
// writes positions [3a, 3b). Tiles take tickets in ascending order. What a tile overwrites:
//   - positions < L: row 0, which lives in the workspace: free;
//   - row 1, column j = p - L < U (U <= L/2): read by tile(j), an earlier or the same tile,
//     because p = 3j' + i >= L + j means j <= j' whenever j <= L/2;
//   - row 1, column j >= U: would be read by tile(j), a later tile. So tile(j - U) saves it
//     into workspace slot j - U, which it has just consumed (slot j - U held row 0's column
//     j - U), and tile(j) reads it from there;
//   - row 2, column j: read by tile(j), earlier or the same.
// So a tile waits for phase 1 (reads and saves done) of the earlier tiles whose data it
// overwrites or whose saves it reads, never for a later one: taking tickets in order, the
// waits cannot deadlock. With U >= L/3 a saver is earlier than the writer of what it saves.
//
// Tall, L x 3 -> 3 x L: the same steps backwards, tiles in descending order, each step
// inverted (de-interleave, restore the saved row-1 columns, copy row 0 out of the workspace
// last). Its waits mirror the wide ones: phase 1 (reads) of the later tiles whose positions
// it overwrites, and phase 2 (writes) of tile(j + U), which leaves row 1's column j + U in
// workspace slot j for tile(j) to restore.
//
// Traffic: the row-0 copy (L), the sweep (3L) and the saves (L/2): 1.5x the matrix each way.
// Host and device share these functions; tests/cpu/test_three_row_schedule.cpp runs the
// sweep on host arrays in random orders that obey the waits.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define XPOSE_THREE_ROW_HD __host__ __device__
#else
#define XPOSE_THREE_ROW_HD
#endif

namespace xpose::detail {

/** 16-byte vectors of each row per thread of a tile (1 and 4 measured no faster, sweep 17). */
constexpr int kThreeRowUnroll = 2;

/** Bytes of each row that one tile (256 threads x kThreeRowUnroll x 16 bytes) covers. */
constexpr std::int64_t kThreeRowTileBytes = 4096 * kThreeRowUnroll;
static_assert((kThreeRowTileBytes & (kThreeRowTileBytes - 1)) == 0,
              "tiles of a power-of-two width for every element size: the kernels shift, not divide");

constexpr std::int64_t three_row_tile_cols(std::int64_t elem_bytes) { return kThreeRowTileBytes / elem_bytes; }

constexpr std::int64_t three_row_tiles(std::int64_t L, std::int64_t tile_cols) {
  return (L + tile_cols - 1) / tile_cols;
}

/** 32-bit words after the L elements: two ticket counters (the sweep may take two
    launches), then phase-1 and phase-2 flags, one per tile. */
constexpr std::int64_t three_row_sync_words(std::int64_t L, std::int64_t elem_bytes) {
  return 2 + 2 * three_row_tiles(L, three_row_tile_cols(elem_bytes));
}

/** The workspace of a 3 x L or L x 3 matrix: L elements, up to 3 bytes to align the words, the words. */
constexpr std::size_t three_row_workspace_bytes(std::int64_t L, std::int64_t elem_bytes) {
  return static_cast<std::size_t>(L * elem_bytes + 3 + 4 * three_row_sync_words(L, elem_bytes));
}

/** Inclusive range of tiles; empty when last < first. */
struct tile_range {
  std::int64_t first = 0, last = -1;
};

/** Up to three ranges of tiles to wait for, and which phase's flags. */
struct tile_waits {
  tile_range range[3];
  int phase = 0;  // 0: reads (and wide saves) done; 1: writes done
};

struct three_row_geometry {
  std::int64_t L = 0;      // the long side
  std::int64_t U = 0;      // row 1's columns from U on pass through the workspace; a multiple of w
  std::int64_t w = 1;      // columns per tile
  std::int64_t tiles = 0;  // ceil(L / w)
  int shift = -1;          // log2(w) when w is a power of two (always, on the device)

  XPOSE_THREE_ROW_HD constexpr std::int64_t tile_of(std::int64_t column) const {
#if defined(__CUDA_ARCH__)
    return column >> shift;  // a 64-bit division would cost the kernels registers and time
#else
    return shift >= 0 ? column >> shift : column / w;
#endif
  }
  XPOSE_THREE_ROW_HD constexpr std::int64_t begin(std::int64_t tile) const { return tile * w; }
  XPOSE_THREE_ROW_HD constexpr std::int64_t end(std::int64_t tile) const {
    return tile * w + w < L ? tile * w + w : L;
  }
  /** Workspace slots [0, saved()) carry row 1's columns [U, L). */
  XPOSE_THREE_ROW_HD constexpr std::int64_t saved() const { return L - U; }

  /** Tiles owning columns [lo, hi), or an empty range. */
  XPOSE_THREE_ROW_HD constexpr tile_range tiles_of(std::int64_t lo, std::int64_t hi) const {
    return lo < hi ? tile_range{tile_of(lo), tile_of(hi - 1)} : tile_range{};
  }
  /** Tiles owning the columns of positions [lo, hi) of the interleaved (L x 3) layout. */
  XPOSE_THREE_ROW_HD constexpr tile_range tiles_of_positions(std::int64_t lo, std::int64_t hi) const {
    return lo < hi ? tile_range{tile_of(lo / 3), tile_of((hi - 1) / 3)} : tile_range{};
  }

  // ---- wide (3 x L -> L x 3), ascending tiles ------------------------------------------

  /** Before reading: row 1's columns >= U come from the workspace, saved by tile(j - U). */
  XPOSE_THREE_ROW_HD constexpr tile_waits wide_read_waits(std::int64_t t) const {
    tile_waits x;
    const std::int64_t a = begin(t) > U ? begin(t) : U;
    x.range[0] = tiles_of(a - U, end(t) - U);
    x.phase = 0;
    return x;
  }
  /** Before writing positions [3a, 3b): the readers of row-1 and row-2 data there. */
  XPOSE_THREE_ROW_HD constexpr tile_waits wide_write_waits(std::int64_t t) const {
    tile_waits x;
    const std::int64_t a = begin(t), b = end(t);
    const std::int64_t lo1 = clamp(3 * a - L), hi1 = clamp(3 * b - L);
    x.range[0] = tiles_of(lo1, hi1 < U ? hi1 : U);               // row 1 below U: its readers
    x.range[1] = tiles_of((lo1 > U ? lo1 : U) - U, hi1 - U);       // row 1 from U: its savers
    x.range[2] = tiles_of(clamp(3 * a - 2 * L), clamp(3 * b - 2 * L));  // row 2: its readers
    x.phase = 0;
    return x;
  }

  // ---- tall (L x 3 -> 3 x L), descending tiles ------------------------------------------

  /** Before restoring row 1's columns [a + U, ...) from workspace slots [a, ...): their writers. */
  XPOSE_THREE_ROW_HD constexpr tile_waits tall_read_waits(std::int64_t t) const {
    tile_waits x;
    const std::int64_t a = begin(t), b = end(t) < saved() ? end(t) : saved();
    x.range[0] = tiles_of(a + U, b + U);
    x.phase = 1;
    return x;
  }
  /** Before writing rows 1 and 2 at columns [a, b): the readers of those interleaved positions. */
  XPOSE_THREE_ROW_HD constexpr tile_waits tall_write_waits(std::int64_t t) const {
    tile_waits x;
    const std::int64_t a = begin(t), b = end(t);
    const std::int64_t below_u = b < U ? b : U, restored = b < saved() ? b : saved();
    x.range[0] = tiles_of_positions(L + a, L + below_u);              // row 1 below U
    x.range[1] = tiles_of_positions(L + U + a, L + U + restored);      // row 1 from U, restored
    x.range[2] = tiles_of_positions(2 * L + a, 2 * L + b);            // row 2
    x.phase = 0;
    return x;
  }

 private:
  XPOSE_THREE_ROW_HD constexpr std::int64_t clamp(std::int64_t column) const {
    return column < 0 ? 0 : column > L ? L : column;
  }
};

/** The sweep needs L >= 8 tiles, so that L / 3 <= U <= L / 2 and U >= w with U a multiple of w. */
constexpr bool three_row_sweep_applies(std::int64_t L, std::int64_t tile_cols) { return L >= 8 * tile_cols; }

/** Tiles [0, n) of which every warp's 512-byte runs, and their aligned 16-byte covers, lie
    inside the rows (v: elements per 16 bytes); the vector kernel leaves the rest to the
    element kernel, in a launch after (wide) or before (tall) its own. */
constexpr std::int64_t three_row_whole_tiles(const three_row_geometry& g, std::int64_t v) {
  const std::int64_t n = (g.L - v) / g.w;
  return n < g.tiles ? n : g.tiles;
}

constexpr three_row_geometry make_three_row_geometry(std::int64_t L, std::int64_t tile_cols) {
  three_row_geometry g;
  g.L = L;
  g.w = tile_cols;
  g.U = L / 2 / tile_cols * tile_cols;
  g.tiles = three_row_tiles(L, tile_cols);
  for (int k = 0; k < 62; ++k) {
    if (std::int64_t{1} << k == tile_cols) g.shift = k;
  }
  return g;
}

}  // namespace xpose::detail
