// Runs a suite on the GPU: one `xpose bench` problem per case.
#include "bench.hpp"
#include "suite.hpp"

namespace xpose::cli {

suite_report run_suite(const bench_options& opt, const std::string& command_line,
                       const std::function<void(std::size_t, std::size_t, const std::string&)>& progress) {
  suite_report r;
  r.name = opt.suite;
  r.command_line = command_line;
  const auto cases = suite_cases(opt.suite);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    progress(i, cases.size(), cases[i].label);
    bench_options p = cases[i].problem;
    p.reps = opt.reps;
    p.warmup = opt.warmup;
    p.verify = opt.verify;
    suite_row row;
    row.c = cases[i];
    row.report = run_bench(p, command_line);
    r.rows.push_back(std::move(row));
  }
  judge(r);
  return r;
}

}  // namespace xpose::cli
