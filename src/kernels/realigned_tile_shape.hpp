// Tile geometry of the realigned tile (realigned_tile.cu), shared with its GPU test so
// that the test's shapes land on the tile boundaries they mean to cover.
#pragma once

namespace xpose::detail {

constexpr int kRealignedMicroCols = 8;       // lanes per group: 128 bytes of each input row
constexpr int kRealignedExtraMicroRows = 2;  // 32 bytes of each output row before the tile

/**
 * A tile of MT micro-rows (the extra two included) x 8 micro-columns of V x V elements (V = 16 / E); THREADS threads each
 * move U micro-tiles. With shifted loads the eighth lane of each group of 8 only loads the
 * chunk after the seventh's, which that lane needs for its shift (a shuffle away), so
 * every lane makes one load per row and the tile is 7 micro-columns wide. Measured per
 * element size (sweep 23): 2 bytes 256 x 1 on 3 blocks per SM, 4 bytes 256 x 2 on 4.
 */
template <class T, bool IN_ALIGNED>
struct realigned_shape {
  static constexpr int E = sizeof(T);
  static constexpr int V = 16 / E;
  static constexpr bool HELPER = !IN_ALIGNED;
  static constexpr int TILE_MICRO_COLS = HELPER ? kRealignedMicroCols - 1 : kRealignedMicroCols;
  static constexpr int THREADS = 256;
  static constexpr int U = E == 4 ? 2 : 1;
  static constexpr int MIN_BLOCKS = E == 4 ? 4 : 3;
  static constexpr int MT = THREADS * U / kRealignedMicroCols;      // micro-rows, the extra two included
  static constexpr int HALO = kRealignedExtraMicroRows * V;         // input rows staged above the tile
  static constexpr int ROWS = (MT - kRealignedExtraMicroRows) * V;  // input rows a tile owns
  static constexpr int COLS = TILE_MICRO_COLS * V;                  // input columns (output rows) of a tile
  static constexpr int OUT = V;                                     // output rows per micro-tile
  static constexpr int kSharedBytes = COLS * MT * 16;
  static_assert(MT % 8 == 0, "the swizzle permutes groups of 8 chunks");
};

/**
 * Bytes: micro-tiles of 16 rows x 8 bytes (8 output rows of 16 bytes), half the registers of
 * a 16 x 16-byte one (which needed 128: 46-55% of memcpy, sweep 23); groups of 16 lanes
 * read 128 bytes of a row (15 micro-tiles and the helper lane with shifted loads). U
 * micro-tiles per thread.
 */
template <bool IN_ALIGNED>
struct realigned_byte_shape {
  static constexpr int E = 1;
  static constexpr int GROUP = 16;                  // lanes along a row
  static constexpr bool HELPER = !IN_ALIGNED;
  static constexpr int TILE_MICRO_COLS = HELPER ? GROUP - 1 : GROUP;
  static constexpr int THREADS = 256;
  static constexpr int U = 2;           // 3 blocks per SM, 80 registers (1 micro-tile on 4: spills, 44-56%)
  static constexpr int MIN_BLOCKS = 3;
  static constexpr int IN = 16;                     // input rows per micro-tile
  static constexpr int OUT = 8;                     // input columns (output rows) per micro-tile
  static constexpr int MT = THREADS / GROUP * U;    // micro-rows, the extra two included
  static constexpr int HALO = kRealignedExtraMicroRows * IN;
  static constexpr int ROWS = (MT - kRealignedExtraMicroRows) * IN;
  static constexpr int COLS = TILE_MICRO_COLS * OUT;
  static constexpr int kSharedBytes = COLS * MT * 16;
  static_assert(MT % 8 == 0, "the swizzle permutes groups of 8 chunks");
};

}  // namespace xpose::detail
