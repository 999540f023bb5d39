// `xpose bench --suite`: the case list covers the auto issue's targets, and judging,
// the table and the JSON follow from synthetic measurements.
#include "json_writer.hpp"
#include "suite.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using namespace xpose::cli;

TEST(Suite, AutoSuiteCoversEveryTargetRow) {
  const auto cases = suite_cases("auto");
  auto count = [&](const std::string& group) {
    return std::count_if(cases.begin(), cases.end(), [&](const suite_case& c) { return c.group == group; });
  };
  EXPECT_EQ(count("large"), 8 * 5);    // 8 shapes x element sizes 1, 2, 4, 8, 16
  EXPECT_EQ(count("skinny"), 7 * 2);   // 7 shapes x element sizes 1, 4
  EXPECT_EQ(count("batched"), 5 * 4);  // 5 batches x element sizes 1, 2, 4, 8
  EXPECT_EQ(count("submatrix"), 2);
  EXPECT_EQ(count("latency"), 2);
  for (const auto& c : cases) {
    if (c.group == "skinny" && c.problem.rows != 2 && c.problem.cols != 2 && c.problem.rows != 50) {
      EXPECT_GE(c.problem.rows * c.problem.cols * static_cast<std::int64_t>(c.problem.elem_bytes), 64LL << 20)
          << c.label;
    }
    if (c.group == "large") EXPECT_DOUBLE_EQ(c.target, c.problem.elem_bytes >= 4 ? 0.97 : 0.95) << c.label;
    ASSERT_EQ(c.problem.kernels.size(), 1u);
    EXPECT_EQ(c.problem.kernels[0].kernel, xpose::strategy::automatic);
  }
  EXPECT_TRUE(suite_cases("nonexistent").empty());
}

bench_report report(double memcpy_ms, double auto_ms, double cublas_ms) {
  bench_report r;
  r.bytes_moved = 1000000;
  r.reps = 30;
  bench_row m{"cudaMemcpy", true, true};
  m.median_ms = memcpy_ms;
  bench_row a{"auto", false, true};
  a.median_ms = auto_ms;
  a.verified = check::passed;
  r.rows_out = {m, a};
  if (cublas_ms > 0) {
    bench_row c{"cublasSgeam", true, true};
    c.median_ms = cublas_ms;
    r.rows_out.push_back(c);
  }
  r.finalize();
  return r;
}

TEST(Suite, JudgesEachCriterion) {
  suite_report r;
  r.name = "auto";
  suite_row ratio;
  ratio.c.label = "packed";
  ratio.c.judge = criterion::ratio_to_memcpy;
  ratio.c.target = 0.97;
  ratio.report = report(1.0, 1.02, 1.1);  // 98% of memcpy, faster than cuBLAS
  suite_row view;
  view.c.label = "view";
  view.c.judge = criterion::within_of_reference;
  view.c.target = 0.05;
  view.c.reference = "packed";
  view.report = report(1.0, 1.10, 0);  // 7.8% slower than packed
  suite_row latency;
  latency.c.label = "latency";
  latency.c.judge = criterion::not_slower_than_cublas;
  latency.report = report(1.0, 2.0, 1.5);
  r.rows = {ratio, view, latency};
  judge(r);
  EXPECT_TRUE(r.rows[0].met);
  EXPECT_NEAR(r.rows[0].value, 1.0 / 1.02, 1e-9);
  EXPECT_TRUE(r.rows[0].beats_cublas);
  EXPECT_FALSE(r.rows[1].met);
  EXPECT_NEAR(r.rows[1].value, 1.10 / 1.02 - 1, 1e-9);
  EXPECT_FALSE(r.rows[2].met);
  EXPECT_EQ(r.misses(), 2);

  const std::string table = format_suite(r);
  EXPECT_NE(table.find("1 of 3 targets met"), std::string::npos) << table;
  EXPECT_NE(table.find("MISS"), std::string::npos);
  EXPECT_NE(table.find(">= cuBLAS"), std::string::npos);
  std::ostringstream os;
  write_suite_json(os, r);
  EXPECT_NE(os.str().find("\"targets_met\": 1"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("\"case\": \"view\""), std::string::npos);
}

TEST(Suite, WrongResultNeverMeetsItsTarget) {
  suite_report r;
  suite_row row;
  row.c.judge = criterion::ratio_to_memcpy;
  row.c.target = 0.5;
  row.report = report(1.0, 1.0, 0);
  row.report.rows_out[1].verified = check::failed;
  r.rows = {row};
  judge(r);
  EXPECT_FALSE(r.rows[0].met);
  EXPECT_FALSE(r.all_verified());
  EXPECT_NE(format_suite(r).find("WRONG RESULT"), std::string::npos);
}

}  // namespace
