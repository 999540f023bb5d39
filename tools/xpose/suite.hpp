// `xpose bench --suite NAME`: a list of problems, each benchmarked like `xpose bench`
// with auto against cudaMemcpy and cuBLAS, each judged against a stated target.
#pragma once

#include "cli_args.hpp"
#include "report.hpp"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace xpose::cli {

/** How a suite row is judged. */
enum class criterion {
  none,                ///< reported, not judged (ladder, shapes, dtypes, ... suites)
  ratio_to_memcpy,     ///< auto median >= target x memcpy bandwidth
  within_of_reference, ///< auto time <= (1 + target) x the time of the row named by `reference`
  not_slower_than_cublas, ///< auto median <= cuBLAS median
  ratio_to_out_of_place,  ///< in-place median <= out-of-place auto median / target
};

struct suite_case {
  std::string group;  ///< "large", "skinny", "batched", "submatrix", "latency", "square", ...
  std::string label;
  bench_options problem;
  criterion judge = criterion::ratio_to_memcpy;
  double target = 0;
  std::string reference;  ///< label of the row compared against (within_of_reference)
};

struct suite_row {
  suite_case c;
  bench_report report;
  double value = 0;  ///< the measured quantity the criterion compares with the target
  bool met = false;
  bool beats_cublas = false;  ///< auto at least as fast as cuBLAS (false when cuBLAS did not run)
  bool cublas_ran = false;
};

struct suite_report {
  std::string name;
  std::string command_line;
  std::vector<suite_row> rows;
  [[nodiscard]] int misses() const;
  [[nodiscard]] bool all_verified() const;
};

/** The problems of a named suite (see is_suite_name). */
std::vector<suite_case> suite_cases(const std::string& name);

/** Fills value/met/beats_cublas of every row from its report. */
void judge(suite_report& r);

/** Runs every case; `progress(k, n, label)` is called before case k. */
suite_report run_suite(const bench_options& opt, const std::string& command_line,
                       const std::function<void(std::size_t, std::size_t, const std::string&)>& progress);

std::string format_suite(const suite_report& r);
void write_suite_json(std::ostream& os, const suite_report& r);
/** One CSV line per bench row of every case, prefixed with the case's suite columns. */
void write_suite_csv(std::ostream& os, const suite_report& r);

}  // namespace xpose::cli
