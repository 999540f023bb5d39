// The square-grid in-place path (src/core/square_grid.hpp), checked on the host: the fast
// divider agrees with division; the GPU launches' steps (every square transposed where it
// lies, split points saved, windows of candidates in any order, the walks) transpose every
// grid of a sweep; the walks are disjoint and cover every moved run; the split points fit
// the workspace the size query answers; and the plan takes and refuses the right shapes.
#include "core/inplace.hpp"
#include "core/square_grid.hpp"

#include "host_arrays.hpp"
#include "unsplit_cycles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace xpose::detail {
namespace {

TEST(SquareGrid, FastDividerMatchesDivision) {
  std::mt19937 rng(11);
  std::vector<std::uint32_t> divisors;
  for (std::uint32_t d = 1; d <= 4100; ++d) divisors.push_back(d);
  for (int i = 0; i < 2000; ++i) divisors.push_back(1 + rng() % 0x7FFFFFFFu);
  divisors.push_back(0x7FFFFFFFu);
  divisors.push_back(1u << 30);
  for (const std::uint32_t d : divisors) {
    const fast_divider f = fast_divider::of(d);
    std::vector<std::uint32_t> xs = {0, 1, d - 1, d, d + 1, 0x7FFFFFFEu, 0x7FFFFFFFu};
    for (std::uint32_t k : {2u, 3u, 1000u, 65537u}) {
      const std::uint64_t kd = std::uint64_t{k} * d;
      if (kd < 0x80000000u) xs.insert(xs.end(), {static_cast<std::uint32_t>(kd - 1), static_cast<std::uint32_t>(kd)});
    }
    for (int i = 0; i < 64; ++i) xs.push_back(rng() % 0x80000000u);
    for (const std::uint32_t x : xs) {
      if (x >= 0x80000000u) continue;
      ASSERT_EQ(f.div(x), x / d) << x << " / " << d;
    }
  }
}

/** A plan of M x N squares of d x d with split points every `every` runs (the real plan
    refuses grids this small; the steps do not depend on how the plan chose them). */
square_grid_plan grid_plan(std::int64_t M, std::int64_t d, std::int64_t N, std::int64_t every) {
  square_grid_plan p;
  p.use = true;
  p.side = d;
  p.grid_rows = M;
  p.grid_cols = N;
  p.cycles = square_grid_cycles::of(M, d, N);
  p.splits = cycle_splits::of(M * d * N, every);
  return p;
}

/** The launches of inplace_square_grid.cu on a host array of one int per element: every
    square transposed where it lies, the split points saved, then the walks of every window
    in a random order (blocks run in any order). */
void transpose_in_place(std::vector<int>& v, const square_grid_plan& p, std::int64_t window, std::mt19937& rng) {
  const std::int64_t d = p.side, ld = p.grid_cols * d;
  for (std::int64_t I = 0; I < p.grid_rows; ++I) {
    for (std::int64_t J = 0; J < p.grid_cols; ++J) {
      int* sq = v.data() + I * d * ld + J * d;
      for (std::int64_t a = 0; a < d; ++a) {
        for (std::int64_t b = a + 1; b < d; ++b) std::swap(sq[a * ld + b], sq[b * ld + a]);
      }
    }
  }
  std::vector<int> saved(static_cast<std::size_t>(p.splits.count * d));
  for (std::int64_t j = 0; j < p.splits.count; ++j) {
    std::copy_n(v.begin() + p.splits.point(j) * d, d, saved.begin() + j * d);
  }
  const std::int64_t candidates = p.cycles.modulus - 1;
  std::vector<std::int64_t> windows(static_cast<std::size_t>((candidates + window - 1) / window));
  std::iota(windows.begin(), windows.end(), 0);
  std::shuffle(windows.begin(), windows.end(), rng);
  for (const std::int64_t w : windows) {
    for (std::int64_t t = 0; t < window; ++t) {
      const std::int64_t pos = 1 + w * window + t;
      if (pos >= p.cycles.modulus || !starts_walk(pos, p.cycles, p.splits)) continue;
      for (std::int64_t e = 0; e < d; ++e) follow_split_walk(v.data() + e, saved.data() + e, d, pos, p.cycles, p.splits);
    }
  }
}

TEST(SquareGrid, StepsTransposeEveryGridOfASweep) {
  std::mt19937 rng(5);
  int grids = 0;
  for (std::int64_t M = 1; M <= 7; ++M) {
    for (std::int64_t N = 1; N <= 7; ++N) {
      if (M == N) continue;
      for (const std::int64_t d : {1, 2, 3, 5, 8}) {
        const std::int64_t runs = M * d * N;
        // Split spacings from every run to none at all (every cycle walked whole by its leader).
        for (const std::int64_t every : {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{7}, runs}) {
          const square_grid_plan p = grid_plan(M, d, N, every);
          const std::int64_t rows = M * d, cols = N * d;
          std::vector<int> v = iota_vector(rows * cols);
          const std::int64_t window = std::int64_t{1} << (rng() % 6);
          transpose_in_place(v, p, window, rng);
          ASSERT_EQ(v, transposed(iota_vector(rows * cols), rows, cols))
              << rows << " x " << cols << ", d = " << d << ", every " << every << ", window " << window;
          ++grids;
        }
      }
    }
  }
  EXPECT_EQ(grids, 42 * 5 * 5);
}

TEST(SquareGrid, PlannedShapesTransposeOnTheHost) {
  // The plan's own choices on shapes it takes (sides above kMaxSkinny, runs of >= 256 bytes).
  std::mt19937 rng(9);
  for (const auto& [rows, cols, e] : std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t>>{
           {130, 195, 4}, {195, 130, 4}, {512, 768, 1}, {768, 512, 16}, {300, 500, 8}, {1000, 600, 2}}) {
    const square_grid_plan p = make_square_grid_plan(rows, cols, e);
    ASSERT_TRUE(p.use) << rows << " x " << cols;
    ASSERT_EQ(p.grid_rows * p.side, rows);
    ASSERT_EQ(p.grid_cols * p.side, cols);
    std::vector<int> v = iota_vector(rows * cols);
    transpose_in_place(v, p, 64, rng);
    ASSERT_EQ(v, transposed(iota_vector(rows * cols), rows, cols)) << rows << " x " << cols << " e " << e;
  }
}

TEST(SquareGrid, ControlWithoutSavedSplitPointsGoesWrong) {
  // The sweep above can fail: walks that find nothing saved for their split points lose runs.
  const square_grid_plan p = grid_plan(5, 4, 3, 3);
  std::vector<int> v = iota_vector(20 * 12);
  const std::vector<int> saved(static_cast<std::size_t>(p.splits.count * p.side), -1);
  for (std::int64_t q = 1; q < p.cycles.modulus; ++q) {
    if (starts_walk(q, p.cycles, p.splits)) {
      for (std::int64_t e = 0; e < p.side; ++e) follow_split_walk(v.data() + e, saved.data() + e, p.side, q, p.cycles, p.splits);
    }
  }
  EXPECT_NE(std::count(v.begin(), v.end(), -1), 0);
}

TEST(SquareGrid, WalksOf30000x7000AreDisjointShortAndFitTheWorkspace) {
  for (const std::int64_t e : {1, 2, 4, 8, 16}) {
    const square_grid_plan p = make_square_grid_plan(30000, 7000, e);
    ASSERT_TRUE(p.use);
    EXPECT_EQ(p.side, 1000);  // gcd(30000, 7000)
    EXPECT_EQ(p.grid_rows, 30);
    EXPECT_EQ(p.grid_cols, 7);
    // The split points fit the workspace the size query answers, 110 lines of 30000.
    EXPECT_LE(p.splits.count * p.side * e, static_cast<std::int64_t>(inplace_workspace_bytes(30000, 7000, e)));
    EXPECT_EQ(inplace_workspace_bytes(30000, 7000, e), static_cast<std::size_t>(110 * 30000 * e));
    if (e != 4) continue;
    // Each run is stored by exactly one walk and loaded (if at all) by that walk before.
    const std::int64_t runs = p.cycles.modulus + 1;
    std::vector<int> stores(static_cast<std::size_t>(runs), 0), loads(static_cast<std::size_t>(runs), 0);
    std::int64_t walks = 0, longest = 0;
    for (std::int64_t q = 1; q < p.cycles.modulus; ++q) {
      if (!starts_walk(q, p.cycles, p.splits)) continue;
      ++walks;
      if (!p.splits.contains(q)) ++loads[static_cast<std::size_t>(q)];
      std::int64_t r = q, steps = 0;
      do {
        r = p.cycles.next(r);
        ++stores[static_cast<std::size_t>(r)];
        if (r != q && !p.splits.contains(r)) ++loads[static_cast<std::size_t>(r)];
        ++steps;
      } while (r != q && !p.splits.contains(r));
      longest = std::max(longest, steps);
    }
    for (std::int64_t q = 0; q < runs; ++q) {
      const bool fixed = p.cycles.next(q) == q;
      ASSERT_EQ(stores[static_cast<std::size_t>(q)], fixed ? 0 : 1) << "run " << q;
      ASSERT_EQ(loads[static_cast<std::size_t>(q)], fixed || p.splits.contains(q) ? 0 : 1) << "run " << q;
    }
    EXPECT_GE(walks, p.splits.count);
    // 3300 split points, one every 64 runs.
    EXPECT_EQ(p.splits.every, 64);
    EXPECT_LE(longest, 10 * p.splits.every);
  }
}

// The split points' spacing (square_grid_split_every) must leave at most 1% of the runs in
// cycles without a split point, none longer than 1000 runs, over grids of squares of 16 to
// 1536 elements and up to 12 squares a side, and the grids where composite or shared-factor
// spacings left half or more (cycles up to 111,390 runs). The raw spacing must fail this for
// 8995 x 7967 (squares of 257: the check can fail).
TEST(SquareGrid, SplitPointsCutEveryLongCycle) {
  std::vector<std::pair<std::int64_t, std::int64_t>> shapes = {
      {8995, 7967}, {7967, 9509}, {11500, 13000}, {2500, 7000}, {61440, 1536}, {30000, 7000}};
  for (const std::int64_t d : {16, 100, 257, 500, 1000}) {
    for (std::int64_t M = 1; M <= 12; ++M) {
      for (std::int64_t N = 1; N <= 12; ++N) {
        if (M != N && std::gcd(M, N) == 1) shapes.emplace_back(M * d, N * d);
      }
    }
  }
  int grids = 0;
  for (const auto& [rows, cols] : shapes) {
    const square_grid_plan p = make_square_grid_plan(rows, cols, 16);
    if (!p.use) continue;
    ++grids;
    const std::int64_t runs = p.grid_rows * p.side * p.grid_cols;
    EXPECT_EQ(std::gcd(p.splits.every, runs - 1), 1);
    const unsplit_cycles u = measure_unsplit_cycles(p.cycles, p.splits, runs);
    EXPECT_LE(u.longest, 1000) << rows << " x " << cols;
  }
  EXPECT_GE(grids, 300);
  const square_grid_plan p = make_square_grid_plan(8995, 7967, 4);
  ASSERT_TRUE(p.use);
  const std::int64_t runs = p.grid_rows * p.side * p.grid_cols, slots = square_grid_workspace_lines(8995, 7967) * 8995 / 257;
  const unsplit_cycles raw = measure_unsplit_cycles(p.cycles, cycle_splits::of(runs, (runs - 2 + slots - 1) / slots), runs);
  EXPECT_GE(raw.share, 0.4);
  EXPECT_GT(raw.longest, 10000);
}

TEST(SquareGrid, WorkspaceIsAtMostA64thOfTheMatrixPlusOneLine) {
  for (std::int64_t s = 65; s <= 9000; s += 37) {
    for (const std::int64_t L : {s + 1, 2 * s + 7, 30000 + s}) {
      const std::int64_t lines = square_grid_workspace_lines(s, L);
      EXPECT_EQ(lines, square_grid_workspace_lines(L, s));
      EXPECT_GE(lines, 1);
      EXPECT_LE(lines, 128);
      EXPECT_LE(lines * L, s * L / 64 + L) << s << " x " << L;
      const square_grid_plan p = make_square_grid_plan(s, L, 16);
      if (p.use) EXPECT_LE(p.splits.count * p.side, lines * L) << s << " x " << L;
    }
  }
  EXPECT_EQ(square_grid_workspace_lines(7000, 30000), 110);
  EXPECT_EQ(square_grid_workspace_lines(14600, 14700), 128);
  EXPECT_EQ(square_grid_workspace_lines(1200, 240000), 19);
  EXPECT_EQ(square_grid_workspace_lines(100, 3000), 2);
}

TEST(SquareGrid, PlanTakesLargeCommonDivisorsOnly) {
  // The squares are gcd(rows, cols) on a side.
  EXPECT_EQ(make_square_grid_plan(4800, 3600, 4).side, 1200);
  EXPECT_EQ(make_square_grid_plan(30000, 7000, 1).side, 1000);  // 1000-byte runs, 8-byte aligned
  EXPECT_TRUE(make_square_grid_plan(1000, 1500, 1).use);     // gcd 500: 500-byte runs
  EXPECT_FALSE(make_square_grid_plan(1000, 1400, 1).use);    // gcd 200: runs below 256 bytes
  EXPECT_TRUE(make_square_grid_plan(1000, 1400, 2).use);     // 400-byte runs
  EXPECT_FALSE(make_square_grid_plan(4096, 8192, 4).use);    // a stack of squares: its own path
  EXPECT_FALSE(make_square_grid_plan(12345, 6789, 4).use);   // gcd 3
  EXPECT_FALSE(make_square_grid_plan(64, 6400, 4).use);      // a short side of 64: skinny blocks
  EXPECT_FALSE(make_square_grid_plan(4000, 4000, 4).use);    // square
  // More than 2^31 runs (positions are 32-bit): 1049344 x 1048832 bytes, gcd 256.
  EXPECT_FALSE(make_square_grid_plan(256 * 4099, 256 * 4097, 1).use);
  EXPECT_TRUE(make_square_grid_plan(256 * 41, 256 * 43, 1).use);
}

}  // namespace
}  // namespace xpose::detail
