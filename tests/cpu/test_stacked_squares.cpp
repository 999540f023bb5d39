// The stacked-squares in-place path (src/core/stacked_squares.hpp), checked on the host:
// the cycle leaders and the cycle walk that the GPU launch runs transpose every small
// R x C matrix of super-elements; squares plus that permutation transpose stacked shapes
// in both orientations; and the plan takes the target shapes and refuses the others.
#include "core/stacked_squares.hpp"

#include "host_arrays.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace xpose::detail {
namespace {

// The launch's work split (src/kernels/inplace_stacked_squares.cu) on a host array: block w
// tries candidates 1 + w + i * blocks, and each leader's cycle is walked for every piece.
void transpose_super_elements(std::vector<int>& v, std::int64_t R, std::int64_t C, std::int64_t pieces) {
  const std::int64_t N = R * C;
  if (N < 3) return;
  const super_element_cycles cycles = super_element_cycles::of(R, C);
  const std::int64_t blocks = (N - 2 + 31) / 32;
  for (std::int64_t w = 0; w < blocks; ++w) {
    for (std::int64_t i = 0; i < 32; ++i) {
      const std::int64_t p = 1 + w + i * blocks;
      if (p >= cycles.modulus || !cycles.leads(p)) continue;
      for (std::int64_t piece = 0; piece < pieces; ++piece) follow_cycle(v.data() + piece, pieces, p, cycles);
    }
  }
}

/** Each super-element index s as the pieces s * pieces ... s * pieces + pieces - 1. */
std::vector<int> expand(const std::vector<int>& se, std::int64_t pieces) {
  std::vector<int> out;
  for (const int s : se) {
    for (std::int64_t k = 0; k < pieces; ++k) out.push_back(static_cast<int>(s * pieces + k));
  }
  return out;
}

void transpose_squares(std::vector<int>& v, std::int64_t count, std::int64_t n) {
  for (std::int64_t s = 0; s < count; ++s) {
    int* sq = v.data() + s * n * n;
    for (std::int64_t i = 0; i < n; ++i) {
      for (std::int64_t j = i + 1; j < n; ++j) std::swap(sq[i * n + j], sq[j * n + i]);
    }
  }
}

TEST(StackedSquares, CycleWalkTransposesEverySmallSuperElementMatrix) {
  for (std::int64_t R = 1; R <= 40; ++R) {
    for (std::int64_t C = 1; C <= 40; ++C) {
      for (const std::int64_t pieces : {1, 3}) {
        std::vector<int> v = iota_vector(R * C * pieces);
        transpose_super_elements(v, R, C, pieces);
        // Super-element (i, j) of the R x C matrix ends at (j, i) of the C x R one.
        EXPECT_EQ(v, expand(transposed(iota_vector(R * C), R, C), pieces))
            << R << " x " << C << " super-elements of " << pieces;
      }
    }
  }
}

TEST(StackedSquares, SquaresAndRowPermutationTransposeStacks) {
  for (std::int64_t n = 2; n <= 12; ++n) {
    for (std::int64_t k = 2; k <= 9; ++k) {
      // Tall: k squares on top of each other, squares first.
      std::vector<int> tall = iota_vector(k * n * n);
      transpose_squares(tall, k, n);
      transpose_super_elements(tall, k, n, n);
      EXPECT_EQ(tall, transposed(iota_vector(k * n * n), k * n, n)) << k * n << " x " << n;
      // Wide: k squares side by side, row permutation first.
      std::vector<int> wide = iota_vector(k * n * n);
      transpose_super_elements(wide, n, k, n);
      transpose_squares(wide, k, n);
      EXPECT_EQ(wide, transposed(iota_vector(k * n * n), n, k * n)) << n << " x " << k * n;
    }
  }
}

TEST(StackedSquares, OrderBoundsEveryCycle) {
  for (const auto& shape : {std::pair<std::int64_t, std::int64_t>{2, 4096}, {16, 1024}, {4096, 2}, {7, 300}}) {
    const std::int64_t R = shape.first, N = shape.first * shape.second;
    const super_element_cycles cycles = super_element_cycles::of(R, shape.second);
    const int order = multiplicative_order(R, N - 1, 100000);
    ASSERT_GT(order, 0);
    int longest = 0;
    std::vector<bool> seen(static_cast<std::size_t>(N), false);
    for (std::int64_t p = 1; p < N - 1; ++p) {
      int len = 0;
      for (std::int64_t q = p; !seen[static_cast<std::size_t>(q)]; q = cycles.next(q), ++len) seen[static_cast<std::size_t>(q)] = true;
      if (len > 0) EXPECT_EQ(order % len, 0) << "a cycle of " << len << " in " << R << " x " << shape.second;
      longest = std::max(longest, len);
    }
    EXPECT_EQ(longest, order);
  }
}

TEST(StackedSquares, PlanTakesStacksOfLargeSquaresOnly) {
  for (const std::int64_t e : {1, 2, 4, 8, 16}) {
    for (const auto& shape : {std::pair<std::int64_t, std::int64_t>{8192, 4096}, {4096, 8192}, {16384, 1024}, {1024, 16384}}) {
      const stacked_squares_plan p = make_stacked_squares_plan(shape.first, shape.second, e);
      EXPECT_TRUE(p.use) << shape.first << " x " << shape.second << " e" << e;
      EXPECT_EQ(p.side * p.squares, std::max(shape.first, shape.second));
      EXPECT_GT(p.longest_cycle, 0);
    }
  }
  EXPECT_EQ(make_stacked_squares_plan(8192, 4096, 4).longest_cycle, 13);   // 2 modulo 8191
  EXPECT_EQ(make_stacked_squares_plan(16384, 1024, 1).longest_cycle, 7);   // 16 modulo 16383
  EXPECT_FALSE(make_stacked_squares_plan(4096, 4096, 4).use);    // square
  EXPECT_FALSE(make_stacked_squares_plan(30000, 7000, 4).use);   // 7000 does not divide 30000
  EXPECT_FALSE(make_stacked_squares_plan(2, 1 << 24, 1).use);    // 2-byte super-elements
  EXPECT_FALSE(make_stacked_squares_plan(64, 128, 1).use);       // 64-byte super-elements
  EXPECT_FALSE(make_stacked_squares_plan(256, 512, 1).use);      // too little parallel work
}

}  // namespace
}  // namespace xpose::detail
