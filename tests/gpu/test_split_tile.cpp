// The split tile (src/kernels/split_tile.cu): `auto` for 16-byte elements whose output rows
// lie on 32-byte sectors. Each case first checks, on the CPU plan, that it takes the split
// tile, then runs on the GPU against the CPU reference with the output poisoned and
// guarded. Small views of long rows keep the buffers small: partial and whole edge tiles, a
// batch with strides, a single row and a single column of tiles.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

constexpr std::int64_t kPitchIn = 16384, kPitchOut = 24576;  // elements: 256 and 384 KiB rows

struct shape {
  const char* name;
  std::int64_t batch, rows, cols, extra_pitch;  // pitches: kPitchIn / kPitchOut + extra_pitch elements
};

const shape shapes[] = {
    {"partial_tiles", 1, 100, 70, 0},  {"whole_tiles", 1, 64, 96, 2},     {"batched", 3, 45, 33, 16},
    {"one_row", 1, 1, 300, 0},         {"one_column", 1, 300, 1, 0},      {"single_tile", 1, 32, 32, 0},
};

using param = std::tuple<std::size_t, int>;  // element bytes (16), shape

class SplitTile : public ::testing::TestWithParam<param> {};

TEST_P(SplitTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, index] = GetParam();
  const shape& s = shapes[index];
  gpu_case c;
  c.elem_bytes = elem;  // the pitches stay even: 16-byte output rows on 32-byte sectors
  c.batch = s.batch, c.rows = s.rows, c.cols = s.cols;
  c.ld_in_pad = kPitchIn + s.extra_pitch - s.cols;
  c.ld_out_pad = kPitchOut + s.extra_pitch - s.rows;
  if (s.batch > 1) c.stride_in_pad = 6, c.stride_out_pad = 2;
  c.seed = 0x5B117000u + static_cast<std::uint64_t>(elem * 100 + index);
  ASSERT_EQ(planned_path(c), detail::auto_path::split_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, SplitTile, ::testing::Combine(::testing::Values<std::size_t>(16), ::testing::Range(0, 6)),
                         [](const ::testing::TestParamInfo<param>& info) {
                           return "e" + std::to_string(std::get<0>(info.param)) + "_" + shapes[std::get<1>(info.param)].name;
                         });

}  // namespace
}  // namespace xpose::testing
