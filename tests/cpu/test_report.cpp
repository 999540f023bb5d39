// Bench report arithmetic, table and JSON output.
#include "json_writer.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using namespace xpose::cli;

bench_report sample() {
  bench_report r;
  r.device.name = "Test GPU";
  r.device.cc_major = 9;
  r.device.sm_count = 132;
  r.device.l2_bytes = 50 << 20;
  r.rows = r.cols = 4096;
  r.elem_bytes = 4;
  r.reps = 30;
  r.buffer_sets = 1;
  r.bytes_moved = 2LL * 4096 * 4096 * 4;  // 134.2 MB
  bench_row memcpy_row{"cudaMemcpy", true, true};
  memcpy_row.median_ms = 0.05;
  bench_row naive{"naive", false, true};
  naive.median_ms = 0.5;
  naive.verified = check::passed;
  bench_row padded{"tiled_padded", false, true};
  padded.median_ms = 0.0625;
  padded.verified = check::passed;
  bench_row cublas{"cuBLAS geam", true, false};
  cublas.note = "cuBLAS has no geam for 1-byte elements";
  r.rows_out = {memcpy_row, naive, padded, cublas};
  r.finalize();
  return r;
}

TEST(Report, FinalizeComputesRatios) {
  const bench_report r = sample();
  const bench_row* padded = r.find("tiled_padded");
  ASSERT_NE(padded, nullptr);
  EXPECT_NEAR(padded->pct_memcpy, 80.0, 1e-9);
  EXPECT_NEAR(padded->speedup_vs_naive, 8.0, 1e-9);
  EXPECT_NEAR(padded->gbps, 134.217728 / 0.0625, 1e-6);
  EXPECT_NEAR(r.find("naive")->pct_memcpy, 10.0, 1e-9);
  EXPECT_EQ(r.find("cuBLAS geam")->gbps, 0.0);  // did not run
  EXPECT_TRUE(r.all_verified());
}

TEST(Report, FailedCheckIsReported) {
  bench_report r = sample();
  r.rows_out[1].verified = check::failed;
  EXPECT_FALSE(r.all_verified());
  EXPECT_NE(format_table(r).find("WRONG"), std::string::npos);
}

TEST(Report, TableShowsEveryRow) {
  const std::string t = format_table(sample());
  EXPECT_NE(t.find("Test GPU"), std::string::npos);
  EXPECT_NE(t.find("80.0%"), std::string::npos) << t;
  EXPECT_NE(t.find("8.00x"), std::string::npos) << t;
  EXPECT_NE(t.find("n/a: cuBLAS has no geam"), std::string::npos) << t;
  EXPECT_NE(t.find("########################"), std::string::npos) << t;  // the 80% bar
}

TEST(Report, JsonHasDeviceProblemAndRows) {
  std::ostringstream os;
  write_json(os, sample());
  const std::string j = os.str();
  EXPECT_NE(j.find("\"name\": \"Test GPU\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"rows\": 4096"), std::string::npos);
  EXPECT_NE(j.find("\"pct_memcpy\": 80"), std::string::npos) << j;
  EXPECT_NE(j.find("\"verified\": \"ok\""), std::string::npos);
  EXPECT_NE(j.find("\"note\": \"cuBLAS has no geam for 1-byte elements\""), std::string::npos);
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (j[i] == '"' && (i == 0 || j[i - 1] != '\\')) in_string = !in_string;
    if (in_string) continue;
    depth += (j[i] == '{' || j[i] == '[') - (j[i] == '}' || j[i] == ']');
    ASSERT_GE(depth, 0);
  }
  EXPECT_EQ(depth, 0);
}

