// The sector tile (src/kernels/sector_tile.cu): `auto` for 16-byte elements whose output
// rows do not all start on a 32-byte sector, and for large 8-byte problems on 16-byte
// aligned rows that do not. Each case first checks, on the CPU plan, that it
// takes the sector tile, then runs on the GPU against the CPU reference with the output
// poisoned and guarded. The shapes make every output row start at its own offset, end the
// last tile partially or exactly (a whole last tile must still write the shifted elements of
// the tile above), and add batches, leading dimensions and a pointer one element off.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

enum class layout { partial_last_tile, whole_last_tile, suite_shape, batched_ld, offset_one_element, ld_out_only };
const char* const layout_names[] = {"partial_last_tile",  "whole_last_tile",    "suite_shape",
                                    "batched_ld",         "offset_one_element", "ld_out_only"};

using param = std::tuple<std::size_t, int>;  // element bytes (16), layout

class SectorTile : public ::testing::TestWithParam<param> {};

TEST_P(SectorTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, lay] = GetParam();
  gpu_case c;
  c.elem_bytes = elem;
  switch (static_cast<layout>(lay)) {
    case layout::partial_last_tile: c.rows = 129, c.cols = 257; break;  // output rows of 129: odd
    case layout::whole_last_tile: c.rows = 128, c.cols = 257, c.ld_out_pad = 1; break;
    case layout::suite_shape: c.rows = 4095, c.cols = 4097; break;
    case layout::batched_ld:
      c.batch = 3, c.rows = 100, c.cols = 70;
      c.ld_in_pad = 2, c.ld_out_pad = 1, c.stride_in_pad = 5, c.stride_out_pad = 3;
      break;
    case layout::offset_one_element:
      c.rows = 200, c.cols = 300;
      c.in_offset = elem, c.out_offset = elem;
      break;
    case layout::ld_out_only: c.rows = 256, c.cols = 256, c.ld_out_pad = 3; break;  // only the output misaligned
  }
  c.seed = 0x5EC70000u + static_cast<std::uint64_t>(elem * 100 + lay);
  ASSERT_EQ(planned_path(c), detail::auto_path::sector_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, lay] = info.param;
  return "e" + std::to_string(elem) + "_" + layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(Layouts, SectorTile,
                         ::testing::Combine(::testing::Values<std::size_t>(16), ::testing::Range(0, 6)),
                         param_name);

// 8-byte elements on 16-byte aligned rows whose output rows are off sectors take the tile from
// kSectorTile8MinBytes (128 MiB) per call: a partial last tile row (4098 rows), a whole one with
// ld_out padded, a batch with input pitches off 256 bytes (the 256-byte fetches) and padded
// matrix strides. Just below the size, the padded tile.
struct sector8_case {
  const char* name;
  detail::auto_path path;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad, stride_out_pad;
};

const sector8_case sector8_cases[] = {
    {"rows_4098", detail::auto_path::sector_tile, 1, 4098, 4096, 0, 0, 0, 0},
    {"whole_last_tile_ld_out", detail::auto_path::sector_tile, 1, 4096, 4096, 0, 2, 0, 0},
    {"batched_ld_in", detail::auto_path::sector_tile, 2, 4098, 2050, 2, 0, 2, 4},
    {"below_128_mib", detail::auto_path::tiled_padded, 1, 4098, 4000, 0, 0, 0, 0},
};

class SectorTile8 : public ::testing::TestWithParam<int> {};

TEST_P(SectorTile8, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const sector8_case& k = sector8_cases[GetParam()];
  gpu_case c;
  c.elem_bytes = 8;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  c.stride_in_pad = k.stride_in_pad, c.stride_out_pad = k.stride_out_pad;
  c.seed = 0x5EC78000u + static_cast<std::uint64_t>(GetParam());
  const detail::plan p = planned(c, 0);
  ASSERT_EQ(p.path, k.path) << c.describe();
  ASSERT_TRUE(p.vec_in && p.vec_out && !p.sector_out) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, SectorTile8,
                         ::testing::Range(0, static_cast<int>(sizeof(sector8_cases) / sizeof(sector8_cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(sector8_cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
