// The padded output run of the staged few-rows kernel (src/core/padded_run.hpp), checked on
// the host: the float quotient that finds an output byte's column is exact over the whole
// range the kernel uses, and the padded positions keep the run's order with every column on a
// word and no two bytes in one place.
#include "core/padded_run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace xpose::detail {
namespace {

TEST(PaddedRun, ColumnOfIsTheQuotientForEveryByteOfTheRange) {
  // The reciprocal as the device rounds it, and one ulp either way, so that the margin does not
  // rest on how 1 / col_bytes is rounded.
  for (int col_bytes = 17; col_bytes <= 1024; ++col_bytes) {
    const padded_run exact = padded_run::of(col_bytes);
    for (const float inverse : {std::nextafter(exact.inverse, 0.0f), exact.inverse, std::nextafter(exact.inverse, 1.0f)}) {
      padded_run run = exact;
      run.inverse = inverse;
      int wrong = 0, first_wrong = -1;
      for (int b = 0; b < padded_run::kMaxBytes; ++b) {
        if (run.column_of(b) != b / col_bytes && wrong++ == 0) first_wrong = b;
      }
      ASSERT_EQ(wrong, 0) << "col_bytes " << col_bytes << ", inverse " << inverse << ", first at byte " << first_wrong;
    }
  }
}

TEST(PaddedRun, TheQuotientNeedsTheHalfByteOffset) {
  // Control: without the + 0.5 the truncated product falls one short at some column ends.
  int short_by_one = 0;
  for (int col_bytes = 17; col_bytes <= 1024; ++col_bytes) {
    const float inverse = 1.0f / static_cast<float>(col_bytes);
    for (int b = 0; b < padded_run::kMaxBytes; b += col_bytes) {
      if (static_cast<int>(static_cast<float>(b) * inverse) != b / col_bytes) ++short_by_one;
    }
  }
  EXPECT_GT(short_by_one, 0);
}

TEST(PaddedRun, PositionsKeepTheOrderWithEveryColumnOnAWord) {
  for (const int col_bytes : {17, 33, 34, 35, 63, 65, 167, 301, 402, 1023}) {
    const padded_run run = padded_run::of(col_bytes);
    EXPECT_EQ(run.pitch % 4, 0);
    EXPECT_GE(run.pitch, col_bytes);
    EXPECT_LT(run.pitch - col_bytes, 4);
    const int columns = padded_run::kMaxBytes / col_bytes;
    std::vector<char> used(static_cast<std::size_t>(columns) * run.pitch, 0);
    int last = -1;
    for (int b = 0; b < columns * col_bytes; ++b) {
      const int at = run.position_of(b);
      ASSERT_GT(at, last) << "col_bytes " << col_bytes << ", byte " << b;
      ASSERT_LT(at, columns * run.pitch);
      if (b % col_bytes == 0) ASSERT_EQ(at % 4, 0) << "column " << b / col_bytes << " starts off a word";
      ASSERT_EQ(used[at]++, 0);
      last = at;
    }
  }
}

}  // namespace
}  // namespace xpose::detail
