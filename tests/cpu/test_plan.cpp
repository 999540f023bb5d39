// Planning: the alignment flags that select the 16-byte paths and the resolution of auto.
#include "core/plan.hpp"
#include "core/validate.hpp"

#include <gtest/gtest.h>

namespace {

using xpose::strategy;
using xpose::detail::finalize;
using xpose::detail::request;
using xpose::detail::validate;

request base(std::uintptr_t in, std::uintptr_t out, std::size_t elem, std::int64_t cols) {
  request r;
  r.in = reinterpret_cast<const void*>(in);
  r.out = reinterpret_cast<void*>(out);
  r.rows = 64;
  r.cols = cols;
  r.elem_bytes = elem;
  return r;
}

TEST(Plan, AutoNeverStaysAutomatic) {
  for (std::size_t e : {1, 2, 4, 8, 16}) {
    const auto p = finalize(validate(base(0x100000, 0x900000, e, 64)));
    EXPECT_NE(p.kernel, strategy::automatic) << e;
  }
}

TEST(Plan, ExplicitStrategyIsKept) {
  auto r = base(0x100000, 0x900000, 4, 64);
  r.kernel = strategy::diagonal;
  EXPECT_EQ(finalize(validate(r)).kernel, strategy::diagonal);
}

TEST(Plan, AlignedPackedRowsTakeVectorPaths) {
  const auto p = finalize(validate(base(0x100000, 0x900000, 4, 64)));
  EXPECT_TRUE(p.elem_aligned);
  EXPECT_TRUE(p.vec_in);
  EXPECT_TRUE(p.vec_out);
}

TEST(Plan, OddRowLengthDisablesVectorInput) {
  // 63 floats per input row: row starts drift off 16-byte alignment.
  const auto p = finalize(validate(base(0x100000, 0x900000, 4, 63)));
  EXPECT_FALSE(p.vec_in);
  EXPECT_TRUE(p.vec_out);  // output rows hold 64 elements
}

TEST(Plan, OneElementOffsetKeepsElementAlignmentOnly) {
  const auto p = finalize(validate(base(0x100004, 0x900000, 4, 64)));
  EXPECT_TRUE(p.elem_aligned);
  EXPECT_FALSE(p.vec_in);
}

TEST(Plan, ByteOffsetFallsBackToUnalignedElements) {
  const auto p = finalize(validate(base(0x100001, 0x900000, 8, 64)));
  EXPECT_FALSE(p.elem_aligned);
  EXPECT_FALSE(p.vec_in);
  EXPECT_FALSE(p.vec_out);
}

TEST(Plan, BatchStrideMustKeepAlignment) {
  auto r = base(0x100000, 0x900000, 4, 64);
  r.batch = 2;
  r.stride_in = 64 * 64 + 1;  // second matrix starts 4 bytes off
  EXPECT_FALSE(finalize(validate(r)).vec_in);
  r.stride_in = 64 * 64 + 4;
  EXPECT_TRUE(finalize(validate(r)).vec_in);
}

}  // namespace
