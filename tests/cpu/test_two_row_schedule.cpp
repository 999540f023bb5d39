// The 2 x L in-place steps (src/core/two_row_schedule.hpp), checked on the host: no block
// overwrites its own sources, row 0's prefix fits the consumed workspace slots, and
// running the steps on host arrays the way the launcher does transposes every 2 x L and
// L x 2 matrix.
#include "core/two_row_schedule.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace xpose::detail {
namespace {

// Host models of the GPU steps. A block reads all its sources before writing (threads
// are unordered, so the plan must never need otherwise: checked by the disjointness test).
void block_interleave(const int* row0, const int* row1, int* pairs, std::int64_t n) {
  std::vector<int> out(static_cast<std::size_t>(2 * n));
  for (std::int64_t j = 0; j < n; ++j) {
    out[2 * j] = row0[j];
    out[2 * j + 1] = row1[j];
  }
  std::copy(out.begin(), out.end(), pairs);
}

void block_deinterleave(const int* pairs, int* row0, int* row1, std::int64_t n) {
  std::vector<int> in(pairs, pairs + 2 * n);
  for (std::int64_t j = 0; j < n; ++j) {
    row0[j] = in[2 * j];
    row1[j] = in[2 * j + 1];
  }
}

// The launcher's steps (src/kernels/inplace_two_rows.cu) on host arrays.
std::vector<int> run_wide(std::vector<int> v, std::int64_t L, std::int64_t limit) {
  const two_row_plan p = make_two_row_plan(L, limit);
  std::vector<int> ws(static_cast<std::size_t>(L), -1);
  int* x = v.data();
  std::copy(x + L, x + 2 * L, ws.data());
  if (p.staged) {
    block_interleave(std::vector<int>(x, x + L).data(), ws.data(), x, L);
  } else {
    block_interleave(x + p.a1, ws.data() + p.a1, x + 2 * p.a1, L - p.a1);
    // Steps 3 and 4 share a launch on the GPU: model the copy reading first, then the block
    // (they touch disjoint ranges whenever a2 < a1, so the order does not matter).
    const std::vector<int> prefix(x, x + p.a2);
    block_interleave(x + p.a2, ws.data() + p.a2, x + 2 * p.a2, p.a1 - p.a2);
    std::copy(prefix.begin(), prefix.end(), ws.data() + p.a1);
    block_interleave(ws.data() + p.a1, ws.data(), x, p.a2);
  }
  return v;
}

std::vector<int> run_tall(std::vector<int> v, std::int64_t L, std::int64_t limit) {
  const two_row_plan p = make_two_row_plan(L, limit);
  std::vector<int> ws(static_cast<std::size_t>(L), -1);
  int* x = v.data();
  if (p.staged) {
    block_deinterleave(x, x, ws.data(), L);
  } else {
    block_deinterleave(x, ws.data() + p.a1, ws.data(), p.a2);
    const std::vector<int> prefix(ws.data() + p.a1, ws.data() + p.a1 + p.a2);
    block_deinterleave(x + 2 * p.a2, x + p.a2, ws.data() + p.a2, p.a1 - p.a2);
    std::copy(prefix.begin(), prefix.end(), x);
    block_deinterleave(x + 2 * p.a1, x + p.a1, ws.data() + p.a1, L - p.a1);
  }
  std::copy(ws.begin(), ws.end(), x + L);
  return v;
}

TEST(TwoRowSchedule, BlocksDoNotOverwriteTheirSourcesAndFitTheWorkspace) {
  for (const std::int64_t limit : {std::int64_t{256}, std::int64_t{1536}}) {
    for (std::int64_t L = limit + 1; L < limit + 5000; L += 7) {
      const two_row_plan p = make_two_row_plan(L, limit);
      ASSERT_FALSE(p.staged);
      EXPECT_LE(L, 2 * p.a1) << "block [a1, L) of L " << L << " overwrites its own sources";
      EXPECT_LE(p.a1, 2 * p.a2) << "block [a2, a1) of L " << L << " overwrites its own sources";
      EXPECT_LT(p.a2, p.a1);
      EXPECT_LT(p.a1, L);
      EXPECT_LE(p.a1 + p.a2, L) << "row 0's prefix does not fit the consumed workspace slots";
      EXPECT_EQ(p.a1 % 16, 0);
      EXPECT_EQ(p.a2 % 16, 0);
    }
    EXPECT_TRUE(make_two_row_plan(limit, limit).staged);
  }
}

TEST(TwoRowSchedule, RunningItTransposesEveryShape) {
  for (const std::int64_t limit : {std::int64_t{256}, std::int64_t{300}}) {
    for (std::int64_t L = 1; L <= 1500; ++L) {
      std::vector<int> m(static_cast<std::size_t>(2 * L));
      std::iota(m.begin(), m.end(), 0);
      std::vector<int> want(m.size());  // element (i, j) of the 2 x L matrix at 2j + i
      for (std::int64_t i = 0; i < 2; ++i) {
        for (std::int64_t j = 0; j < L; ++j) want[2 * j + i] = m[i * L + j];
      }
      ASSERT_EQ(run_wide(m, L, limit), want) << "2 x " << L << ", staged limit " << limit;
      ASSERT_EQ(run_tall(want, L, limit), m) << L << " x 2, staged limit " << limit;
    }
  }
}

TEST(TwoRowSchedule, StagedLimitFitsSharedMemory) {
  for (const std::int64_t e : {1, 2, 4, 8, 16}) {
    const std::int64_t limit = two_row_staged_limit(e);
    EXPECT_EQ(limit % 16, 0);
    EXPECT_LE(2 * limit * e, 48 * 1024) << e << "-byte elements";
    EXPECT_GE(limit, 256) << "make_two_row_plan needs it";
  }
}

}  // namespace
}  // namespace xpose::detail
