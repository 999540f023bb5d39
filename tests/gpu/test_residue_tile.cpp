// The residue tile (src/kernels/residue_tile.cu): `auto` for 1- and 2-byte elements whose
// rows are not all 16-byte aligned, from residue_min_rows rows on. Each case first checks, on the CPU plan,
// that it takes the residue tile, then runs on the GPU against the CPU reference with the
// output poisoned and guarded (leading-dimension gaps included), so a tile that writes
// outside the bytes it owns, or leaves an owned byte unwritten, is caught. The layouts cover:
// misaligned rows on both sides, on the input side only and on the output side only; the
// fewest rows the planner gives it (both tile rows edge tiles); a last tile that ends
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
#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

struct residue_case {
  const char* name;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad, stride_out_pad;
  std::size_t in_offset, out_offset;  // in elements
};

/** The cases for elem-byte elements (tile: 112 / 120 input rows, 128 / 64 columns). */
std::vector<residue_case> cases_for(std::size_t elem) {
  const std::int64_t min_rows = detail::residue_min_rows(elem);  // one and a half tile rows
  const std::int64_t tile_rows = min_rows * 2 / 3, tile_cols = 128 / static_cast<std::int64_t>(elem);
  return {
      {"suite_shape", 1, 4095, 4097, 0, 0, 0, 0, 0, 0},
      {"input_rows_only", 1, 4096, 4097, 0, 0, 0, 0, 0, 0},
      {"output_rows_only", 1, 4097, 4096, 0, 0, 0, 0, 0, 0},
      {"fewest_rows", 1, min_rows, 5001, 0, 0, 0, 0, 0, 0},
      {"whole_last_tile", 1, 3 * tile_rows, 3 * tile_cols, 1, 1, 0, 0, 0, 0},
      {"partial_edges", 1, 2 * tile_rows + 17, 2 * tile_cols + 5, 0, 0, 0, 0, 0, 0},
      {"narrow_cols", 1, 3001, 100, 0, 0, 0, 0, 0, 0},  // one tile column for bytes
      {"batched_ld", 7, 300, 170, 3, 1, 5, 7, 0, 0},
      {"batched_packed", 16, 1001, 1003, 0, 0, 0, 0, 0, 0},
      {"offset_both", 1, 3001, 2999, 0, 0, 0, 0, 1, 3},
      {"offset_in_only", 1, 2048, 2048, 0, 0, 0, 0, 1, 0},
      {"offset_out_only_ld", 1, 2048, 2048, 16, 0, 0, 0, 0, 5},
      {"ld_out_odd", 1, 4096, 4096, 0, 1, 0, 0, 0, 0},
      {"large_column_order", 1, 8191, 8193, 0, 0, 0, 0, 0, 0},
  };
}
constexpr int kCases = 14;

using param = std::tuple<std::size_t, int>;  // element bytes, case

class ResidueTile : public ::testing::TestWithParam<param> {};

TEST_P(ResidueTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, index] = GetParam();
  const residue_case k = cases_for(elem)[static_cast<std::size_t>(index)];
  gpu_case c;
  c.elem_bytes = elem;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  c.stride_in_pad = k.stride_in_pad, c.stride_out_pad = k.stride_out_pad;
  c.in_offset = k.in_offset * elem, c.out_offset = k.out_offset * elem;
  c.batched_call = k.batch > 1;
  c.seed = 0x2E51D000u + static_cast<std::uint64_t>(elem * 100 + index);
  ASSERT_EQ(planned_path(c), detail::auto_path::residue_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, index] = info.param;
  return "e" + std::to_string(elem) + "_" + cases_for(elem)[static_cast<std::size_t>(index)].name;
}

INSTANTIATE_TEST_SUITE_P(Layouts, ResidueTile,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2), ::testing::Range(0, kCases)),
                         param_name);

}  // namespace
}  // namespace xpose::testing
