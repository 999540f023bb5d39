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

TEST(Suite, InplaceSuiteCoversTheInplaceTargets) {
  const auto cases = suite_cases("inplace");
  std::size_t squares = 0, rect = 0, skinny = 0;
  for (const auto& c : cases) {
    EXPECT_TRUE(c.problem.inplace) << c.label;
    if (c.group == "square") {
      ++squares;
      EXPECT_EQ(c.problem.rows, c.problem.cols);
      EXPECT_EQ(c.judge, criterion::ratio_to_out_of_place);
      EXPECT_DOUBLE_EQ(c.target, 0.95);
    } else if (c.group == "rect") {
      ++rect;
      EXPECT_DOUBLE_EQ(c.target, 0.30);
    } else if (c.group == "skinny") {
      ++skinny;
      EXPECT_LT(std::min(c.problem.rows, c.problem.cols), 32) << c.label;
      EXPECT_DOUBLE_EQ(c.target, 0.50);
    }
  }
  EXPECT_EQ(squares, 4u * 5u);  // 4096^2 .. 32768^2 x element sizes 1, 2, 4, 8, 16
  EXPECT_EQ(rect, 4u * 3u);
  EXPECT_EQ(skinny, 5u * 2u);
}

TEST(Suite, InplaceRowsAreJudgedAgainstOutOfPlace) {
  suite_report r;
  r.name = "inplace";
  suite_row square;
  square.c.label = "square";
  square.c.judge = criterion::ratio_to_out_of_place;
  square.c.target = 0.95;
  square.report = report(1.0, 1.05, 0);  // "auto" = out of place
  bench_row inplace{"inplace", false, true};
  inplace.median_ms = 1.20;
  inplace.verified = check::passed;
  square.report.rows_out.push_back(inplace);
  square.report.finalize();
  suite_row rect = square;
  rect.c.judge = criterion::ratio_to_memcpy;
  rect.c.target = 0.30;
  r.rows = {square, rect};
  judge(r);
  EXPECT_NEAR(r.rows[0].value, 1.05 / 1.20, 1e-9);
  EXPECT_FALSE(r.rows[0].met);                     // 0.875 < 0.95
  EXPECT_NEAR(r.rows[1].value, 1.0 / 1.20, 1e-9);  // the in-place row, not auto
  EXPECT_TRUE(r.rows[1].met);
  const std::string table = format_suite(r);
  EXPECT_NE(table.find(">= 0.95 out-of-place"), std::string::npos) << table;
  EXPECT_NE(table.find("in-place vs out-of-place"), std::string::npos) << table;
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

namespace {

using namespace xpose::cli;

TEST(Suite, ReportOnlySuitesFollowTheSeedTables) {
  const auto ladder = suite_cases("ladder");
  ASSERT_EQ(ladder.size(), 1u);
  EXPECT_EQ(ladder[0].problem.rows, 4096);
  EXPECT_EQ(ladder[0].problem.kernels, default_kernels());
  EXPECT_EQ(ladder[0].judge, criterion::none);
  EXPECT_EQ(suite_cases("shapes").size(), 5u);
  EXPECT_EQ(suite_cases("dtypes").size(), 5u);
  EXPECT_EQ(suite_cases("skinny").size(), 14u + 14u);  // + narrow sides of sessions 44-47, auto only
  for (const auto& c : suite_cases("skinny")) {
    if (c.group != "narrow") continue;
    EXPECT_EQ(c.judge, criterion::none) << c.label;
    EXPECT_EQ(c.problem.kernels, std::vector<kernel_spec>{kernel_spec{}}) << c.label;
  }
  EXPECT_EQ(suite_cases("batched").size(), 20u + 8u);  // + attention-style shapes
  EXPECT_EQ(suite_cases("all").size(), 1u + 5u + 5u + suite_cases("auto").size() + suite_cases("inplace").size());
  for (const char* name : {"auto", "ladder", "shapes", "dtypes", "skinny", "batched", "inplace", "all"}) {
    EXPECT_TRUE(is_suite_name(name)) << name;
    EXPECT_FALSE(suite_cases(name).empty()) << name;
  }
}

TEST(Suite, ReportOnlyRowsAreNotCountedAsTargets) {
  suite_report r;
  r.name = "ladder";
  suite_row row;
  row.c.group = "ladder";
  row.c.label = "4096x4096 e4";
  row.c.judge = criterion::none;
  bench_report b;
  b.bytes_moved = 1000;
  bench_row m{"cudaMemcpy", true, true};
  m.median_ms = 1;
  bench_row naive{"naive", false, true};
  naive.median_ms = 8;
  naive.verified = check::passed;
  b.rows_out = {m, naive};
  b.finalize();
  row.report = b;
  r.rows = {row};
  judge(r);
  EXPECT_EQ(r.misses(), 0);
  const std::string t = format_suite(r);
  EXPECT_NE(t.find("== ladder / ladder: 4096x4096 e4"), std::string::npos) << t;
  EXPECT_NE(t.find("12.5%"), std::string::npos) << t;  // naive at 1/8 of memcpy
  EXPECT_EQ(t.find("targets met"), std::string::npos) << t;
  std::ostringstream csv;
  write_suite_csv(csv, r);
  const std::string c = csv.str();
  EXPECT_EQ(std::count(c.begin(), c.end(), '\n'), 3);  // header + 2 rows
  EXPECT_EQ(c.rfind("suite,group,case,target,measured,met,device,", 0), 0u) << c;
}

TEST(Csv, OneLinePerRowWithQuotedFields) {
  bench_report r;
  r.device.name = "GPU, \"test\"";
  r.rows = r.cols = 8;
  bench_row row{"cuBLAS geam", true, false};
  row.note = "cuBLAS has no geam for 1-byte elements";
  r.rows_out = {row};
  std::ostringstream os;
  write_csv(os, r);
  const std::string s = os.str();
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 2);
  EXPECT_NE(s.find("\"GPU, \"\"test\"\"\""), std::string::npos) << s;
  EXPECT_NE(s.find(",cuBLAS geam,1,0,,,,,,,,cuBLAS has no geam"), std::string::npos) << s;  // baseline, did not run
}

}  // namespace

namespace {

TEST(Suite, SkippedCaseIsAMissShownAsSkipped) {
  using namespace xpose::cli;
  suite_report r;
  suite_row row;
  row.c.label = "huge";
  row.c.judge = criterion::ratio_to_memcpy;
  row.c.target = 0.5;
  row.report.skipped = "out of memory";
  r.rows = {row};
  judge(r);
  EXPECT_FALSE(r.rows[0].met);
  EXPECT_TRUE(r.all_verified());
  EXPECT_NE(format_suite(r).find("SKIPPED (out of memory)"), std::string::npos) << format_suite(r);
}

}  // namespace
