// `xpose bench`: runs every requested strategy and the baselines on one problem.
#pragma once

#include "cli_args.hpp"
#include "report.hpp"

namespace xpose::cli {

/** Measures and verifies; throws std::runtime_error on CUDA failures. */
bench_report run_bench(const bench_options& opt, const std::string& command_line);

}  // namespace xpose::cli
