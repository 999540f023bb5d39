#include "profile.hpp"

#include "report.hpp"

#include <algorithm>
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

std::map<std::string, double> parse_ncu_source_csv(const std::string& csv) {
  std::map<std::string, double> sums;
  std::istringstream is(csv);
  std::string line;
  int space_col = -1, op_col = -1, wave_col = -1, ideal_col = -1, excess_col = -1;
  int kernels = 0;
  while (std::getline(is, line)) {
    if (line.empty() || line[0] != '"') continue;
    const auto f = split_csv_line(line);
    if (f[0] == "Kernel Name") {
      if (++kernels > 1) break;  // only the first profiled kernel
      continue;
    }
    if (f[0] == "Address") {
      for (int i = 0; i < static_cast<int>(f.size()); ++i) {
        if (f[i] == "Address Space") space_col = i;
        if (f[i] == "Access Operation") op_col = i;
        if (f[i] == "L1 Wavefronts Shared") wave_col = i;
        if (f[i] == "L1 Wavefronts Shared Ideal") ideal_col = i;
        if (f[i] == "L1 Wavefronts Shared Excessive") excess_col = i;
      }
      continue;
    }
    const int last = std::max({space_col, op_col, wave_col, ideal_col, excess_col});
    if (space_col < 0 || op_col < 0 || wave_col < 0 || ideal_col < 0 || excess_col < 0 ||
        static_cast<int>(f.size()) <= last || f[space_col] != "Shared") {
      continue;
    }
    const std::string op = f[op_col] == "Load" ? "ld" : f[op_col] == "Store" ? "st" : "";
    if (op.empty()) continue;  // atomics and the like: no transpose kernel issues them
    sums["source.shared_" + op + ".wavefronts"] += to_number(f[wave_col]);
    sums["source.shared_" + op + ".ideal"] += to_number(f[ideal_col]);
    sums["source.shared_" + op + ".excessive"] += to_number(f[excess_col]);
  }
  return sums;
}

namespace {

// A private folder for ncu's report, removed with its contents when the profile ends.
class scratch_dir {
 public:
  scratch_dir() {
    std::string tmpl = (std::getenv("TMPDIR") != nullptr ? std::string(std::getenv("TMPDIR")) : "/tmp") +
                       "/xpose_profile_XXXXXX";
    if (mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~scratch_dir() {
    if (!path_.empty()) run_command("rm -rf '" + path_ + "'");
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string tail_of(const std::string& out) {
  std::string last = out.substr(out.size() > 300 ? out.size() - 300 : 0);
  for (auto& c : last) c = c == '\n' ? ' ' : c;
  return last;
}

}  // namespace

std::vector<profile_row> run_profile(const std::string& ncu, const bench_options& opt) {
  std::vector<profile_row> rows;
  std::string metrics;
  for (const auto& m : profile_metrics()) metrics += (metrics.empty() ? "" : ",") + m;
  const std::string self = self_path();
  const scratch_dir dir;
  for (const auto& k : opt.kernels) {
    profile_row row;
    row.name = k.label();
    if (dir.path().empty()) {
      row.error = "could not create a folder for ncu's report under $TMPDIR or /tmp";
      rows.push_back(row);
      continue;
    }
    // One collection per strategy: the hardware metrics, and the SourceCounters section,
    // whose per-instruction shared wavefronts (actual and ideal, from each SASS instruction's
    // addresses) give bank conflicts that global traffic through L1 cannot inflate. The bench
    // runs the strategy once, unverified; ncu profiles the first xpose kernel launch (fills,
    // copies and cuBLAS have other names).
    const std::string report = dir.path() + "/run";
    std::ostringstream cmd;
    cmd << "'" << ncu << "' --clock-control none --section SourceCounters --metrics " << metrics
        << " --kernel-name regex:'naive|tiled_kernel|vectorized|register_tile|skinny|small_batch' --launch-count 1"
        << " -f -o '" << report << "' '" << self << "' bench --rows " << opt.rows << " --cols " << opt.cols
        << " --elem-bytes " << opt.elem_bytes << " --batch " << opt.batch << " --strategies " << k.label()
        << " --reps 1 --warmup 0 --no-verify 2>&1";
    const std::string collected = run_command(cmd.str());
    const std::string imported = "'" + ncu + "' -i '" + report + ".ncu-rep' --csv --page ";
    row.metrics = parse_ncu_csv(run_command(imported + "details 2>&1"));
    if (row.metrics.empty()) {
      row.error = "ncu gave no metrics: " + tail_of(collected);
    } else {
      for (const auto& [key, value] : parse_ncu_source_csv(run_command(imported + "source 2>&1"))) {
        row.metrics[key] = value;
      }
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
  os << "strategy                   bank conflicts ld/st   wavefronts/inst ld/st   hw conflict counter ld/st"
        "   DRAM MB (x ideal)   sectors/req ld/st      us\n";
  os << std::string(146, '-') << "\n";
  for (const auto& r : rows) {
    std::string name = r.name;
    name.resize(26, ' ');
    os << name << " ";
    if (!r.error.empty()) {
      os << r.error << "\n";
      continue;
    }
    auto m = [&](const std::string& key) {
      const auto it = r.metrics.find(key);
      return it == r.metrics.end() ? 0.0 : it->second;
    };
    auto has = [&](const std::string& key) { return r.metrics.count(key) > 0; };
    const double dram = m("dram__bytes_read.sum") + m("dram__bytes_write.sum");
    const double req_ld = m("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum");
    const double req_st = m("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum");
    const double inst_ld = m("smsp__inst_executed_op_shared_ld.sum"), inst_st = m("smsp__inst_executed_op_shared_st.sum");
    char conflicts[64] = "-";
    if (has("source.shared_ld.excessive") || has("source.shared_st.excessive")) {
      std::snprintf(conflicts, sizeof conflicts, "%.0f / %.0f", m("source.shared_ld.excessive"),
                    m("source.shared_st.excessive"));
    } else if (inst_ld > 0 || inst_st > 0) {
      std::snprintf(conflicts, sizeof conflicts, "n/a");  // ncu gave no source counters
    } else {
      std::snprintf(conflicts, sizeof conflicts, "0 / 0");  // no shared-memory access at all
    }
    char waves[64] = "-";
    if (inst_ld > 0 || inst_st > 0) {
      std::snprintf(waves, sizeof waves, "%.2f / %.2f",
                    inst_ld > 0 ? m("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") / inst_ld : 0.0,
                    inst_st > 0 ? m("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") / inst_st : 0.0);
    }
    char hw[64];
    std::snprintf(hw, sizeof hw, "%.0f / %.0f", m("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
                  m("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"));
    char line[360];
    std::snprintf(line, sizeof line, "%21s  %22s  %26s   %8.1f (%4.2fx)   %6.2f / %-6.2f  %7.1f\n", conflicts, waves, hw,
                  dram / 1e6, dram / ideal, req_ld > 0 ? m("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / req_ld : 0.0,
                  req_st > 0 ? m("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum") / req_st : 0.0,
                  m("gpu__time_duration.sum") / 1e3);
    os << line;
  }
  os << "\nBank conflicts: shared-memory wavefronts beyond the ideal for each SASS instruction's\n"
        "addresses (Nsight Compute source counters), summed over loads and stores. A conflict-free\n"
        "4-byte warp access costs 1 wavefront; 32 means a 32-way conflict. The hardware counter\n"
        "(l1tex__data_bank_conflicts_*) also counts collisions with global traffic through the\n"
        "L1 data banks, so it reads a few percent even on conflict-free layouts.\n";
  return os.str();
}

}  // namespace xpose::cli
