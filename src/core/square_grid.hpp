// In place, a rectangle whose sides share a large divisor d is a grid of d x d squares:
// rows x cols = [M][d][N][d] (M = rows / d, N = cols / d), and its transpose
// cols x rows = [N][d][M][d]. Two passes:
//
// 1. transpose every square in place (the square kernels, at each square's place in the
//    matrix): element (I, a, J, b) of square (I, J) moves to (I, b, J, a);
// 2. permute the d-element runs ("super-elements") [M][d][N] -> [N][d][M]: the run at
//    (I, b, J) holds row b of square (I, J)^T, which is row b of the result's square (J, I).
//
// Both passes move whole runs of d elements, where the three line permutations read
// 32-byte runs of thousands of rows, three times (docs/inplace.md). The cycles of step 2 are
// few and long (30000 x 7000 with d = 1000: 16 cycles of 210,000 runs, one of 138,182), so
// they are cut at split points as the skinny blocks' are (core/skinny_blocks.hpp): every
// `every`-th position, its run saved in the workspace first. The workspace holds
// square_grid_workspace_lines(rows, cols) x max(rows, cols) elements (at most 128 lines, at
// most a 64th of the matrix plus one line), and a walk moves min(rows, cols) / lines runs
// on average.
// Host and device share these functions; tests/cpu/test_square_grid.cpp runs them.
#pragma once

#include "fast_divider.hpp"
#include "plan.hpp"
#include "skinny_blocks.hpp"
#include "stacked_squares.hpp"

#include <cstdint>
#include <numeric>

namespace xpose::detail {

/** The cycles of [M][d][N] -> [N][d][M] on N_s = M d N super-elements (0 and N_s - 1 stay). */
struct square_grid_cycles {
  std::int64_t modulus = 1;  // N_s - 1: positions 1 .. modulus - 1 may move
  std::uint32_t M = 1, d = 1, N = 1;
  fast_divider by_N, by_d;
  static constexpr square_grid_cycles of(std::int64_t grid_rows, std::int64_t side, std::int64_t grid_cols) {
    square_grid_cycles c;
    c.modulus = grid_rows * side * grid_cols - 1;
    c.M = static_cast<std::uint32_t>(grid_rows);
    c.d = static_cast<std::uint32_t>(side);
    c.N = static_cast<std::uint32_t>(grid_cols);
    c.by_N = fast_divider::of(c.N);
    c.by_d = fast_divider::of(c.d);
    return c;
  }
  /** Where the super-element at p = (I d + b) N + J goes: (J d + b) M + I. */
  XPOSE_HOST_DEVICE std::int64_t next(std::int64_t p) const {
    const auto x = static_cast<std::uint32_t>(p);
    const std::uint32_t t = by_N.div(x), J = x - t * N;
    const std::uint32_t I = by_d.div(t), b = t - I * d;
    return static_cast<std::int64_t>((J * d + b) * M + I);
  }
};

/** Lines of max(rows, cols) elements of workspace for the square grid's split points:
    min(128, ceil(s / 64)) for a short side s, so that a walk moves about min(s, 128 x 64) / 128
    runs on average and the workspace stays within a 64th of the matrix plus one line.
    30000 x 7000 fp32 (sweep 28, % of memcpy): 16 lines 24.1%, 32 lines 26.8%, 64 lines 29.2%,
    110 (= ceil(7000 / 64)) 32.2-32.5%; the longest walks (2762, 1420, 905 runs) bound the pass. */
constexpr std::int64_t kMaxSquareGridWorkspaceLines = 128;
constexpr std::int64_t square_grid_workspace_lines(std::int64_t rows, std::int64_t cols) {
  const std::int64_t s = rows < cols ? rows : cols, lines = (s + 63) / 64;
  return lines < kMaxSquareGridWorkspaceLines ? lines : kMaxSquareGridWorkspaceLines;
}

/** Square rows of at least this many bytes: every move a run of whole 128-byte lines. */
constexpr std::int64_t kMinSquareGridRunBytes = 256;

/** Whether x's odd part is 1 or a prime. */
constexpr bool odd_part_prime(std::int64_t x) {
  while (x % 2 == 0) x /= 2;
  for (std::int64_t f = 3; f * f <= x; f += 2) {
    if (x % f == 0) return false;
  }
  return true;
}

/** The spacing of the square grid's split points: the smallest from `every` on that shares no
    factor with N_s - 1 and whose odd part is 1 or a prime. The runs' cycles keep residues that
    a spacing with those factors never meets: where one side is a single square the permutation
    is p -> p M mod (N_s - 1), as the skinny blocks' (coprime_split_every), and spacings like
    63 or 90 left two thirds or more of the runs of other grids in cycles without a split point,
    walked whole by one thread each (host simulation over 33,000 grids with squares of 16 to
    1001 elements: 5,990 grids had more than 1% of their runs so, cycles up to 235,544 runs long;
    with this spacing none, the longest such cycle 746 runs). */
constexpr std::int64_t square_grid_split_every(std::int64_t every, std::int64_t modulus) {
  while (std::gcd(every, modulus) != 1 || !odd_part_prime(every)) ++every;
  return every;
}

struct square_grid_plan {
  bool use = false;
  std::int64_t side = 0;       // d
  std::int64_t grid_rows = 0;  // M = rows / d
  std::int64_t grid_cols = 0;  // N = cols / d
  square_grid_cycles cycles;
  cycle_splits splits;
};

/** Whether rows x cols may take the square grid, and its squares and cycles. Depends on the
    shape and element size only (the workspace query uses it); shapes with paths of their own
    that come first (stacked squares, short sides up to kMaxSkinny) are left out. */
constexpr square_grid_plan make_square_grid_plan(std::int64_t rows, std::int64_t cols, std::int64_t elem_bytes) {
  square_grid_plan p;
  const std::int64_t s = rows < cols ? rows : cols, L = rows < cols ? cols : rows;
  if (s <= kMaxSkinny || rows == cols || make_stacked_squares_plan(rows, cols, elem_bytes).use) return p;
  // The squares as large as the sides allow: d = gcd(rows, cols). (A divisor of d whose runs
  // are whole 16-byte pieces exists only when d's runs are.) Fewer, longer runs mean fewer
  // positions to test and walk, and square kernels with fewer edge tiles.
  const std::int64_t d = std::gcd(rows, cols);
  if (d * elem_bytes < kMinSquareGridRunBytes) return p;
  const std::int64_t runs = rows / d * cols;  // N_s = M d N
  if (runs >= (std::int64_t{1} << 31)) return p;  // 32-bit positions (cycle_splits, next())
  // The split points fill the workspace lines: (runs - 2) / every <= slots (slots >= 1: L >= d).
  const std::int64_t slots = square_grid_workspace_lines(rows, cols) * L / d;
  const std::int64_t every = (runs - 2 + slots - 1) / slots;
  p.use = true;
  p.side = d;
  p.grid_rows = rows / d;
  p.grid_cols = cols / d;
  p.cycles = square_grid_cycles::of(p.grid_rows, d, p.grid_cols);
  p.splits = cycle_splits::of(runs, square_grid_split_every(every < 1 ? 1 : every, runs - 1));
  return p;
}

}  // namespace xpose::detail