TEST(JsonWriter, EscapesStrings) {
  EXPECT_EQ(json_writer::quote("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
}

TEST(JsonWriter, NonFiniteBecomesNull) {
  std::ostringstream os;
  json_writer w(os);
  w.begin_array().value(1.0 / 0.0).end_array();
  EXPECT_NE(os.str().find("null"), std::string::npos);
}

}  // namespace

#include "profile.hpp"

namespace {

TEST(Profile, ParsesTheFirstKernelOfNcuCsv) {
  const std::string csv =
      "==PROF== Connected to process 123\n"
      "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
      "\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
      "\"0\",\"123\",\"xpose\",\"h\",\"tiled_kernel\",\"1\",\"13\",\"(32, 8, 1)\",\"(128, 128, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\",\"\",\"4,128,768\"\n"
      "\"0\",\"123\",\"xpose\",\"h\",\"tiled_kernel\",\"1\",\"13\",\"(32, 8, 1)\",\"(128, 128, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"dram__bytes_read.sum\",\"Mbyte\",\"67.11\"\n"
      "\"0\",\"123\",\"xpose\",\"h\",\"tiled_kernel\",\"1\",\"13\",\"(32, 8, 1)\",\"(128, 128, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"gpu__time_duration.sum\",\"usecond\",\"91.5\"\n"
      "\"1\",\"123\",\"xpose\",\"h\",\"tiled_kernel\",\"1\",\"13\",\"(32, 8, 1)\",\"(128, 128, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"dram__bytes_read.sum\",\"Mbyte\",\"1.0\"\n";
  const auto m = xpose::cli::parse_ncu_csv(csv);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_DOUBLE_EQ(m.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 4128768.0);
  EXPECT_DOUBLE_EQ(m.at("dram__bytes_read.sum"), 67.11e6);  // first kernel only, in bytes
  EXPECT_DOUBLE_EQ(m.at("gpu__time_duration.sum"), 91.5e3);  // nanoseconds
  EXPECT_TRUE(xpose::cli::parse_ncu_csv("==ERROR== no kernels profiled\n").empty());
}

// Shaped like `ncu -i report --csv --page source`: a kernel-name line, the column header,
// one row per SASS instruction (most columns left out here; the parser finds them by name).
TEST(Profile, SumsSharedWavefrontsOfSourceCounters) {
  const std::string csv =
      "\"Kernel Name\",\"tiled_kernel\",\n"
      "\"Address\",\"Source\",\"Address Space\",\"Access Operation\",\"Access Size\","
      "\"L1 Wavefronts Shared Excessive\",\"L1 Wavefronts Shared\",\"L1 Wavefronts Shared Ideal\"\n"
      "\"0x10\",\"  LDC R1, c[0x0][0x28]\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\"\n"
      "\"0x20\",\"  STS [R23], R16\",\"Shared\",\"Store\",\"32\",\"0\",\"131,072\",\"131,072\"\n"
      "\"0x30\",\"  LDS R5, [R2]\",\"Shared\",\"Load\",\"32\",\"4,063,232\",\"4,194,304\",\"131,072\"\n"
      "\"0x40\",\"  LDS R6, [R2+0x80]\",\"Shared\",\"Load\",\"32\",\"10\",\"20\",\"10\"\n"
      "\"0x50\",\"  LDG.E R7, [R8]\",\"Global\",\"Load\",\"32\",\"0\",\"0\",\"0\"\n"
      "\"Kernel Name\",\"second_kernel\",\n"
      "\"0x20\",\"  STS [R23], R16\",\"Shared\",\"Store\",\"32\",\"99\",\"99\",\"0\"\n";
  const auto m = xpose::cli::parse_ncu_source_csv(csv);
  EXPECT_DOUBLE_EQ(m.at("source.shared_ld.excessive"), 4063242.0);
  EXPECT_DOUBLE_EQ(m.at("source.shared_ld.wavefronts"), 4194324.0);
  EXPECT_DOUBLE_EQ(m.at("source.shared_ld.ideal"), 131082.0);
  EXPECT_DOUBLE_EQ(m.at("source.shared_st.excessive"), 0.0);  // the second kernel is not counted
  EXPECT_DOUBLE_EQ(m.at("source.shared_st.wavefronts"), 131072.0);
  EXPECT_TRUE(xpose::cli::parse_ncu_source_csv("==ERROR== no kernels profiled\n").empty());
}

TEST(Profile, TableShowsSourceCounterConflictsAndHardwareCounter) {
  xpose::cli::bench_options o;
  xpose::cli::profile_row padded;
  padded.name = "tiled_padded";
  padded.metrics = {{"smsp__inst_executed_op_shared_ld.sum", 524288.0},
                    {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 34474.0},
                    {"source.shared_ld.excessive", 0.0},
                    {"source.shared_st.excessive", 0.0}};
  xpose::cli::profile_row tiled;
  tiled.name = "tiled";
  tiled.metrics = {{"smsp__inst_executed_op_shared_ld.sum", 524288.0},
                   {"source.shared_ld.excessive", 16252928.0},
                   {"source.shared_st.excessive", 0.0}};
  xpose::cli::profile_row lost;
  lost.name = "vectorized";
  lost.metrics = {{"smsp__inst_executed_op_shared_ld.sum", 10.0}};
  xpose::cli::profile_row none;
  none.name = "naive";
  none.metrics = {{"dram__bytes_read.sum", 1.0}};
  const std::string t = xpose::cli::format_profile({padded, tiled, lost, none}, o);
  auto line_of = [&](const std::string& name) {
    const auto at = t.find("\n" + name + " ");
    return at == std::string::npos ? std::string() : t.substr(at + 1, t.find('\n', at + 1) - at - 1);
  };
  EXPECT_NE(line_of("tiled_padded").find(" 0 / 0 "), std::string::npos) << t;
  EXPECT_NE(line_of("tiled_padded").find("34474 / 0"), std::string::npos) << t;  // hardware counter kept
  EXPECT_NE(line_of("tiled").find("16252928 / 0"), std::string::npos) << t;
  EXPECT_NE(line_of("vectorized").find(" n/a "), std::string::npos) << t;  // no source counters
  EXPECT_NE(line_of("naive").find(" 0 / 0 "), std::string::npos) << t;     // no shared memory at all
}

TEST(Profile, TableShowsRatioToIdealTraffic) {
  xpose::cli::bench_options o;
  o.rows = o.cols = 1024;
  xpose::cli::profile_row r;
  r.name = "tiled_padded";
  r.metrics = {{"dram__bytes_read.sum", 4194304.0},
               {"dram__bytes_write.sum", 4194304.0},
               {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 3200.0},
               {"smsp__inst_executed_op_shared_ld.sum", 100.0},
               {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 100.0},
               {"smsp__inst_executed_op_shared_st.sum", 100.0}};
  const std::string t = xpose::cli::format_profile({r}, o);
  EXPECT_NE(t.find("(1.00x)"), std::string::npos) << t;
  EXPECT_NE(t.find("32.00 / 1.00"), std::string::npos) << t;  // a 32-way conflict on loads
  EXPECT_NE(t.find("ideal DRAM traffic 8.4 MB"), std::string::npos) << t;
}

}  // namespace

namespace {

TEST(Report, SkippedProblemIsShownNotCrashed) {
  xpose::cli::bench_report r;
  r.device.name = "GPU";
  r.rows = r.cols = 70000;
  r.skipped = "out of memory: needs 146.0 GiB, 139.0 GiB free";
  const std::string t = xpose::cli::format_table(r);
  EXPECT_NE(t.find("skipped: out of memory"), std::string::npos) << t;
  std::ostringstream os;
  xpose::cli::write_json(os, r);
  EXPECT_NE(os.str().find("\"skipped\": \"out of memory"), std::string::npos) << os.str();
}

TEST(Report, ClocksSeenAreReported) {
  xpose::cli::bench_report r;
  r.sm_mhz_min = 1755;
  r.sm_mhz_max = 1980;
  r.mem_mhz = 3201;
  EXPECT_NE(xpose::cli::format_table(r).find("SM 1755-1980 MHz, memory 3201 MHz"), std::string::npos);
  std::ostringstream os;
  xpose::cli::write_json(os, r);
  EXPECT_NE(os.str().find("\"sm_mhz_max\": 1980"), std::string::npos) << os.str();
}

}  // namespace
