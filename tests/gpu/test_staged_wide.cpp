// The staged few-rows kernel (src/kernels/staged_wide.cu; core/plan.hpp: staged_few_rows),
// which `auto` takes from 8 MiB a call (kStagedMinBytes), so every case here is that large:
// every row count it serves for 1- and 2-byte elements, so that every piece offset within a
// word (R * E mod 4) and every partial last micro-row (R mod 16 / E; folded into the micro-row
// above for 33-35 rows of bytes) runs, each with a partial
// last tile whose last micro-column holds 3 elements (input rows padded to whole vectors); for
// a set of row counts also whole tiles only, batches with padded strides and leading
// dimensions, and batches of matrices narrower than one tile with pointers 16 bytes off a
// 256-byte boundary. Its shifted form (input rows not 16-byte aligned) the same way: every row
// count it serves, with an odd input pitch and the input pointer one element off 16 bytes (the
// batch's first and last chunks read byte by byte), and batches with odd pitches and strides. Each case checks its plan on the CPU first (also where no GPU is
// present), then runs against the CPU reference with the output poisoned and guarded.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

enum class layout { ragged_last_tile, whole_tiles, batched_padded, offset_narrow_batch, shifted_rows, shifted_batched };
const char* const layout_names[] = {"ragged_last_tile", "whole_tiles",  "batched_padded",
                                    "offset_narrow_batch", "shifted_rows", "shifted_batched"};

/** The row counts the planner gives the staged kernel with 16-byte aligned, packed rows: 33
 *  to kStagedMaxRows, but for those whose output rows are whole 32-byte sectors up to 64 rows
 *  (the register tile) or whole 16-byte vectors above (not few-rows matrices). */
std::vector<int> staged_row_counts(std::size_t elem) {
  std::vector<int> rows;
  for (int r = 33; r <= detail::kStagedMaxRows; ++r) {
    const int out_row_bytes = r * static_cast<int>(elem);
    if (r <= 64 && out_row_bytes % 32 == 0) continue;
    if (r > 64 && out_row_bytes % 16 == 0) continue;
    rows.push_back(r);
  }
  return rows;
}

/** The row counts the planner gives the staged kernel on input rows that are not 16-byte
 *  aligned (its shifted form): 33 to staged_shifted_max_rows, but above 64 only those whose
 *  output rows are not whole 16-byte vectors (the others are not few-rows matrices). */
std::vector<int> shifted_row_counts(std::size_t elem) {
  std::vector<int> rows;
  for (int r = 33; r <= detail::staged_shifted_max_rows(elem); ++r) {
    if (r > 64 && r * static_cast<int>(elem) % 16 == 0) continue;
    rows.push_back(r);
  }
  return rows;
}

using param = std::tuple<std::size_t, int, int>;  // element bytes, rows, layout

class StagedWide : public ::testing::TestWithParam<param> {};

