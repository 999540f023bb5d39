// `xpose profile`: every strategy under Nsight Compute (the seeds' challenge: padding must
// show zero bank conflicts, the unpadded tile many), from ncu's CSV output.
#pragma once

#include "cli_args.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xpose::cli {

/** Metrics asked of ncu, in the order the table shows them. */
const std::vector<std::string>& profile_metrics();

/** Metric name -> value of the first profiled kernel in ncu `--csv` output. */
std::map<std::string, double> parse_ncu_csv(const std::string& csv);

/** Shared-memory wavefronts of the first kernel in ncu `--page source --csv` output, summed
 *  over SASS instructions: keys source.shared_{ld,st}.{wavefronts,ideal,excessive}. */
std::map<std::string, double> parse_ncu_source_csv(const std::string& csv);

/** Path of ncu: on PATH, or the CUDA toolkit's; nullopt if absent. */
std::optional<std::string> find_ncu();

struct profile_row {
  std::string name;
  std::map<std::string, double> metrics;
  std::string error;  ///< non-empty: ncu did not produce the metrics
};

/** Profiles each kernel of opt (4096 x 4096 fp32 by default) with ncu. */
std::vector<profile_row> run_profile(const std::string& ncu, const bench_options& opt);

/** The table: bank conflicts (source counters and hardware counter), DRAM bytes vs ideal,
 *  sectors per request. */
std::string format_profile(const std::vector<profile_row>& rows, const bench_options& opt);

}  // namespace xpose::cli
