// The realigned tile (src/kernels/realigned_tile.cu): `auto` for 2-byte elements (and bytes
// in matrices of fewer than kResidueMinRows rows) whose output rows are not all 16-byte
// aligned, and for large batched or strided 4-byte layouts with aligned input rows. Each case first checks, on the CPU plan, that it
// takes the realigned tile, then runs on the GPU against the CPU reference with the output
// poisoned and guarded (leading-dimension gaps included), so a tile writing outside the
// bytes it owns is caught. The layouts cover: misaligned rows on both sides (shifted loads,
// the tile one micro-column narrower) and on the output side only (aligned loads); one row of
// tiles, each the first and the last of its output rows; a last tile that is whole (its last
// rows still feed the next tile's sector) and one that is partial; matrices that start or
// end inside a 16-byte chunk (covering chunks outside the matrix are not read); batches
// with leading dimensions and strides; pointers one element off.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"
#include "kernels/realigned_tile_shape.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

enum class layout {
  suite_shape,
  output_rows_only,
  one_tile_row,
  whole_last_tile,
  partial_edges,
  batched_ld,
  offset_one_element,
  offset_out_only,
};
const char* const layout_names[] = {"suite_shape",   "output_rows_only", "one_tile_row",
                                    "whole_last_tile", "partial_edges",  "batched_ld",
                                    "offset_one_element", "offset_out_only"};
constexpr int kLayouts = 8;

struct tile_extent {
  std::int64_t rows, cols;
};

/** The tile with shifted loads (input rows misaligned too): input rows and columns. */
tile_extent shifted_tile(std::size_t elem) {
  using bytes = detail::realigned_byte_shape<false>;
  using halves = detail::realigned_shape<std::uint16_t, false>;
  if (elem == 1) return {bytes::ROWS, bytes::COLS};
  return {halves::ROWS, halves::COLS};
}

using param = std::tuple<std::size_t, int>;  // element bytes, layout

class RealignedTile : public ::testing::TestWithParam<param> {};

TEST_P(RealignedTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, lay] = GetParam();
  const tile_extent tile = shifted_tile(elem);
  // The planner takes this tile only from kRealignedMinBytes* per call on: every case
  // moves at least that much, its other side stretched.
  const std::int64_t min_bytes = elem == 1 ? detail::kRealignedMinBytes1 : detail::kRealignedMinBytes2;
  const std::int64_t min_elements = min_bytes / static_cast<std::int64_t>(elem);
  auto stretch = [&](std::int64_t fixed, std::int64_t step) {  // a multiple of step, fixed x it >= min_elements
    const std::int64_t n = (min_elements + fixed - 1) / fixed;
    return (n + step - 1) / step * step;
  };
  gpu_case c;
  c.elem_bytes = elem;
  switch (static_cast<layout>(lay)) {
    case layout::suite_shape: c.rows = 4095, c.cols = 4097; break;
    case layout::output_rows_only: c.rows = 1001, c.cols = stretch(1001, 16); break;  // input rows aligned
    case layout::one_tile_row: c.rows = 59, c.cols = stretch(59, 1) + 1, c.ld_out_pad = 2; break;  // padded: not skinny
    case layout::whole_last_tile:
      c.rows = 3 * tile.rows, c.cols = stretch(3 * tile.rows, tile.cols), c.ld_out_pad = 1, c.ld_in_pad = 1;
      break;
    case layout::partial_edges: c.rows = 2 * tile.rows + 17, c.cols = stretch(2 * tile.rows + 17, tile.cols) + 5; break;
    case layout::batched_ld:
      c.rows = 300, c.cols = 170, c.batch = stretch(300 * 170, 1);
      c.ld_in_pad = 3, c.ld_out_pad = 1, c.stride_in_pad = 5, c.stride_out_pad = 7;
      break;
    case layout::offset_one_element:
      c.rows = 3001, c.cols = stretch(3001, 1) + 2;
      c.in_offset = elem, c.out_offset = elem;
      break;
    case layout::offset_out_only: c.rows = 4096, c.cols = stretch(4096, 16), c.out_offset = elem; break;
  }
  c.seed = 0x2EA10000u + static_cast<std::uint64_t>(elem * 100 + lay);
  ASSERT_EQ(planned_path(c), detail::auto_path::realigned_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, lay] = info.param;
  return "e" + std::to_string(elem) + "_" + layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(Layouts, RealignedTile,
                         ::testing::Combine(::testing::Values<std::size_t>(2), ::testing::Range(0, kLayouts)),
                         param_name);
// Bytes take the residue tile from kResidueMinRows rows on (test_residue_tile.cpp); with
// fewer, from kRealignedMinBytes1, this one.
INSTANTIATE_TEST_SUITE_P(Bytes, RealignedTile,
                         ::testing::Combine(::testing::Values<std::size_t>(1),
                                            ::testing::Values(static_cast<int>(layout::one_tile_row))),
                         param_name);

// 4-byte elements take the tile only batched or strided, with aligned input rows, from
// kRealignedMinBytes4 (every other 4-byte layout: the element tile): a padded output leading
// dimension, a packed batch, and an output pointer one element off with padding.
struct word_case {
  const char* name;
  std::int64_t batch, rows, cols, ld_out_pad;
  std::size_t out_offset;
};
const word_case word_cases[] = {
    {"ld_out", 1, 8192, 4096, 1, 0},
    {"batch", 8, 301, 14000, 0, 0},
    {"offset_out_ld_out", 1, 4096, 8192, 4, 4},
};

class RealignedTileWords : public ::testing::TestWithParam<int> {};

TEST_P(RealignedTileWords, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const word_case& k = word_cases[GetParam()];
  gpu_case c;
  c.elem_bytes = 4;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols, c.ld_out_pad = k.ld_out_pad, c.out_offset = k.out_offset;
  c.seed = 0x2EA14000u + static_cast<std::uint64_t>(GetParam());
  ASSERT_GE(k.batch * k.rows * k.cols * 4, detail::kRealignedMinBytes4) << c.describe();
  ASSERT_EQ(planned_path(c), detail::auto_path::realigned_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, RealignedTileWords,
                         ::testing::Range(0, static_cast<int>(sizeof(word_cases) / sizeof(word_cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(word_cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
