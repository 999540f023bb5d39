// The realigned tile (src/kernels/realigned_tile.cu): `auto` for 1- and 2-byte elements in
// matrices of fewer than residue_min_rows rows (the residue tile's threshold) whose output
// rows are not all 16-byte aligned and are padded (packed ones take the skinny kernel since
// session 45: plan.hpp, short_misaligned_wide), and for large batched or strided 4-byte layouts with
// aligned input rows. Each case first checks, on the CPU plan, that it takes the realigned
// tile, then runs on the GPU against the CPU reference with the output poisoned and guarded
// (leading-dimension gaps included), so a tile writing outside the bytes it owns is caught.
// With so few rows every 1- and 2-byte case is one row of tiles, each the first and the last
// of its output rows; the layouts cover misaligned rows on both sides (shifted loads, the
// tile one micro-column narrower) and on the output side only (aligned loads), a partial
// last column tile, matrices that start or end inside a 16-byte chunk (covering chunks
// outside the matrix are not read), batches with leading dimensions and strides, pointers
// one element off. The 4-byte cases (RealignedTileWords) have several tile rows.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

enum class layout {
  one_tile_row,
  few_rows,
  few_rows_aligned_input,
  batched_ld,
  offset_one_element,
  offset_out_only,
};
const char* const layout_names[] = {"one_tile_row",       "few_rows",          "few_rows_aligned_input",
                                    "batched_ld",         "offset_one_element", "offset_out_only"};
constexpr int kLayouts = 6;

using param = std::tuple<std::size_t, int>;  // element bytes, layout

class RealignedTile : public ::testing::TestWithParam<param> {};

TEST_P(RealignedTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, lay] = GetParam();
  // The planner takes this tile for 1 and 2 bytes only below residue_min_rows rows (one tile
  // row of this tile) and from kRealignedMinBytes* per call on: every case moves at least
  // that much, its long side stretched, its last column tile partial.
  const std::int64_t min_bytes = elem == 1 ? detail::kRealignedMinBytes1 : detail::kRealignedMinBytes2;
  const std::int64_t min_elements = min_bytes / static_cast<std::int64_t>(elem);
  const std::int64_t rows = detail::residue_min_rows(elem) - 1;
  auto stretch = [&](std::int64_t fixed) { return (min_elements + fixed - 1) / fixed + 5; };
  gpu_case c;
  c.elem_bytes = elem;
  switch (static_cast<layout>(lay)) {
    case layout::one_tile_row: c.rows = 59, c.cols = stretch(59) + 1, c.ld_out_pad = 2; break;  // padded: not skinny
    case layout::few_rows: c.rows = rows, c.cols = stretch(rows), c.ld_out_pad = 2; break;
    case layout::few_rows_aligned_input: c.rows = rows, c.cols = (stretch(rows) + 15) / 16 * 16, c.ld_out_pad = 2; break;
    case layout::batched_ld:
      c.rows = 100, c.cols = 170, c.batch = stretch(100 * 170);
      c.ld_in_pad = 3, c.ld_out_pad = 1, c.stride_in_pad = 5, c.stride_out_pad = 7;
      c.batched_call = true;
      break;
    case layout::offset_one_element:
      c.rows = 121, c.cols = stretch(121) + 2;
      c.in_offset = elem, c.out_offset = elem, c.ld_out_pad = 2;
      break;
    case layout::offset_out_only:
      c.rows = 128, c.cols = (stretch(128) + 15) / 16 * 16, c.out_offset = elem, c.ld_out_pad = 2;
      break;
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
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2), ::testing::Range(0, kLayouts)),
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
