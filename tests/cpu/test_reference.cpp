// The CPU reference the GPU tests trust: blocked version vs the element-by-element
// definition over random layouts, plus a worked example and untouched gaps.
#include "reference.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace {

using xpose::reference::layout;

TEST(Reference, WorkedExample) {
  const std::vector<int> in = {1, 2, 3, 4, 5, 6};  // 2 x 3
  std::vector<int> out(6, -1);
  xpose::reference::transpose(in.data(), out.data(), xpose::reference::packed(1, 2, 3, sizeof(int)));
  EXPECT_EQ(out, (std::vector<int>{1, 4, 2, 5, 3, 6}));
}

TEST(Reference, BlockedMatchesDefinitionOnRandomLayouts) {
  std::mt19937_64 rng(20261121);
  const std::size_t sizes[] = {1, 2, 4, 8, 16};
  for (int trial = 0; trial < 200; ++trial) {
    layout l;
    l.elem_bytes = sizes[rng() % 5];
    l.batch = 1 + static_cast<std::int64_t>(rng() % 3);
    l.rows = 1 + static_cast<std::int64_t>(rng() % 150);
    l.cols = 1 + static_cast<std::int64_t>(rng() % 150);
    l.ld_in = l.cols + static_cast<std::int64_t>(rng() % 5);
    l.ld_out = l.rows + static_cast<std::int64_t>(rng() % 5);
    l.stride_in = l.rows * l.ld_in + static_cast<std::int64_t>(rng() % 9);
    l.stride_out = l.cols * l.ld_out + static_cast<std::int64_t>(rng() % 9);
    const auto e = l.elem_bytes;
    std::vector<unsigned char> in(static_cast<std::size_t>(xpose::reference::in_span(l)) * e);
    for (auto& b : in) b = static_cast<unsigned char>(rng());
    const std::size_t out_bytes = static_cast<std::size_t>(xpose::reference::out_span(l)) * e;
    std::vector<unsigned char> a(out_bytes, 0xAB), b(out_bytes, 0xAB);
    xpose::reference::transpose(in.data(), a.data(), l);
    xpose::reference::transpose_definition(in.data(), b.data(), l);
    ASSERT_EQ(a, b) << "trial " << trial << " e=" << e << " " << l.rows << "x" << l.cols;
  }
}

TEST(Reference, LeadingDimensionGapsAreUntouched) {
  layout l = xpose::reference::packed(1, 3, 2, 4);
  l.ld_out = 5;  // output rows hold 3 elements, 2 gap elements each
  std::vector<float> in = {1, 2, 3, 4, 5, 6};
  std::vector<float> out(2 * 5, -7.f);
  xpose::reference::transpose(in.data(), out.data(), l);
  EXPECT_EQ(out, (std::vector<float>{1, 3, 5, -7, -7, 2, 4, 6, -7, -7}));
}

TEST(Reference, SpansOfEmptyLayoutsAreZero) {
  EXPECT_EQ(xpose::reference::in_span(xpose::reference::packed(1, 0, 5, 4)), 0);
  EXPECT_EQ(xpose::reference::out_span(xpose::reference::packed(0, 5, 5, 4)), 0);
}

}  // namespace
