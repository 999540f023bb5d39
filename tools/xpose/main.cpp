// `xpose`: the benchmark and device-report front end of the library.
#include "bench.hpp"
#include "cli_args.hpp"
#include "device_info.hpp"
#include "report.hpp"
#include "suite.hpp"
#include "verify.hpp"
#include "profile.hpp"

#include "../common/device_buffer.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <unistd.h>

#ifndef XPOSE_VERSION_STRING
#define XPOSE_VERSION_STRING "unknown"
#endif

namespace {

using namespace xpose::cli;

int no_gpu(const std::string& why) {
  std::fprintf(stderr, "xpose: no usable CUDA GPU (%s)\n", why.c_str());
  return kExitNoGpu;
}

// Writes a result file with `write(stream)`; false (and a message) if it cannot be opened.
template <class Write>
bool write_file(const std::string& path, Write&& write) {
  if (path.empty()) return true;
  std::ofstream f(path);
  if (!f) {
    std::fprintf(stderr, "xpose: cannot write %s\n", path.c_str());
    return false;
  }
  write(f);
  return true;
}

int run_info() {
  std::string why;
  if (!xpose::tooling::gpu_available(&why)) return no_gpu(why);
  const device_summary d = query_device();
  std::cout << format_info(d, measure_memcpy_gbps(std::size_t{1} << 30, 20));
  return kExitOk;
}

int run_suite_command(const command& c) {
  const bool tty = isatty(STDERR_FILENO) != 0;
  const suite_report r = run_suite(c.bench, c.command_line, [&](std::size_t k, std::size_t n, const std::string& label) {
    if (tty) std::fprintf(stderr, "\r[%zu/%zu] %-40s", k + 1, n, label.c_str());
  });
  if (tty) std::fprintf(stderr, "\r%60s\r", "");
  std::cout << format_suite(r);
  if (!write_file(c.bench.json_path, [&](std::ostream& f) { write_suite_json(f, r); }) ||
      !write_file(c.bench.csv_path, [&](std::ostream& f) { write_suite_csv(f, r); })) {
    return kExitFailure;
  }
  if (!r.all_verified()) {
    std::fprintf(stderr, "xpose: at least one case produced a wrong result\n");
    return kExitFailure;
  }
  return kExitOk;
}

int run_verify_command(const command& c) {
  std::string why;
  if (!xpose::tooling::gpu_available(&why)) return no_gpu(why);
  const bool tty = isatty(STDERR_FILENO) != 0;
  const verify_result r = run_verify(c.verify, [&](int k, int n) {
    if (tty && k % 10 == 0) std::fprintf(stderr, "\r[%d/%d]", k, n);
  });
  if (tty) std::fprintf(stderr, "\r%20s\r", "");
  for (const auto& f : r.failures) std::cout << "FAIL " << f << "\n";
  std::cout << "xpose verify: " << r.cases - static_cast<int>(r.failures.size()) << " passed, " << r.failures.size()
            << " failed (" << r.cases << " cases: strategies x element sizes x shapes, every element and guard byte checked)\n";
  return r.failures.empty() ? kExitOk : kExitFailure;
}

int run_profile_command(const command& c) {
  const auto ncu = find_ncu();
  if (!ncu) {
    std::fprintf(stderr, "xpose: profile needs Nsight Compute (ncu), which is not on PATH or in /usr/local/cuda/bin\n");
    return kExitFailure;
  }
  std::string why;
  if (!xpose::tooling::gpu_available(&why)) return no_gpu(why);
  std::cout << format_profile(run_profile(*ncu, c.bench), c.bench);
  return kExitOk;
}

int run_bench_command(const command& c) {
  std::string why;
  if (!xpose::tooling::gpu_available(&why)) return no_gpu(why);
  if (!c.bench.suite.empty()) return run_suite_command(c);
  const bench_report r = run_bench(c.bench, c.command_line);
  std::cout << format_table(r);
  if (!write_file(c.bench.json_path, [&](std::ostream& f) { write_json(f, r); }) ||
      !write_file(c.bench.csv_path, [&](std::ostream& f) { write_csv(f, r); })) {
    return kExitFailure;
  }
  if (!r.all_verified()) {
    std::fprintf(stderr, "xpose: at least one strategy produced a wrong result (check column)\n");
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const command c = parse(argc, argv);
    switch (c.what) {
      case command::kind::help:
        std::cout << (c.help_topic == "bench"    ? bench_help()
                      : c.help_topic == "info"   ? info_help()
                      : c.help_topic == "verify" ? verify_help()
                      : c.help_topic == "profile" ? profile_help()
                                                 : general_help());
        return kExitOk;
      case command::kind::version: std::cout << "xpose " << XPOSE_VERSION_STRING << "\n"; return kExitOk;
      case command::kind::info: return run_info();
      case command::kind::bench: return run_bench_command(c);
      case command::kind::verify: return run_verify_command(c);
      case command::kind::profile: return run_profile_command(c);
    }
  } catch (const usage_error& e) {
    std::fprintf(stderr, "xpose: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "xpose: %s\n", e.what());
    return kExitFailure;
  }
  return kExitFailure;
}
