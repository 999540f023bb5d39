#include "report.hpp"

#include "json_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace xpose::cli {
namespace {

std::string fmt(const char* f, double v) { return format_number(f, v); }

std::string pad(std::string s, std::size_t w) {
  if (s.size() < w) s.append(w - s.size(), ' ');
  return s;
}

std::string lpad(std::string s, std::size_t w) {
  if (s.size() < w) s.insert(0, w - s.size(), ' ');
  return s;
}

const char* check_name(check c) {
  switch (c) {
    case check::passed: return "ok";
    case check::failed: return "WRONG";
    case check::not_run: return "-";
  }
  return "?";
}

std::string bar(double pct) {
  const int width = 30;
  const int n = std::clamp(static_cast<int>(pct / 100.0 * width + 0.5), 0, width);
  return std::string(static_cast<std::size_t>(n), '#');
}

}  // namespace

std::string format_number(const char* printf_format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, printf_format, v);
  return buf;
}

void bench_report::finalize() {
  const bench_row* memcpy_row = find("cudaMemcpy");
  const bench_row* naive_row = find("naive");
  for (auto& row : rows_out) {
    if (!row.ran || row.median_ms <= 0) continue;
    row.gbps = static_cast<double>(bytes_moved) / (row.median_ms * 1e-3) / 1e9;
    row.pct_memcpy = memcpy_row && memcpy_row->ran ? 100.0 * memcpy_row->median_ms / row.median_ms : 0;
    row.speedup_vs_naive = naive_row && naive_row->ran ? naive_row->median_ms / row.median_ms : 0;
  }
}

