// The R x L in-place steps, 2 <= R <= 7 (src/core/row_interleave_schedule.hpp), checked on
// the host: running the plan's steps on host arrays the way the launcher does transposes
// every R x L and L x R matrix; within every step, no element is both read and written
// (a launch has no order between its threads), and the workspace holds what the plan
// touches.
#include "core/row_interleave_schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

namespace xpose::detail {
namespace {

struct buffers {
  std::vector<int> x, ws;
  int* at(row_ref p) { return (p.workspace ? ws.data() : x.data()) + p.offset; }
};

// A launch, modelled as: every thread reads, then every thread writes. The disjointness
// test below shows the order inside a launch cannot matter.
void run_step(buffers& b, const row_interleave_step& s, int R, bool wide) {
  std::vector<std::pair<int*, int>> writes;
  for (std::int64_t j = 0; j < s.n; ++j) {
    for (int r = 0; r < R; ++r) {
      int* row = b.at(s.rows[r]) + j;
      int* packed = b.at(s.out) + R * j + r;
      writes.emplace_back(wide ? packed : row, wide ? *row : *packed);
    }
  }
  for (int i = 0; i < s.copy_count; ++i) {
    const row_copy& c = s.copies[i];
    for (std::int64_t j = 0; j < c.n; ++j) {
      int* src = b.at(wide ? c.src : c.dst) + j;
      int* dst = b.at(wide ? c.dst : c.src) + j;
      writes.emplace_back(dst, *src);
    }
  }
  for (const auto& [p, v] : writes) *p = v;
}

std::vector<int> run(std::vector<int> m, int R, std::int64_t L, std::int64_t limit, bool wide) {
  const row_interleave_plan p = make_row_interleave_plan(R, L, limit);
  buffers b{std::move(m), std::vector<int>(static_cast<std::size_t>(row_interleave_workspace_elements(R, L)), -1)};
  auto staged = [&] {  // one block through shared memory: (de)interleave rows 0 (in place) and 1 .. R-1 (workspace)
    std::vector<int> out(static_cast<std::size_t>(R * L));
    for (std::int64_t j = 0; j < L; ++j) {
      for (int r = 0; r < R; ++r) {
        int& row = r == 0 ? b.x[static_cast<std::size_t>(j)] : *b.at(in_workspace(workspace_row(r, L) + j));
        if (wide) out[static_cast<std::size_t>(R * j + r)] = row;
        else out[static_cast<std::size_t>(r * L + j)] = b.x[static_cast<std::size_t>(R * j + r)];
      }
    }
    for (std::int64_t j = 0; j < L; ++j) {
      for (int r = 0; r < R; ++r) {
        if (wide) b.x[static_cast<std::size_t>(R * j + r)] = out[static_cast<std::size_t>(R * j + r)];
        else *(r == 0 ? &b.x[static_cast<std::size_t>(j)] : b.at(in_workspace(workspace_row(r, L) + j))) =
            out[static_cast<std::size_t>(r * L + j)];
      }
    }
  };
  if (wide) {
    for (int i = 0; i < p.step_count; ++i) run_step(b, p.steps[i], R, true);
    if (p.staged) staged();
  } else {
    if (p.staged) staged();
    for (int i = p.step_count - 1; i >= 0; --i) run_step(b, p.steps[i], R, false);
  }
  return b.x;
}

TEST(RowInterleaveSchedule, RunningItTransposesEveryShape) {
  for (int R = 2; R <= kMaxInterleaveRows; ++R) {
    for (const std::int64_t limit : {std::int64_t{256}, std::int64_t{300}}) {
      for (std::int64_t L = 1; L <= 1500; ++L) {
        std::vector<int> m(static_cast<std::size_t>(R * L));
        std::iota(m.begin(), m.end(), 0);
        std::vector<int> want(m.size());  // element (i, j) of the R x L matrix at R j + i
        for (std::int64_t i = 0; i < R; ++i) {
          for (std::int64_t j = 0; j < L; ++j) want[static_cast<std::size_t>(R * j + i)] = m[static_cast<std::size_t>(i * L + j)];
        }
        ASSERT_EQ(run(m, R, L, limit, true), want) << R << " x " << L << ", staged limit " << limit;
        ASSERT_EQ(run(want, R, L, limit, false), m) << L << " x " << R << ", staged limit " << limit;
      }
    }
  }
}

// What one step reads and writes, as (in workspace, offset) pairs, in the wide direction
// (the tall one swaps the two sets, so the test covers both).
using cells = std::set<std::pair<bool, std::int64_t>>;

void touched(const row_interleave_step& s, int R, cells& reads, cells& writes) {
  for (std::int64_t j = 0; j < s.n; ++j) {
    for (int r = 0; r < R; ++r) {
      reads.insert({s.rows[r].workspace, s.rows[r].offset + j});
      writes.insert({s.out.workspace, s.out.offset + R * j + r});
    }
  }
  for (int i = 0; i < s.copy_count; ++i) {
    for (std::int64_t j = 0; j < s.copies[i].n; ++j) {
      reads.insert({s.copies[i].src.workspace, s.copies[i].src.offset + j});
      writes.insert({s.copies[i].dst.workspace, s.copies[i].dst.offset + j});
    }
  }
}

TEST(RowInterleaveSchedule, NoStepWritesWhatItReadsAndTheWorkspaceHoldsIt) {
  for (int R = 2; R <= kMaxInterleaveRows; ++R) {
    for (const std::int64_t limit : {std::int64_t{256}, std::int64_t{1536}}) {
      for (std::int64_t L = limit + 1; L < limit + 3000; L += 7) {
        const row_interleave_plan p = make_row_interleave_plan(R, L, limit);
        ASSERT_FALSE(p.staged);
        EXPECT_EQ(p.step_count, 4);
        EXPECT_EQ(p.a1 % 16, 0);
        EXPECT_EQ(p.a2 % 16, 0);
        const std::int64_t ws = row_interleave_workspace_elements(R, L);
        for (int i = 0; i < p.step_count; ++i) {
          cells reads, writes;
          touched(p.steps[i], R, reads, writes);
          for (const auto& c : writes) {
            ASSERT_EQ(reads.count(c), 0u) << R << " x " << L << ", step " << i << " writes what it reads";
          }
          for (const cells* set : {&reads, &writes}) {
            for (const auto& [in_ws, at] : *set) {
              ASSERT_GE(at, 0);
              ASSERT_LT(at, in_ws ? ws : R * L) << R << " x " << L << ", step " << i;
            }
          }
        }
      }
    }
  }
}

TEST(RowInterleaveSchedule, WorkspaceRowsAreAlignedAndStagedLimitFitsSharedMemory) {
  for (int R = 2; R <= kMaxInterleaveRows; ++R) {
    for (const std::int64_t e : {1, 2, 4, 8, 16}) {
      const std::int64_t limit = row_interleave_staged_limit(R, e);
      EXPECT_EQ(limit % 16, 0);
      EXPECT_LE(R * limit * e, 48 * 1024) << e << "-byte elements";
      EXPECT_GE(limit, 256) << "make_row_interleave_plan needs it";
    }
  }
  for (std::int64_t L = 1; L < 100; ++L) {
    EXPECT_EQ(row_interleave_workspace_elements(2, L), L);
    for (int r = 2; r < kMaxInterleaveRows; ++r) {
      EXPECT_EQ(workspace_row(r, L) % 16, 0);
      EXPECT_GE(workspace_row(r, L), workspace_row(r - 1, L) + L) << "rows " << r - 1 << " and " << r << " overlap";
    }
    for (int R = 3; R <= kMaxInterleaveRows; ++R) {
      EXPECT_EQ(row_interleave_workspace_elements(R, L), workspace_row(R - 1, L) + L);
    }
  }
}

}  // namespace
}  // namespace xpose::detail