TEST_P(StagedWide, MatchesCpuReference) {
  const auto [elem, rows, lay] = GetParam();
  const std::int64_t v = 16 / static_cast<std::int64_t>(elem);
  const std::int64_t tile = detail::staged_wide_tile_cols(rows, elem);
  const std::int64_t column_bytes = rows * static_cast<std::int64_t>(elem);
  // Whole tiles enough for kStagedMinBytes in `matrices` matrices.
  const auto tiles_for = [&](std::int64_t matrices) {
    const std::int64_t cols = (detail::kStagedMinBytes + matrices * column_bytes - 1) / (matrices * column_bytes);
    return (cols + tile - 1) / tile;
  };
  gpu_case c;
  c.elem_bytes = elem;
  c.rows = rows;
  switch (static_cast<layout>(lay)) {
    case layout::ragged_last_tile:  // input rows padded to whole vectors
      c.cols = tiles_for(1) * tile + 5 * v + 3;
      c.ld_in_pad = v - 3;
      break;
    case layout::whole_tiles: c.cols = tiles_for(1) * tile; break;
    case layout::batched_padded:  // strides and the input pitch keep 16-byte alignment
      c.batch = 3;
      c.cols = tiles_for(3) * tile + v;
      c.ld_in_pad = v;
      c.stride_in_pad = 2 * v;
      c.stride_out_pad = v;
      break;
    case layout::offset_narrow_batch:  // one partial tile a matrix, pointers 16 bytes off 256
      c.cols = 3 * v + 1;
      c.ld_in_pad = v - 1;
      c.batch = (detail::kStagedMinBytes + c.cols * column_bytes - 1) / (c.cols * column_bytes);
      c.stride_out_pad = v - (rows * c.cols) % v;  // each output run starts on 16 bytes
      c.in_offset = c.out_offset = 16;
      break;
    case layout::shifted_rows:  // input rows off 16 bytes: an odd pitch, the pointer one element on
      c.cols = tiles_for(1) * tile + 5 * v + 3;
      c.ld_in_pad = 1;
      c.in_offset = elem;
      break;
    case layout::shifted_batched:  // the same, batched, the input stride off 16 bytes too
      c.batch = 3;
      c.cols = tiles_for(3) * tile + v + 1;
      c.ld_in_pad = 3;
      c.stride_in_pad = 5;
      c.stride_out_pad = (v - (rows * c.cols) % v) % v;  // each output run starts on 16 bytes
      break;
  }
  c.seed = 0x57A6ED00u + static_cast<std::uint64_t>(elem * 100000 + rows * 10 + lay);
  ASSERT_EQ(planned_path(c), detail::auto_path::staged_wide) << c.describe();
  XPOSE_REQUIRE_GPU();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, rows, lay] = info.param;
  return "rows" + std::to_string(rows) + "_e" + std::to_string(elem) + "_" + layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(EveryRowCountBytes, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(1),
                                            ::testing::ValuesIn(staged_row_counts(1)), ::testing::Values(0)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryRowCount2Byte, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(2),
                                            ::testing::ValuesIn(staged_row_counts(2)), ::testing::Values(0)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryRowCountShiftedBytes, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(1),
                                            ::testing::ValuesIn(shifted_row_counts(1)), ::testing::Values(4)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryRowCountShifted2Byte, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(2),
                                            ::testing::ValuesIn(shifted_row_counts(2)), ::testing::Values(4)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(ShiftedBatched, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2),
                                            ::testing::Values(33, 37, 48, 63, 65, 100, 127, 150, 179), ::testing::Values(5)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(Layouts, StagedWide,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2),
                                            ::testing::Values(33, 37, 63, 65, 100, 127, 150, 201, 402), ::testing::Range(1, 4)),
                         param_name);

// The row counts above are the whole class: the planner sends each of them, and no count
// outside them, to the staged kernel (CPU only).
TEST(StagedWideRows, AreExactlyThePlannersClass) {
  for (const std::size_t elem : {1, 2}) {
    const auto listed = staged_row_counts(elem);
    std::vector<int> planned_rows;
    for (int r = 1; r <= 600; ++r) {
      gpu_case c;
      c.elem_bytes = elem;
      c.rows = r;
      c.cols = 1 << 20;
      if (planned_path(c) == detail::auto_path::staged_wide) planned_rows.push_back(r);
    }
    EXPECT_EQ(planned_rows, listed) << elem;
    EXPECT_GT(listed.size(), 100u) << elem;
    // Input rows off 16 bytes (an odd pitch): the shifted form's class.
    std::vector<int> shifted_rows;
    for (int r = 1; r <= 600; ++r) {
      gpu_case c;
      c.elem_bytes = elem;
      c.rows = r;
      c.cols = (1 << 20) + 1;
      if (planned_path(c) == detail::auto_path::staged_wide) shifted_rows.push_back(r);
    }
    EXPECT_EQ(shifted_rows, shifted_row_counts(elem)) << elem;
    EXPECT_GT(shifted_rows.size(), 100u) << elem;
  }
}

}  // namespace
}  // namespace xpose::testing