const bench_row* bench_report::find(const std::string& name) const {
  for (const auto& row : rows_out) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

bool bench_report::all_verified() const {
  return std::none_of(rows_out.begin(), rows_out.end(), [](const bench_row& r) { return r.verified == check::failed; });
}

std::string format_table(const bench_report& r) {
  std::ostringstream os;
  os << r.device.name << " (sm_" << r.device.cc_major << r.device.cc_minor << ", " << r.device.sm_count
     << " SMs, L2 " << r.device.l2_bytes / (1024 * 1024) << " MiB)\n";
  os << "transpose " << r.batch << " x " << r.rows << " x " << r.cols << ", " << r.elem_bytes << "-byte elements, "
     << fmt("%.1f", static_cast<double>(r.bytes_moved) / 1e6) << " MB moved per call; median of " << r.reps
     << " runs over " << r.buffer_sets << " rotating buffer set(s)\n\n";
  if (!r.skipped.empty()) {
    os << "skipped: " << r.skipped << "\n";
    return os.str();
  }
  if (r.sm_mhz_max > 0) {
    os << "clocks seen after each row: SM " << r.sm_mhz_min << "-" << r.sm_mhz_max << " MHz, memory " << r.mem_mhz
       << " MHz\n\n";
  }
  os << pad("strategy", 24) << lpad("median ms", 11) << lpad("GB/s", 9) << lpad("% memcpy", 10)
     << lpad("x naive", 9) << lpad("check", 7) << "  \n";
  os << std::string(70, '-') << "\n";
  for (const auto& row : r.rows_out) {
    os << pad(row.name, 24);
    if (!row.ran) {
      os << "  n/a: " << row.note << "\n";
      continue;
    }
    os << lpad(fmt("%.4f", row.median_ms), 11) << lpad(fmt("%.1f", row.gbps), 9)
       << lpad(row.pct_memcpy > 0 ? fmt("%.1f%%", row.pct_memcpy) : "-", 10)
       << lpad(row.speedup_vs_naive > 0 ? fmt("%.2fx", row.speedup_vs_naive) : "-", 9)
       << lpad(check_name(row.verified), 7) << "  " << bar(row.pct_memcpy) << "\n";
  }
  return os.str();
}

void write_json(std::ostream& os, const bench_report& r) {
  json_writer w(os);
  write_json(w, r);
}

void write_json(json_writer& w, const bench_report& r) {
  w.begin_object();
  w.key("tool").value("xpose bench");
  w.key("command").value(r.command_line);
  w.key("device").begin_object();
  w.key("name").value(r.device.name);
  w.key("compute_capability").value(std::to_string(r.device.cc_major) + "." + std::to_string(r.device.cc_minor));
  w.key("sm_count").value(r.device.sm_count);
  w.key("l2_bytes").value(r.device.l2_bytes);
  w.key("memory_bytes").value(r.device.memory_bytes);
  w.key("memory_clock_khz").value(r.device.mem_clock_khz);
  w.key("bus_width_bits").value(r.device.bus_width_bits);
  w.key("sm_clock_khz").value(r.device.sm_clock_khz);
  w.key("datasheet_gbps").value(r.device.datasheet_gbps());
  w.key("driver_version").value(r.device.driver_version);
  w.key("runtime_version").value(r.device.runtime_version);
  w.end_object();
  w.key("problem").begin_object();
  w.key("batch").value(r.batch);
  w.key("rows").value(r.rows);
  w.key("cols").value(r.cols);
  w.key("elem_bytes").value(r.elem_bytes);
  w.key("ld_in").value(r.ld_in);
  w.key("ld_out").value(r.ld_out);
  w.key("bytes_moved").value(r.bytes_moved);
  w.key("reps").value(r.reps);
  w.key("buffer_sets").value(r.buffer_sets);
  w.end_object();
  if (!r.skipped.empty()) w.key("skipped").value(r.skipped);
  w.key("clocks_seen").begin_object();
  w.key("sm_mhz_min").value(r.sm_mhz_min);
  w.key("sm_mhz_max").value(r.sm_mhz_max);
  w.key("mem_mhz").value(r.mem_mhz);
  w.end_object();
  w.key("results").begin_array();
  for (const auto& row : r.rows_out) {
    w.begin_object();
    w.key("name").value(row.name);
    w.key("baseline").value(row.baseline);
    w.key("ran").value(row.ran);
    if (!row.ran) {
      w.key("note").value(row.note);
    } else {
      w.key("median_ms").value(row.median_ms);
      w.key("min_ms").value(row.min_ms);
      w.key("max_ms").value(row.max_ms);
      w.key("gbps").value(row.gbps);
      w.key("pct_memcpy").value(row.pct_memcpy);
      w.key("speedup_vs_naive").value(row.speedup_vs_naive);
      w.key("verified").value(check_name(row.verified));
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string csv_header() {
  return "device,batch,rows,cols,elem_bytes,ld_in,ld_out,bytes_moved,name,baseline,ran,median_ms,min_ms,max_ms,gbps,"
         "pct_memcpy,speedup_vs_naive,verified,note";
}

void write_csv_rows(std::ostream& os, const bench_report& r, const std::string& prefix) {
  for (const auto& row : r.rows_out) {
    os << prefix << csv_field(r.device.name) << ',' << r.batch << ',' << r.rows << ',' << r.cols << ',' << r.elem_bytes
       << ',' << r.ld_in << ',' << r.ld_out << ',' << r.bytes_moved << ',' << csv_field(row.name) << ','
       << (row.baseline ? 1 : 0) << ',' << (row.ran ? 1 : 0) << ',';
    if (row.ran) {
      os << fmt("%.6g", row.median_ms) << ',' << fmt("%.6g", row.min_ms) << ',' << fmt("%.6g", row.max_ms) << ','
         << fmt("%.6g", row.gbps) << ',' << fmt("%.6g", row.pct_memcpy) << ',' << fmt("%.6g", row.speedup_vs_naive)
         << ',' << check_name(row.verified) << ',';
    } else {
      os << ",,,,,,,";
    }
    os << csv_field(row.note) << '\n';
  }
}

void write_csv(std::ostream& os, const bench_report& r) {
  os << csv_header() << '\n';
  write_csv_rows(os, r, "");
}

std::string format_info(const device_summary& d, double memcpy_gbps) {
  std::ostringstream os;
  os << "device              " << d.name << "\n"
     << "compute capability  " << d.cc_major << "." << d.cc_minor << "\n"
     << "SMs                 " << d.sm_count << "\n"
     << "L2 cache            " << d.l2_bytes / (1024 * 1024) << " MiB\n"
     << "memory              " << fmt("%.1f", static_cast<double>(d.memory_bytes) / (1ll << 30)) << " GiB, "
     << d.bus_width_bits << "-bit bus at " << d.mem_clock_khz / 1000 << " MHz\n"
     << "datasheet bandwidth " << fmt("%.0f", d.datasheet_gbps()) << " GB/s (2 x clock x bus width)\n"
     << "memcpy bandwidth    " << fmt("%.0f", memcpy_gbps) << " GB/s measured (1 GiB device-to-device, read + write, median of 20)\n"
     << "driver / runtime    " << d.driver_version << " / " << d.runtime_version << "\n";
  return os.str();
}

}  // namespace xpose::cli
