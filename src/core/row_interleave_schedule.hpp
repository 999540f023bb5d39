// The steps of the in-place transpose of an R x L matrix, 2 <= R <= kMaxInterleaveRows (and
// of its inverse, L x R), with a workspace of R - 1 rows (docs/inplace.md, "Two to seven rows").
//
// Wide case, R x L -> L x R: element (i, j) goes to position R j + i. A column block
// [a, b) interleaves: it reads columns [a, b) of every row and writes positions
// [R a, R b). Steps, each one launch:
//   0. copy rows 1 .. R-1 to the workspace;
//   A. block [a1, L), a1 = ceil(L / R) rounded up to a multiple of 16, row 0 read in place;
//   B. block [a2, a1), a2 = ceil(a1 / R) rounded up likewise; in the same launch, copy row
//      0's first a2 columns to workspace row 1's slots [a1, a1 + a2), consumed by step A;
//   C. block [0, a2), every row read from the workspace.
// A launch has no ordering between its threads, so each step must (a) overwrite only dead
// data and (b) not overwrite its own sources. For A: positions [R a1, R L) lie in rows 1 ..
// R-1 (R a1 >= L), which live in the workspace, and row 0's [a1, L) lies below them. For B:
// [R a2, R a1) lies in row 0's columns >= a1 (consumed by A) or in rows 1 .. R-1, and
// a1 <= R a2 keeps it clear of [a2, a1). For C: [0, R a2) holds row 0's columns < a1, now
// copied or consumed. The copy of step B reads [0, a2) and writes workspace slots that B's
// block does not read (a1 + a2 <= L).
// Traffic, in elements moved each way: (R - 1) L for the copy, R L for the blocks, a2 ~
// L / R^2 for row 0's prefix, i.e. 1.625x the matrix for two rows, 1.70x for three and
// 2 - 1 / R (1.86x at seven) beyond.
// The tall case runs the same steps in reverse order, each inverted (de-interleaves,
// copies the other way). Matrices with L <= row_interleave_staged_limit() are done by one
// thread block staged in shared memory instead of steps A to C.
// Host and device share this plan: the launcher (src/kernels/inplace_row_interleave.cu)
// turns each step into a launch, and tests/cpu/test_row_interleave_schedule.cpp runs the
// steps on host arrays and checks (a) and (b) for each.
#pragma once

#include <cstdint>

namespace xpose::detail {

/** The most rows (or columns) this path takes. Its traffic grows with R (2 - 1 / R matrices each
    way) and so does its workspace (R - 1 lines); from 8 on, the hold sweep and the skinny
    blocks take the shape in two lines (this path was not measured against them there). */
constexpr int kMaxInterleaveRows = 7;

/** Column count up to which one thread block does the whole matrix through shared memory
    (its tall kernel stages all R x L elements in 48 KiB). */
constexpr std::int64_t row_interleave_staged_limit(int rows, std::int64_t elem_bytes) {
  return (std::int64_t{48} * 1024 / rows / elem_bytes) / 16 * 16;
}

constexpr std::int64_t round_up16(std::int64_t x) { return (x + 15) / 16 * 16; }

/** Workspace element offset of row r (1 .. R-1): rows start on 16-element boundaries, so that
    they are 16-byte aligned whenever the workspace is. */
constexpr std::int64_t workspace_row(int r, std::int64_t L) { return (r - 1) * round_up16(L); }

/** Workspace elements an R x L (or L x R) matrix needs: rows 1 .. R-1, the last one unpadded. */
constexpr std::int64_t row_interleave_workspace_elements(int rows, std::int64_t L) {
  return workspace_row(rows - 1, L) + L;
}

/** An element offset into the matrix or into the workspace. */
struct row_ref {
  bool workspace = false;
  std::int64_t offset = 0;
};

constexpr row_ref in_matrix(std::int64_t offset) { return row_ref{false, offset}; }
constexpr row_ref in_workspace(std::int64_t offset) { return row_ref{true, offset}; }

struct row_copy {
  row_ref src, dst;
  std::int64_t n = 0;
};

/** One launch of the wide case: a block interleaving n columns (rows[r] + j -> out + R j + r)
    and up to two copies touching none of its data. The tall case inverts each. */
struct row_interleave_step {
  std::int64_t n = 0;
  row_ref rows[kMaxInterleaveRows];
  row_ref out;
  row_copy copies[kMaxInterleaveRows - 1];
  int copy_count = 0;
};

struct row_interleave_plan {
  int rows = 2;                 // R
  std::int64_t L = 0;
  bool staged = false;          // L <= the staged limit: step 0, then one thread block
  std::int64_t a1 = 0, a2 = 0;  // the block boundaries of steps A and B
  int step_count = 0;
  row_interleave_step steps[4];
};

/** The steps for an R x L (or L x R) matrix, 2 <= R <= kMaxInterleaveRows. Needs
    staged_limit >= 256, so that a1 + a2 <= L. */
constexpr row_interleave_plan make_row_interleave_plan(int rows, std::int64_t L, std::int64_t staged_limit) {
  row_interleave_plan p;
  p.rows = rows;
  p.L = L;
  row_interleave_step& copy = p.steps[p.step_count++];
  for (int r = 1; r < rows; ++r) copy.copies[copy.copy_count++] = row_copy{in_matrix(r * L), in_workspace(workspace_row(r, L)), L};
  if (L <= staged_limit) {
    p.staged = true;
    return p;
  }
  p.a1 = round_up16((L + rows - 1) / rows);
  p.a2 = round_up16((p.a1 + rows - 1) / rows);
  const std::int64_t w1 = workspace_row(1, L);
  auto block = [&](std::int64_t a, std::int64_t b, row_ref row0, std::int64_t ws_column, row_ref out) {
    row_interleave_step s;
    s.n = b - a;
    s.rows[0] = row0;
    for (int r = 1; r < rows; ++r) s.rows[r] = in_workspace(workspace_row(r, L) + ws_column);
    s.out = out;
    return s;
  };
  p.steps[p.step_count++] = block(p.a1, L, in_matrix(p.a1), p.a1, in_matrix(rows * p.a1));
  row_interleave_step b = block(p.a2, p.a1, in_matrix(p.a2), p.a2, in_matrix(rows * p.a2));
  b.copies[b.copy_count++] = row_copy{in_matrix(0), in_workspace(w1 + p.a1), p.a2};
  p.steps[p.step_count++] = b;
  p.steps[p.step_count++] = block(0, p.a2, in_workspace(w1 + p.a1), 0, in_matrix(0));
  return p;
}

}  // namespace xpose::detail
