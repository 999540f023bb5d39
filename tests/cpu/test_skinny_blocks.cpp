// The skinny-blocks in-place path (src/core/skinny_blocks.hpp), checked on the host: the
// GPU launches' steps (split points saved, windows of candidates, the walks, the block
// transposes) transpose every shape of a sweep of short sides, long sides and element
// sizes; the walks are disjoint, so they may run in any order and at once; the workspace
// slots fit in max(rows, cols) elements; and the plan takes and refuses the right shapes.
#include "core/inplace.hpp"
#include "core/skinny_blocks.hpp"

#include "host_arrays.hpp"
#include "unsplit_cycles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <vector>

namespace xpose::detail {
namespace {

/** Every contiguous block of r x c elements transposed in place (the skinny kernels' job). */
void transpose_blocks(std::vector<int>& v, std::int64_t r, std::int64_t c) {
  for (std::size_t b = 0; b < v.size(); b += static_cast<std::size_t>(r * c)) {
    const std::vector<int> block(v.begin() + static_cast<std::ptrdiff_t>(b), v.begin() + static_cast<std::ptrdiff_t>(b + r * c));
    const std::vector<int> t = transposed(block, r, c);
    std::copy(t.begin(), t.end(), v.begin() + static_cast<std::ptrdiff_t>(b));
  }
}

/** The launches of inplace_skinny_blocks.cu on a host array of one int per element, each
    super-element moved as `pieces` pieces: saves, then the walks of every window in
    `window_order`. */
void transpose_super_elements(std::vector<int>& v, const skinny_blocks_plan& p, std::int64_t pieces,
                              std::int64_t window, std::mt19937& rng) {
  const std::int64_t piece = p.m / pieces;  // elements per piece
  std::vector<int> saved(static_cast<std::size_t>(p.splits.count * p.m));
  for (std::int64_t j = 0; j < p.splits.count; ++j) {
    std::copy_n(v.begin() + p.splits.point(j) * p.m, p.m, saved.begin() + j * p.m);
  }
  const std::int64_t candidates = p.cycles.modulus - 1;
  std::vector<std::int64_t> windows(static_cast<std::size_t>((candidates + window - 1) / window));
  std::iota(windows.begin(), windows.end(), 0);
  std::shuffle(windows.begin(), windows.end(), rng);  // blocks run in any order
  for (const std::int64_t w : windows) {
    for (std::int64_t t = 0; t < window; ++t) {
      const std::int64_t pos = 1 + w * window + t;
      if (pos >= p.cycles.modulus || !starts_walk(pos, p.cycles, p.splits)) continue;
      for (std::int64_t k = 0; k < pieces; ++k) {
        // A piece of `piece` ints: walk each int of it (the device moves them as one).
        for (std::int64_t e = 0; e < piece; ++e) {
          const std::int64_t off = k * piece + e;
          follow_split_walk(v.data() + off, saved.data() + off, p.m, pos, p.cycles, p.splits);
        }
      }
    }
  }
}

void transpose_in_place(std::vector<int>& v, std::int64_t rows, std::int64_t cols, const skinny_blocks_plan& p,
                        std::int64_t pieces, std::int64_t window, std::mt19937& rng) {
  if (!p.wide) transpose_blocks(v, p.m, p.s);
  transpose_super_elements(v, p, pieces, window, rng);
  if (p.wide) transpose_blocks(v, p.s, p.m);
  static_cast<void>(rows);
  static_cast<void>(cols);
}

TEST(SkinnyBlocks, StepsTransposeEveryShapeOfASweep) {
  std::mt19937 rng(7);
  int shapes = 0;
  for (const std::int64_t s : {8, 9, 10, 16, 17, 31, 32, 33, 64}) {
    for (const std::int64_t e : {1, 2, 4, 8, 16}) {
      for (const bool aligned : {true, false}) {
        // Long sides with different divisor structures: powers of two, odd, 3 * 2^k, a
        // multiple of a span plus one span (few blocks), a prime (refused).
        for (const std::int64_t L : {2048, 4096, 3 * 1024, 12288, 5 * 1024 + 1024, 7 * 128, 9 * 96, 2039 * 2}) {
          for (const bool wide : {true, false}) {
            const std::int64_t rows = wide ? s : L, cols = wide ? L : s;
            const skinny_blocks_plan p = make_skinny_blocks_plan(rows, cols, e, aligned);
            if (!p.use) continue;
            ASSERT_EQ(p.wide, wide);
            ASSERT_EQ(p.s * p.m * p.blocks, rows * cols);
            for (const std::int64_t pieces : {std::int64_t{1}, p.m % 2 == 0 ? std::int64_t{2} : std::int64_t{1}}) {
              std::vector<int> v = iota_vector(rows * cols);
              const std::int64_t window = std::int64_t{1} << (rng() % 9);  // 1 .. 256
              transpose_in_place(v, rows, cols, p, pieces, window, rng);
              ASSERT_EQ(v, transposed(iota_vector(rows * cols), rows, cols))
                  << rows << " x " << cols << ", " << e << "-byte elements, m = " << p.m << ", window " << window;
            }
            ++shapes;
          }
        }
      }
    }
  }
  EXPECT_GT(shapes, 400);  // the sweep exercises the path, not only its refusals
}

/** The positions one walk from p stores to, in order; it loads all but the last. */
std::vector<std::int64_t> walk_positions(std::int64_t p, const skinny_blocks_plan& plan) {
  std::vector<std::int64_t> out;
  std::int64_t q = p;
  do {
    q = plan.cycles.next(q);
    out.push_back(q);
  } while (q != p && !plan.splits.contains(q));
  return out;
}

// The split test is a multiply and a rotate (cycle_splits::contains); it must agree with the
// remainder for every spacing the plans make (1 to millions, odd, powers of two and mixed)
// at every position up to the 2^31 the plans allow, and stop at the last split point.
TEST(SkinnyBlocks, SplitTestAgreesWithTheRemainder) {
  std::mt19937 rng(20261126);
  std::vector<std::int64_t> spacings = {1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 63, 64, 96, 100, 1000, 4096, 12345, 65536, 999983};
  std::uniform_int_distribution<std::int64_t> spacing(1, 1 << 22);
  for (int i = 0; i < 40; ++i) spacings.push_back(spacing(rng));
  const std::int64_t top = (std::int64_t{1} << 31) - 1;
  std::uniform_int_distribution<std::int64_t> position(0, top);
  for (const std::int64_t every : spacings) {
    for (const std::int64_t n : {every + 2, 50 * every + 7, top}) {
      const cycle_splits c = cycle_splits::of(n, every);
      const auto expected = [&](std::int64_t q) { return q > 0 && q <= every * c.count && q % every == 0; };
      std::vector<std::int64_t> qs = {0, 1, every - 1, every, every + 1, every * c.count, every * (c.count + 1), top};
      for (std::int64_t k = -2; k <= 2; ++k) qs.push_back(every * (c.count / 2) + k);
      for (int j = 0; j < 2000; ++j) {
        const std::int64_t q = position(rng) % (n + every);
        qs.push_back(q);
        qs.push_back(q / every * every);  // a multiple, to test the positive side as often
      }
      for (const std::int64_t q : qs) {
        if (q < 0 || q > top) continue;
        ASSERT_EQ(c.contains(q), expected(q)) << "every " << every << ", position " << q << ", count " << c.count;
      }
    }
  }
}

// Split points spaced by a number that shares a factor with N - 1 miss every cycle without that
// factor (core/skinny_blocks.hpp, coprime_split_every): short sides 6k - 1 over powers of two
// left two thirds of the positions in long unsplit cycles (47 x 2M bytes ran at 0.2% of
// memcpy). The plans' spacing must leave at most 1% so, in cycles of at most 200 positions;
// the raw spacing ceil(s / 2) must fail this for 47 x 2M bytes (the check can fail).
TEST(SkinnyBlocks, SplitPointsCutEveryLongCycle) {
  for (const std::int64_t e : {1, 4, 16}) {
    for (const std::int64_t s : {8, 11, 16, 17, 23, 29, 31, 32, 35, 41, 47, 53, 59, 64}) {
      for (const std::int64_t L : {(std::int64_t{1} << 21) / e, (std::int64_t{3} << 19) / e, 100000 / e * 4}) {
        for (const bool wide : {true, false}) {
          const skinny_blocks_plan p = make_skinny_blocks_plan(wide ? s : L, wide ? L : s, e, true);
          if (!p.use) continue;
          const std::int64_t N = p.s * p.blocks;
          EXPECT_EQ(std::gcd(p.splits.every, N - 1), 1);
          const unsplit_cycles u = measure_unsplit_cycles(p.cycles, p.splits, N);
          EXPECT_LE(u.longest, 200) << s << " x " << L << ", e " << e << ", wide " << wide;
        }
      }
    }
  }
  const skinny_blocks_plan p = make_skinny_blocks_plan(47, 2097152, 1, true);
  ASSERT_TRUE(p.use);
  const std::int64_t N = p.s * p.blocks;
  EXPECT_EQ(skinny_split_every(47), 24);
  const unsplit_cycles raw = measure_unsplit_cycles(p.cycles, cycle_splits::of(N, skinny_split_every(47)), N);
  EXPECT_GT(raw.share, 0.5);
  EXPECT_GT(raw.longest, 1000);
}

TEST(SkinnyBlocks, WalksAreDisjointAndCoverEveryMovedPosition) {
  // Concurrent walks are safe when no position is touched by two walks: each position is
  // stored by exactly one walk, and loaded (if at all) only by the walk that stores it,
  // before it does; split points are loaded from the workspace instead.
  for (const auto& [rows, cols] : std::vector<std::pair<std::int64_t, std::int64_t>>{
           {31, 2097152}, {2097152, 31}, {8, 1 << 18}, {1 << 18, 9}, {17, 6144}, {64, 1 << 16}, {10, 40960}}) {
    const skinny_blocks_plan p = make_skinny_blocks_plan(rows, cols, 1, true);
    ASSERT_TRUE(p.use) << rows << " x " << cols;
    const std::int64_t N = p.s * p.blocks;
    std::vector<int> stores(static_cast<std::size_t>(N), 0), loads(static_cast<std::size_t>(N), 0);
    std::int64_t walks = 0, longest = 0;
    for (std::int64_t q = 1; q < N - 1; ++q) {
      if (!starts_walk(q, p.cycles, p.splits)) continue;
      ++walks;
      const std::vector<std::int64_t> pos = walk_positions(q, p);
      longest = std::max<std::int64_t>(longest, static_cast<std::int64_t>(pos.size()));
      for (std::size_t i = 0; i < pos.size(); ++i) {
        ++stores[static_cast<std::size_t>(pos[i])];
        if (i + 1 < pos.size()) ++loads[static_cast<std::size_t>(pos[i])];  // loaded before the store above
      }
      if (!p.splits.contains(q)) ++loads[static_cast<std::size_t>(q)];  // an unsplit cycle's leader
    }
    for (std::int64_t q = 0; q < N; ++q) {
      const bool fixed = p.cycles.next(q) == q || q == 0 || q == N - 1;
      EXPECT_EQ(stores[static_cast<std::size_t>(q)], fixed ? 0 : 1) << "position " << q;
      EXPECT_EQ(loads[static_cast<std::size_t>(q)], fixed || p.splits.contains(q) ? 0 : 1) << "position " << q;
    }
    // Every split point starts one walk; the split slots fit the workspace the size query
    // answers (two lines of the long side).
    EXPECT_GE(walks, p.splits.count);
    EXPECT_LE(p.splits.count * p.m, kSkinnyBlocksWorkspaceLines * std::max(rows, cols));
    EXPECT_EQ(static_cast<std::size_t>(kSkinnyBlocksWorkspaceLines * std::max(rows, cols)),
              inplace_workspace_bytes(rows, cols, 1));
    EXPECT_LE(longest, 40 * p.s) << "walks of about s super-elements";
  }
}

TEST(SkinnyBlocks, ControlWithoutSavedSplitPointsGoesWrong) {
  // The test above can fail: walks that read split points from the matrix instead of the
  // workspace (as if the save launch had not run first) lose super-elements.
  const skinny_blocks_plan p = make_skinny_blocks_plan(31, 8192, 1, true);
  ASSERT_TRUE(p.use);
  std::vector<int> v = iota_vector(31 * 8192);
  const std::vector<int> saved(static_cast<std::size_t>(p.splits.count * p.m), -1);
  for (std::int64_t q = 1; q < p.cycles.modulus; ++q) {
    if (starts_walk(q, p.cycles, p.splits)) follow_split_walk(v.data(), saved.data(), p.m, q, p.cycles, p.splits);
  }
  transpose_blocks(v, p.s, p.m);
  EXPECT_NE(v, transposed(iota_vector(31 * 8192), 31, 8192));
}

TEST(SkinnyBlocks, PlanTakesSkinnyShapesWithAUsableDivisor) {
  // The suite's 31 x 2M: the interleave kernel's span of 1024 bytes per row when aligned.
  auto p = make_skinny_blocks_plan(31, 2097152, 1, true);
  EXPECT_TRUE(p.use);
  EXPECT_EQ(p.kernel, block_kernel::interleave);
  EXPECT_EQ(p.m, 1024);
  EXPECT_EQ(p.blocks, 2048);
  p = make_skinny_blocks_plan(31, 2097152, 4, true);
  EXPECT_EQ(p.kernel, block_kernel::interleave);
  EXPECT_EQ(p.m, 256);
  p = make_skinny_blocks_plan(2097152, 31, 1, true);  // tall: the interleave tall kernel stages
  EXPECT_TRUE(p.use);
  EXPECT_FALSE(p.wide);
  EXPECT_EQ(p.kernel, block_kernel::interleave);
  p = make_skinny_blocks_plan(2097152, 31, 4, true);  // 4-byte elements too
  EXPECT_EQ(p.kernel, block_kernel::interleave);
  EXPECT_EQ(p.m, 256);
  // Not 16-byte aligned: the general kernel, whose block must fit 16 KiB.
  p = make_skinny_blocks_plan(31, 2097152, 1, false);
  EXPECT_TRUE(p.use);
  EXPECT_EQ(p.kernel, block_kernel::skinny);
  EXPECT_LE(p.m * 31, kSkinnyChunkBytes);
  // Wide with at most 8 rows: the interleave kernel keeps rows in registers and would
  // write before the block has read everything, so the general kernel runs.
  p = make_skinny_blocks_plan(8, 1 << 20, 1, true);
  EXPECT_TRUE(p.use);
  EXPECT_EQ(p.kernel, block_kernel::skinny);
  // 8- and 16-byte elements: the general kernel.
  p = make_skinny_blocks_plan(31, 1 << 16, 16, true);
  EXPECT_TRUE(p.use);
  EXPECT_EQ(p.kernel, block_kernel::skinny);
  EXPECT_GE(p.m * 16, kMinSkinnyBlockSuperElementBytes);
  // An odd long side with a divisor in range: 31 x (3 * 5 * 7 * 11 * 13).
  p = make_skinny_blocks_plan(31, 15015, 4, true);
  EXPECT_TRUE(p.use);
  EXPECT_EQ(15015 % p.m, 0);
  // Whole 16-byte pieces before a larger divisor: 8160 = 2^5 * 3 * 5 * 17 has 510 and 480
  // below the 512-byte chunk of 31 rows.
  EXPECT_EQ(make_skinny_blocks_plan(31, 8160, 1, false).m, 480);
  // Refused: short sides of 2 to 7 (the row interleaves take them) and above 64, a prime long
  // side, a single block.
  EXPECT_FALSE(make_skinny_blocks_plan(3, 1 << 20, 1, true).use);
  EXPECT_FALSE(make_skinny_blocks_plan(7, 1 << 20, 1, true).use);
  EXPECT_FALSE(make_skinny_blocks_plan(1 << 20, 4, 4, true).use);
  EXPECT_FALSE(make_skinny_blocks_plan(65, 1 << 20, 1, true).use);
  EXPECT_FALSE(make_skinny_blocks_plan(31, 2097143, 1, true).use);  // prime
  EXPECT_FALSE(make_skinny_blocks_plan(31, 512, 1, true).use);      // one block of 512 bytes
  EXPECT_FALSE(make_skinny_blocks_plan(16, 16, 4, true).use);       // square
}

}  // namespace
}  // namespace xpose::detail
