#include "profile.hpp"

#include "report.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <unistd.h>

namespace xpose::cli {
namespace {

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        cur += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

double to_number(std::string s) {
  std::string digits;
  for (const char c : s) {
    if (c != ',') digits += c;  // ncu may print thousands separators
  }
  return std::strtod(digits.c_str(), nullptr);
}

std::string self_path() {
  std::array<char, 4096> buf{};
  const ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  return n > 0 ? std::string(buf.data(), static_cast<std::size_t>(n)) : std::string("xpose");
}

std::string run_command(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), static_cast<int>(buf.size()), p) != nullptr) out += buf.data();
  pclose(p);
  return out;
}

std::string fmt(const char* f, double v) { return format_number(f, v); }

}  // namespace

const std::vector<std::string>& profile_metrics() {
  static const std::vector<std::string> m = {
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
      "smsp__inst_executed_op_shared_ld.sum",
      "smsp__inst_executed_op_shared_st.sum",
      "dram__bytes_read.sum",
      "dram__bytes_write.sum",
      "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
      "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
      "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
      "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
      "gpu__time_duration.sum",
  };
  return m;
}

std::map<std::string, double> parse_ncu_csv(const std::string& csv) {
  std::map<std::string, double> values;
  std::istringstream is(csv);
  std::string line;
  int id_col = -1, name_col = -1, value_col = -1, unit_col = -1;
  std::string first_id;
  while (std::getline(is, line)) {
    if (line.empty() || line[0] != '"') continue;  // ncu's own log lines start with ==
    const auto f = split_csv_line(line);
    if (id_col < 0) {
      for (int i = 0; i < static_cast<int>(f.size()); ++i) {
        if (f[i] == "ID") id_col = i;
        if (f[i] == "Metric Name") name_col = i;
        if (f[i] == "Metric Value") value_col = i;
        if (f[i] == "Metric Unit") unit_col = i;
      }
      continue;
    }
    if (name_col < 0 || value_col < 0 || static_cast<int>(f.size()) <= value_col) continue;
    if (first_id.empty()) first_id = f[id_col];
    if (f[id_col] != first_id) break;  // only the first profiled kernel
    double v = to_number(f[value_col]);
    if (unit_col >= 0) {  // normalize bytes and time units
      const std::string& u = f[unit_col];
      if (u == "Kbyte" || u == "KB") v *= 1e3;
      if (u == "Mbyte" || u == "MB") v *= 1e6;
      if (u == "Gbyte" || u == "GB") v *= 1e9;
      if (u == "usecond" || u == "us") v *= 1e3;
      if (u == "msecond" || u == "ms") v *= 1e6;
    }
    values[f[name_col]] = v;
  }
  return values;
}

std::optional<std::string> find_ncu() {
  const std::string on_path = run_command("command -v ncu 2>/dev/null");
  if (!on_path.empty()) return on_path.substr(0, on_path.find('\n'));
  for (const char* p : {"/usr/local/cuda/bin/ncu", "/opt/nvidia/nsight-compute/ncu"}) {
    if (access(p, X_OK) == 0) return std::string(p);
  }
  return std::nullopt;
}

std::vector<profile_row> run_profile(const std::string& ncu, const bench_options& opt) {
  std::vector<profile_row> rows;
  std::string metrics;
  for (const auto& m : profile_metrics()) metrics += (metrics.empty() ? "" : ",") + m;
  const std::string self = self_path();
  for (const auto& k : opt.kernels) {
    profile_row row;
    row.name = k.label();
    // The bench runs the strategy once unverified and untimed beyond one rep; ncu profiles
    // the first launch of an xpose kernel (fills, copies and cuBLAS have other names).
    std::ostringstream cmd;
    cmd << "'" << ncu << "' --clock-control none --csv --metrics " << metrics
        << " --kernel-name regex:'naive|tiled_kernel|vectorized|register_tile|skinny|small_batch' --launch-count 1 '"
        << self << "' bench --rows " << opt.rows << " --cols " << opt.cols << " --elem-bytes " << opt.elem_bytes
        << " --batch " << opt.batch << " --strategies " << k.label() << " --reps 1 --warmup 0 --no-verify 2>&1";
    const std::string out = run_command(cmd.str());
    row.metrics = parse_ncu_csv(out);
    if (row.metrics.empty()) {
      std::string last = out.substr(out.size() > 300 ? out.size() - 300 : 0);
      for (auto& c : last) c = c == '\n' ? ' ' : c;
      row.error = "ncu gave no metrics: " + last;
    }
    rows.push_back(row);
  }
  return rows;
}

std::string format_profile(const std::vector<profile_row>& rows, const bench_options& opt) {
  const double ideal = 2.0 * static_cast<double>(opt.batch * opt.rows * opt.cols) * static_cast<double>(opt.elem_bytes);
  std::ostringstream os;
  os << "Nsight Compute, --clock-control none: " << opt.batch << " x " << opt.rows << " x " << opt.cols << ", "
     << opt.elem_bytes << "-byte elements; ideal DRAM traffic " << fmt("%.1f", ideal / 1e6) << " MB (read + write)\n\n";
  os << "strategy                   bank conflicts ld/st   smem wavefronts/inst ld/st   DRAM MB (x ideal)   sectors/req ld/st      us\n";
  os << std::string(124, '-') << "\n";
  for (const auto& r : rows) {
    std::string name = r.name;
    name.resize(26, ' ');
    os << name << " ";
    if (!r.error.empty()) {
      os << r.error << "\n";
      continue;
    }
    auto m = [&](const char* key) {
      const auto it = r.metrics.find(key);
      return it == r.metrics.end() ? 0.0 : it->second;
    };
    const double dram = m("dram__bytes_read.sum") + m("dram__bytes_write.sum");
    const double req_ld = m("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum");
    const double req_st = m("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum");
    const double inst_ld = m("smsp__inst_executed_op_shared_ld.sum"), inst_st = m("smsp__inst_executed_op_shared_st.sum");
    char waves[64] = "-";
    if (inst_ld > 0 || inst_st > 0) {
      std::snprintf(waves, sizeof waves, "%.2f / %.2f",
                    inst_ld > 0 ? m("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") / inst_ld : 0.0,
                    inst_st > 0 ? m("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") / inst_st : 0.0);
    }
    char line[320];
    std::snprintf(line, sizeof line, "%10.0f / %-10.0f  %27s   %8.1f (%4.2fx)   %6.2f / %-6.2f  %7.1f\n",
                  m("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
                  m("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"), waves, dram / 1e6, dram / ideal,
                  req_ld > 0 ? m("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / req_ld : 0.0,
                  req_st > 0 ? m("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum") / req_st : 0.0,
                  m("gpu__time_duration.sum") / 1e3);
    os << line;
  }
  os << "\nA conflict-free 4-byte shared access costs 1 wavefront per warp instruction; 32 means a\n"
        "32-way conflict. The hardware conflict counters also count collisions with global\n"
        "traffic through the L1 data banks, so conflict-free layouts read a few percent, not 0.\n";
  return os.str();
}

}  // namespace xpose::cli
