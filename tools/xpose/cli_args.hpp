// Command-line grammar of the `xpose` tool, parsed without touching the GPU so that it
// is unit-tested on CPU-only machines.
#pragma once

#include <xpose/xpose.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace xpose::cli {

/** Exit codes of the tool. */
enum exit_code : int { kExitOk = 0, kExitFailure = 1, kExitUsage = 2, kExitNoGpu = 3 };

/** Thrown for malformed command lines; what() is the one line shown to the user. */
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/** One benchmarked kernel: a strategy, and for tiled_padded a tile configuration. */
struct kernel_spec {
  strategy kernel = strategy::automatic;
  tile_config tile = tile_config::tile32_block32x8;
  /** "tiled_padded:16x16" style label; plain strategy name for the default tile. */
  [[nodiscard]] std::string label() const;
  bool operator==(const kernel_spec& o) const { return kernel == o.kernel && tile == o.tile; }
};

/** Parses "name" or "tiled_padded:<tile>"; throws usage_error. */
kernel_spec parse_kernel_spec(const std::string& text);

/** The ladder in the seeds' order, every tile configuration of tiled_padded, then auto. */
std::vector<kernel_spec> default_kernels();

struct bench_options {
  std::int64_t rows = 4096;
  std::int64_t cols = 4096;
  std::int64_t batch = 1;
  std::size_t elem_bytes = 4;
  std::int64_t ld_in = 0;   ///< 0 = packed (cols)
  std::int64_t ld_out = 0;  ///< 0 = packed (rows)
  std::vector<kernel_spec> kernels = default_kernels();
  int reps = 30;
  int warmup = 5;
  std::string json_path;  ///< empty: no JSON
  std::string csv_path;   ///< empty: no CSV
  bool verify = true;
  bool inplace = false;  ///< time the in-place transpose next to out-of-place auto and memcpy
  std::string suite;  ///< non-empty: run the named suite instead of one problem
};

/** `xpose verify`: a correctness sweep over strategies x element sizes x shapes. */
struct verify_options {
  std::vector<kernel_spec> kernels = default_kernels();
  std::vector<std::size_t> elem_sizes = {1, 2, 4, 8, 16};
  std::uint64_t seed = 1;
  bool quick = false;  ///< fewer shapes
};

struct command {
  enum class kind { help, version, info, bench, verify, profile } what = kind::help;
  std::string help_topic;  ///< "" (general), "bench", "info", "verify" or "profile"
  bench_options bench;
  verify_options verify;
  std::string command_line;  ///< argv joined, recorded in reports
};

/** Named suites of `xpose bench --suite`. */
bool is_suite_name(const std::string& name);
std::string suite_names();

/** Parses argv; throws usage_error with a one-line message. */
command parse(int argc, const char* const* argv);

/** Help texts. */
std::string general_help();
std::string bench_help();
std::string info_help();
std::string verify_help();
std::string profile_help();

}  // namespace xpose::cli
