// What `xpose bench` and `xpose info` measured, and how it is shown: the text table and
// the JSON record. Pure host code, unit-tested on CPU.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace xpose::cli {

struct device_summary {
  std::string name = "unknown";
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::int64_t l2_bytes = 0;
  std::int64_t memory_bytes = 0;
  int mem_clock_khz = 0;
  int bus_width_bits = 0;
  int sm_clock_khz = 0;
  int driver_version = 0;
  int runtime_version = 0;
  /** 2 (DDR) x memory clock x bus width; the vendor's figure may round differently. */
  [[nodiscard]] double datasheet_gbps() const { return 2.0 * mem_clock_khz * 1e3 * (bus_width_bits / 8.0) / 1e9; }
};

/** Outcome of the correctness check of one row. */
enum class check { passed, failed, not_run };

struct bench_row {
  std::string name;            ///< "naive", "tiled_padded:16x16", "cudaMemcpy", "cublasSgeam", ...
  bool baseline = false;       ///< not an xpose strategy
  bool ran = false;            ///< false: `note` says why (e.g. cuBLAS has no 1-byte geam)
  std::string note;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  check verified = check::not_run;
  // Derived by finalize():
  double gbps = 0;             ///< bytes read + written per second / 1e9, from the median
  double pct_memcpy = 0;       ///< 100 x memcpy median time / this median time
  double speedup_vs_naive = 0; ///< naive median time / this median time (0: no naive row)
};

struct bench_report {
  std::string command_line;
  device_summary device;
  std::int64_t rows = 0, cols = 0, batch = 1;
  std::int64_t elem_bytes = 4;
  std::int64_t ld_in = 0, ld_out = 0;  ///< 0 = packed
  int reps = 0;
  int buffer_sets = 0;          ///< input/output pairs rotated through
  std::int64_t bytes_moved = 0; ///< per call: 2 x batch x rows x cols x elem_bytes
  std::vector<bench_row> rows_out;
  std::string skipped;          ///< non-empty: the problem was not run (e.g. out of memory), why
  int sm_mhz_min = 0, sm_mhz_max = 0, mem_mhz = 0;  ///< clocks read after each row (0: unknown)

  /** Computes gbps, % of memcpy and speed-up over naive for every row that ran. */
  void finalize();
  [[nodiscard]] const bench_row* find(const std::string& name) const;
  [[nodiscard]] bool all_verified() const;
};

/** printf-style formatting of one number ("%.1f", 3.14159 -> "3.1"). */
std::string format_number(const char* printf_format, double v);

/** The seed-style table: one line per row, ratio to memcpy and a bar. */
std::string format_table(const bench_report& r);

class json_writer;

/** Machine-readable record of everything in the report. */
void write_json(std::ostream& os, const bench_report& r);
/** The same, as one value inside a larger document. */
void write_json(json_writer& w, const bench_report& r);

/** CSV: a header line, then one line per row of the report. */
void write_csv(std::ostream& os, const bench_report& r);
/** The CSV header and the lines of one report, each prefixed with `prefix` (no header). */
std::string csv_header();
void write_csv_rows(std::ostream& os, const bench_report& r, const std::string& prefix);

/** `xpose info` text. */
std::string format_info(const device_summary& d, double memcpy_gbps);

}  // namespace xpose::cli
