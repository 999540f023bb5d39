// The residue tile (src/kernels/residue_tile.cu): `auto` for 1-byte elements whose rows are
// not all 16-byte aligned, from two tile rows on. Each case first checks, on the CPU plan,
// that it takes the residue tile, then runs on the GPU against the CPU reference with the
// output poisoned and guarded (leading-dimension gaps included), so a tile that writes
// outside the bytes it owns, or leaves an owned byte unwritten, is caught. The layouts cover:
// misaligned rows on both sides, on the input side only and on the output side only; the
// fewest rows the planner gives it (two tile rows, both edge tiles); a last tile that ends
// exactly at the matrix's last row (its output runs end one chunk past the tile's usual
// last) and partial edge tiles both ways; matrices that start or end inside a 16-byte chunk
// (covering chunks outside the input are not read: its first and last rows go element by
// element); batches with leading dimensions and strides; pointers off 16-byte boundaries;
// calls below and above kColumnOrderMinBytes (row and column tile order).
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace xpose::testing {
namespace {

// The tile's extent in input rows and columns (residue_tile.cu: 7 chunks of 16 rows, 128 columns).
constexpr std::int64_t kTileRows = detail::kResidueMinRows - 1, kTileCols = 128;

struct residue_case {
  const char* name;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad, stride_out_pad;
  std::size_t in_offset, out_offset;
};

const residue_case cases[] = {
    {"suite_shape", 1, 4095, 4097, 0, 0, 0, 0, 0, 0},
    {"input_rows_only", 1, 4096, 4097, 0, 0, 0, 0, 0, 0},
    {"output_rows_only", 1, 4097, 4096, 0, 0, 0, 0, 0, 0},
    {"two_tile_rows", 1, kTileRows + 1, 5001, 0, 0, 0, 0, 0, 0},
    {"whole_last_tile", 1, 3 * kTileRows, 3 * kTileCols, 1, 1, 0, 0, 0, 0},
    {"partial_edges", 1, 2 * kTileRows + 17, 2 * kTileCols + 5, 0, 0, 0, 0, 0, 0},
    {"one_tile_column", 1, 3001, 100, 0, 0, 0, 0, 0, 0},
    {"batched_ld", 7, 300, 170, 3, 1, 5, 7, 0, 0},
    {"batched_packed", 16, 1001, 1003, 0, 0, 0, 0, 0, 0},
    {"offset_both", 1, 3001, 2999, 0, 0, 0, 0, 1, 3},
    {"offset_in_only", 1, 2048, 2048, 0, 0, 0, 0, 1, 0},
    {"offset_out_only_ld", 1, 2048, 2048, 16, 0, 0, 0, 0, 5},
    {"ld_out_odd", 1, 4096, 4096, 0, 1, 0, 0, 0, 0},
    {"large_column_order", 1, 8191, 8193, 0, 0, 0, 0, 0, 0},
};

class ResidueTile : public ::testing::TestWithParam<int> {};

TEST_P(ResidueTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const residue_case& k = cases[GetParam()];
  gpu_case c;
  c.elem_bytes = 1;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  c.stride_in_pad = k.stride_in_pad, c.stride_out_pad = k.stride_out_pad;
  c.in_offset = k.in_offset, c.out_offset = k.out_offset;
  c.batched_call = k.batch > 1;
  c.seed = 0x2E51D000u + static_cast<std::uint64_t>(GetParam());
  ASSERT_EQ(planned_path(c), detail::auto_path::residue_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, ResidueTile, ::testing::Range(0, static_cast<int>(sizeof(cases) / sizeof(cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
