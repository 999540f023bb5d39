// The triangle grid of the in-place square kernels (src/kernels/square_pairs.hpp): block k
// gets the k-th owned pair, every pair (i, j), i <= j, exactly once, also where the double
// square root is inexact (counts up to 2^16, i.e. 2^31 pairs).
#include "kernels/square_pairs.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace xpose::detail {
namespace {

TEST(SquarePairs, TriangleCoversEveryOwnedPairOnce) {
  for (std::int64_t count = 1; count <= 200; ++count) {
    std::vector<int> hits(static_cast<std::size_t>(count * count), 0);
    for (std::int64_t k = 0; k < count * (count + 1) / 2; ++k) {
      std::int64_t i = -1, j = -1;
      upper_triangle_pair(k, count, i, j);
      ASSERT_TRUE(0 <= i && i <= j && j < count) << "k " << k << " of count " << count << ": " << i << ", " << j;
      ++hits[static_cast<std::size_t>(i * count + j)];
    }
    for (std::int64_t i = 0; i < count; ++i) {
      for (std::int64_t j = i; j < count; ++j) EXPECT_EQ(hits[static_cast<std::size_t>(i * count + j)], 1);
    }
  }
}

TEST(SquarePairs, TriangleIsExactForLargeCounts) {
  std::mt19937_64 rng(7);
  for (const std::int64_t count : {std::int64_t{1} << 10, std::int64_t{46341}, std::int64_t{1} << 16}) {
    const std::int64_t pairs = count * (count + 1) / 2;
    // Row starts and ends, where an off-by-one root would show, plus random indices.
    std::vector<std::int64_t> ks = {0, 1, pairs - 1, pairs - 2};
    for (std::int64_t r = 1; r < count; r += count / 97 + 1) {
      const std::int64_t start = pairs - r * (r + 1) / 2;  // first pair of row count - r
      ks.insert(ks.end(), {start - 1, start, start + 1});
    }
    for (int t = 0; t < 1000; ++t) ks.push_back(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(pairs)));
    for (const std::int64_t k : ks) {
      if (k < 0 || k >= pairs) continue;
      std::int64_t i = -1, j = -1;
      upper_triangle_pair(k, count, i, j);
      ASSERT_TRUE(0 <= i && i <= j && j < count) << k;
      // Pairs before (i, j): rows 0 .. i-1 hold count - r each, then j - i in row i.
      const std::int64_t before = i * count - i * (i - 1) / 2 + (j - i);
      EXPECT_EQ(before, k) << "count " << count;
    }
  }
}

}  // namespace
}  // namespace xpose::detail
