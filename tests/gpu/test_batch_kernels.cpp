// The kernels `auto` gives packed batches without block tiles: micro-tiles over many small
// matrices (src/kernels/batch_micro_tile.cuh) and the interleave of few-row matrices
// (src/kernels/batch_interleave.cuh), which also takes one matrix of 8-byte elements. Each
// case first checks, on the CPU plan, that it takes the kernel under test, then runs on the
// GPU against the CPU reference with the output poisoned. Batches are sized so that the last
// block is partial and, for the micro-tiles, so that thread's second micro-tile (4-byte
// elements) is missing in it.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

using micro_param = std::tuple<std::size_t, int, int, int>;  // element bytes, rows and cols in vectors, batch

class BatchMicroTile : public ::testing::TestWithParam<micro_param> {};

TEST_P(BatchMicroTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, rv, cv, batch] = GetParam();
  const std::int64_t v = 16 / static_cast<std::int64_t>(elem);
  gpu_case c;
  c.elem_bytes = elem;
  c.rows = rv * v;
  c.cols = cv * v;
  c.batch = batch;
  c.batched_call = true;
  c.seed = 0xBA7C0000u + static_cast<std::uint64_t>(elem * 100000 + rv * 1000 + cv * 100 + batch);
  // Wide matrices of at most kMaxBatchInterleaveRows rows go to the interleave instead.
  const bool interleaved = c.rows <= detail::kMaxBatchInterleaveRows && c.rows < c.cols;
  ASSERT_EQ(planned_path(c), interleaved ? detail::auto_path::batch_interleave : detail::auto_path::batch_micro_tile)
      << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string micro_name(const ::testing::TestParamInfo<micro_param>& info) {
  const auto [elem, rv, cv, batch] = info.param;
  return "e" + std::to_string(elem) + "_" + std::to_string(rv) + "x" + std::to_string(cv) + "_vectors_batch" +
         std::to_string(batch);
}

INSTANTIATE_TEST_SUITE_P(Shapes, BatchMicroTile,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4), ::testing::Values(1, 2, 3),
                                            ::testing::Values(1, 2, 5), ::testing::Values(2, 7, 301)),
                         micro_name);

using interleave_param = std::tuple<std::size_t, int, int>;  // element bytes, rows, layout

class BatchInterleave : public ::testing::TestWithParam<interleave_param> {};

TEST_P(BatchInterleave, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, rows, lay] = GetParam();
  const std::int64_t piece_elems = 8 / static_cast<std::int64_t>(elem);
  gpu_case c;
  c.elem_bytes = elem;
  c.rows = rows;
  switch (lay) {
    case 0: c.cols = 1000; c.batch = 5; break;                     // (5, R, 1000): the suite's row length
    case 1: c.cols = 37 * piece_elems; c.batch = 41; break;         // 37 pieces a row, partial last block
    default: c.cols = 3 * 8192 * piece_elems + 8 / static_cast<std::int64_t>(elem) * 5; c.batch = 3; break;  // long rows
  }
  c.batched_call = true;
  c.seed = 0xB1E40000u + static_cast<std::uint64_t>(elem * 1000 + rows * 10 + lay);
  ASSERT_EQ(planned_path(c), detail::auto_path::batch_interleave) << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string interleave_name(const ::testing::TestParamInfo<interleave_param>& info) {
  const auto [elem, rows, lay] = info.param;
  const char* const layouts[] = {"cols1000", "pieces37", "long_rows"};
  return "rows" + std::to_string(rows) + "_e" + std::to_string(elem) + "_" + layouts[lay];
}

INSTANTIATE_TEST_SUITE_P(EveryRowCount, BatchInterleave,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4, 8),
                                            ::testing::Range(1, detail::kMaxBatchInterleaveRows + 1),
                                            ::testing::Range(0, 3)),
                         interleave_name);

// One matrix of 1 to 3 rows of 8-byte elements takes the interleave too (the skinny
// interleave kernels take 1, 2 and 4 bytes only): rows of a few pieces, long rows with a
// partial last block, 2^20 + 3 pieces, through the single-matrix entry point.
using one_matrix_param = std::tuple<int, std::int64_t>;  // rows, cols

class OneMatrixInterleave : public ::testing::TestWithParam<one_matrix_param> {};

TEST_P(OneMatrixInterleave, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [rows, cols] = GetParam();
  gpu_case c;
  c.elem_bytes = 8;
  c.rows = rows;
  c.cols = cols;
  c.seed = 0x1E8A0000u + static_cast<std::uint64_t>(rows * 7919 + cols);
  ASSERT_EQ(planned_path(c), detail::auto_path::batch_interleave) << c.describe();
  EXPECT_TRUE(run_case(c));
  c.out_offset = 8;  // 8-byte but not 16-byte aligned output
  ASSERT_EQ(planned_path(c), detail::auto_path::batch_interleave) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(EveryRowCount, OneMatrixInterleave,
                         ::testing::Combine(::testing::Range(1, detail::kMaxBatchInterleaveRows + 1),
                                            ::testing::Values<std::int64_t>(5, 37, 3 * 8192 + 5, (1 << 20) + 3)),
                         [](const ::testing::TestParamInfo<one_matrix_param>& info) {
                           return "rows" + std::to_string(std::get<0>(info.param)) + "_cols" +
                                  std::to_string(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace xpose::testing
