// The staged few-columns kernel (src/kernels/staged_tall.cu; core/plan.hpp: staged_few_cols),
// which `auto` takes from 8 MiB a call (kStagedMinBytes), so every case here is that large:
// every column count it serves for 1- and 2-byte elements, with output rows that are not
// 16-byte aligned (so every piece offset within a vector, q C E mod 16, every partial last
// micro-column, folded into the one before for 33-35 columns of bytes, and every output-row
// shift runs, with the halo) and with output rows padded to
// 16 bytes (the direct stores), each with a partial last tile whose last chunk is partial;
// for a set of column counts also packed aligned output rows in whole tiles, batches with
// padded strides and output pitches, and batches of short matrices (a tile and a half) with
// the output one element off 16 bytes. Each case checks
// its plan on the CPU first (also where no GPU is present), then runs against the CPU
// reference with the output poisoned and guarded. The input always ends at its allocation's
// end, so that a load past the matrix would fault.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

enum class layout { ragged_misaligned, ragged_padded_aligned, aligned_whole_tiles, batched_padded, offset_short_batch };
const char* const layout_names[] = {"ragged_misaligned", "ragged_padded_aligned", "aligned_whole_tiles",
                                    "batched_padded", "offset_short_batch"};

/** The column counts the planner gives the staged kernel for one packed 16 MiB matrix whose
 *  output rows are 16-byte aligned (aligned_out) or not. */
std::vector<int> planned_col_counts(std::size_t elem, bool aligned_out) {
  std::vector<int> cols;
  for (int c = 1; c <= 600; ++c) {
    gpu_case probe;
    probe.elem_bytes = elem;
    probe.rows = (std::int64_t{1} << 24) / static_cast<std::int64_t>(elem) + (aligned_out ? 0 : 1);
    probe.cols = c;
    if (planned_path(probe) == detail::auto_path::staged_tall) cols.push_back(c);
  }
  return cols;
}

/** The same, as plan.hpp's staged_tall_wins states it: 33 to a limit on misaligned output rows;
 *  on aligned ones 33 to 402, but where the register tile keeps aligned input rows (2-byte
 *  rows of whole vectors but 64 columns, and beyond 64 columns every such row). */
std::vector<int> expected_col_counts(std::size_t elem, bool aligned_out) {
  std::vector<int> cols;
  const int v = 16 / static_cast<int>(elem);
  const int last = aligned_out ? 402 : static_cast<int>(detail::staged_tall_misaligned_max_cols(elem));
  for (int c = 33; c <= last; ++c) {
    const bool aligned_in = c % v == 0;
    if (aligned_out && aligned_in && (c > 64 || (elem == 2 && c != 64))) continue;
    cols.push_back(c);
  }
  return cols;
}

using param = std::tuple<std::size_t, int, int>;  // element bytes, columns, layout

class StagedTall : public ::testing::TestWithParam<param> {};

TEST_P(StagedTall, MatchesCpuReference) {
  const auto [elem, cols, lay] = GetParam();
  const std::int64_t v = 16 / static_cast<std::int64_t>(elem);
  const std::int64_t row_bytes = cols * static_cast<std::int64_t>(elem);
  gpu_case c;
  c.elem_bytes = elem;
  c.cols = cols;
  // Whole tiles of `own` rows enough for kStagedMinBytes in `matrices` matrices.
  const auto rows_for = [&](std::int64_t matrices, std::int64_t own) {
    const std::int64_t rows = (detail::kStagedMinBytes + matrices * row_bytes - 1) / (matrices * row_bytes);
    return (rows + own - 1) / own * own;
  };
  const std::int64_t own_misaligned = detail::staged_tall_own_rows(cols, elem, false);
  const std::int64_t own_aligned = detail::staged_tall_own_rows(cols, elem, true);
  // A matrix's input run starts on 16 bytes: its elements are a multiple of v, or padded to one.
  const auto run_pad = [&](std::int64_t elements) { return (v - elements % v) % v; };
  switch (static_cast<layout>(lay)) {
    case layout::ragged_misaligned:  // packed output rows of rows * E bytes, not a multiple of 16
      c.rows = rows_for(1, own_misaligned) + 5 * v + 3;
      break;
    case layout::ragged_padded_aligned:  // output rows padded to 16 bytes, the last chunk partial
      c.rows = rows_for(1, own_aligned) + 5 * v + 3;
      c.ld_out_pad = v - 3;
      break;
    case layout::aligned_whole_tiles:  // packed 16-byte output rows, whole tiles
      c.rows = rows_for(1, own_aligned);
      break;
    case layout::batched_padded:  // an output pitch off 16 bytes, padded strides
      c.batch = 3;
      c.rows = rows_for(3, own_misaligned) + v;
      c.ld_out_pad = 3;
      c.stride_in_pad = run_pad(c.rows * cols) + v;
      c.stride_out_pad = 5;
      break;
    case layout::offset_short_batch:  // a tile and a half a matrix, the output one element off 16 bytes
      c.rows = std::max<std::int64_t>(own_misaligned + own_misaligned / 2 + 1, cols + 7);
      c.batch = (detail::kStagedMinBytes + c.rows * row_bytes - 1) / (c.rows * row_bytes);
      c.stride_in_pad = run_pad(c.rows * cols);
      c.in_offset = 16;
      c.out_offset = elem;
      break;
  }
  c.seed = 0x57A77A00u + static_cast<std::uint64_t>(elem * 100000 + cols * 10 + lay);
  ASSERT_EQ(planned_path(c), detail::auto_path::staged_tall) << c.describe();
  XPOSE_REQUIRE_GPU();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, cols, lay] = info.param;
  return "cols" + std::to_string(cols) + "_e" + std::to_string(elem) + "_" + layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(EveryMisalignedColumnCountBytes, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(1),
                                            ::testing::ValuesIn(expected_col_counts(1, false)), ::testing::Values(0)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryMisalignedColumnCount2Byte, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(2),
                                            ::testing::ValuesIn(expected_col_counts(2, false)), ::testing::Values(0)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryAlignedColumnCountBytes, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(1),
                                            ::testing::ValuesIn(expected_col_counts(1, true)), ::testing::Values(1)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(EveryAlignedColumnCount2Byte, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(2),
                                            ::testing::ValuesIn(expected_col_counts(2, true)), ::testing::Values(1)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(AlignedWholeTiles, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2), ::testing::Values(33, 50, 100, 201, 402),
                                            ::testing::Values(2)),
                         param_name);
INSTANTIATE_TEST_SUITE_P(Layouts, StagedTall,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2), ::testing::Values(33, 40, 48, 63, 65, 79),
                                            ::testing::Range(3, 5)),
                         param_name);

// The column counts above are the planner's whole class (CPU only).
TEST(StagedTallCols, AreExactlyThePlannersClass) {
  for (const std::size_t elem : {1, 2}) {
    for (const bool aligned_out : {false, true}) {
      EXPECT_EQ(planned_col_counts(elem, aligned_out), expected_col_counts(elem, aligned_out)) << elem << aligned_out;
    }
  }
}

}  // namespace
}  // namespace xpose::testing
