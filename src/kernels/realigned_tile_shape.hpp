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
  static constexpr int kSharedBytes = COLS * MT * 16;
  static_assert(MT % 8 == 0, "the swizzle permutes groups of 8 chunks");
};

}  // namespace xpose::detail
