// The steps of the in-place transpose of a 2 x L matrix (and of its inverse, L x 2), with
// a workspace of L elements (docs/inplace.md, "Two rows").
//
// Wide case, 2 x L -> L x 2: element (i, j) goes to 2j + i. Column block [a, b) writes
// positions [2a, 2b) from row 0 at [a, b) and row 1. Steps:
//   1. copy row 1 to the workspace, ws[0, L);
//   2. block [a1, L), a1 = ceil(L / 2) rounded up to a multiple of 16;
//   3. block [a2, a1), a2 = ceil(a1 / 2), rounded up likewise;
//   4. copy row 0's first a2 columns to ws[a1, a1 + a2) (those workspace slots held row-1
//      columns >= a1, consumed by step 2);
//   5. block [0, a2) from the workspace alone.
// Steps 2 and 3 each run as one launch with no ordering between threads, which is safe
// because (a) what a block overwrites is dead: positions [2a, 2b) hold row-0 columns
// >= 2a >= a, consumed by this or the previous block, and row 1 lives in the workspace;
// and (b) a block does not overwrite its own sources: [a, b) and [2a, 2b) are disjoint
// when b <= 2a. Steps 3 and 4 touch disjoint data and share one launch. Without step 4
// the halving would go on, one launch per halving (about 11 for 2 x 16M); with it there
// are four launches.
// Matrices with L <= two_row_staged_limit() are done by one thread block staged in shared
// memory.
// The tall case runs the same steps in reverse order, each inverted.
#pragma once

#include <cstdint>

namespace xpose::detail {

/** Column count up to which one thread block does the whole matrix through shared memory. */
constexpr std::int64_t two_row_staged_limit(std::int64_t elem_bytes) {
  return (std::int64_t{48} * 1024 / 2 / elem_bytes) / 16 * 16;  // the block stages 2 x that many elements
}

struct two_row_plan {
  bool staged = false;          // L <= the staged limit: one thread block, no sweep
  std::int64_t a1 = 0, a2 = 0;  // the block boundaries of steps 2 and 3
};

constexpr std::int64_t round_up16(std::int64_t x) { return (x + 15) / 16 * 16; }

/** The steps for a 2 x L (or L x 2) matrix. Needs staged_limit >= 256, so that
    a1 + a2 <= L (a1 + a2 <= 3L/4 + 41). */
constexpr two_row_plan make_two_row_plan(std::int64_t L, std::int64_t staged_limit) {
  two_row_plan p;
  if (L <= staged_limit) {
    p.staged = true;
    return p;
  }
  p.a1 = round_up16((L + 1) / 2);
  p.a2 = round_up16((p.a1 + 1) / 2);
  return p;
}

}  // namespace xpose::detail
