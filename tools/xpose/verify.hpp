// `xpose verify`: a correctness sweep on the user's own GPU.
#pragma once

#include "cli_args.hpp"

#include <functional>
#include <string>
#include <vector>

namespace xpose::cli {

struct verify_result {
  int cases = 0;
  std::vector<std::string> failures;  ///< one line per failing case
};

/** Runs the sweep; `progress(k, n)` is called before case k. Throws on CUDA failures. */
verify_result run_verify(const verify_options& opt, const std::function<void(int, int)>& progress);

}  // namespace xpose::cli
