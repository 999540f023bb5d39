// Judging, formatting and JSON of suite results. Host-only, unit-tested.
#include "json_writer.hpp"
#include "suite.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace xpose::cli {
namespace {

// The row a case is judged on: the in-place transpose in in-place problems, else auto.
const bench_row* auto_row(const bench_report& r) {
  const bench_row* inplace = r.find("inplace");
  return inplace ? inplace : r.find("auto");
}

std::string fmt(const char* f, double v) { return format_number(f, v); }

std::string pad(std::string s, std::size_t w, bool left = true) {
  if (s.size() < w) s.insert(left ? s.size() : 0, w - s.size(), ' ');
  return s;
}

std::string target_text(const suite_case& c) {
  switch (c.judge) {
    case criterion::none: return "-";
    case criterion::ratio_to_memcpy: return ">= " + fmt("%.2f", c.target) + " memcpy";
    case criterion::within_of_reference: return "within " + fmt("%.0f", 100 * c.target) + "% of packed";
    case criterion::not_slower_than_cublas: return "<= cuBLAS time";
    case criterion::ratio_to_out_of_place: return ">= " + fmt("%.2f", c.target) + " out-of-place";
  }
  return "?";
}

}  // namespace

int suite_report::misses() const {
  return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const suite_row& r) {
    return r.c.judge != criterion::none && !r.met;
  }));
}

bool suite_report::all_verified() const {
  return std::all_of(rows.begin(), rows.end(), [](const suite_row& r) { return r.report.all_verified(); });
}

void judge(suite_report& r) {
  for (auto& row : r.rows) {
    const bench_row* a = auto_row(row.report);
    const bench_row* cublas = nullptr;
    for (const auto& b : row.report.rows_out) {
      if (b.baseline && b.ran && b.name.rfind("cublas", 0) == 0) cublas = &b;
    }
    row.cublas_ran = cublas != nullptr;
    row.beats_cublas = cublas && a && a->ran && a->median_ms <= cublas->median_ms;
    row.met = false;
    if (!row.report.skipped.empty()) continue;  // counted as a miss, shown as SKIPPED
    if (row.c.judge == criterion::none) {
      row.met = row.report.all_verified();
      continue;
    }
    if (a == nullptr || !a->ran || a->verified == check::failed) continue;
    switch (row.c.judge) {
      case criterion::none: break;
      case criterion::ratio_to_memcpy:
        row.value = a->pct_memcpy / 100.0;
        row.met = row.value >= row.c.target;
        break;
      case criterion::not_slower_than_cublas:
        row.value = cublas ? cublas->median_ms / a->median_ms : 0;  // speed relative to cuBLAS
        row.met = row.beats_cublas;
        break;
      case criterion::ratio_to_out_of_place: {
        const bench_row* out_of_place = row.report.find("auto");
        if (out_of_place && out_of_place->ran) {
          row.value = out_of_place->median_ms / a->median_ms;  // in-place speed relative to out-of-place
          row.met = row.value >= row.c.target;
        }
        break;
      }
      case criterion::within_of_reference: {
        const auto ref = std::find_if(r.rows.begin(), r.rows.end(),
                                      [&](const suite_row& x) { return x.c.label == row.c.reference; });
        const bench_row* ra = ref != r.rows.end() ? auto_row(ref->report) : nullptr;
        if (ra && ra->ran) {
          row.value = a->median_ms / ra->median_ms - 1.0;  // slowdown relative to the reference
          row.met = row.value <= row.c.target;
        }
        break;
      }
    }
  }
}

std::string format_suite(const suite_report& r) {
  std::ostringstream os;
  // Report-only cases: each case's full bench table.
  for (const auto& row : r.rows) {
    if (row.c.judge != criterion::none) continue;
    os << "== " << r.name << " / " << row.c.group << ": " << row.c.label << "\n" << format_table(row.report) << "\n";
  }
  const auto judged = std::count_if(r.rows.begin(), r.rows.end(), [](const suite_row& x) { return x.c.judge != criterion::none; });
  if (judged == 0) return os.str();
  const device_summary* d = r.rows.empty() ? nullptr : &r.rows.front().report.device;
  os << "suite " << r.name << " on " << (d ? d->name : "?")
     << (r.name == "inplace" ? ": in-place vs out-of-place auto vs cudaMemcpy of the same bytes, "
                             : ": auto vs cudaMemcpy of the same bytes and cuBLAS geam, ")
     << "median of " << (r.rows.empty() ? 0 : r.rows.front().report.reps) << " runs each\n\n";
  os << pad("group", 10) << pad("case", 30) << pad(r.name == "inplace" ? "inpl GB/s" : "auto GB/s", 10, false)
     << pad("% memcpy", 10, false)
     << pad("cuBLAS %", 10, false) << "  " << pad("target", 22) << pad("measured", 10, false) << "  verdict\n";
  os << std::string(112, '-') << "\n";
  for (const auto& row : r.rows) {
    if (row.c.judge == criterion::none) continue;
    const bench_row* a = auto_row(row.report);
    std::string cublas = "-";
    for (const auto& b : row.report.rows_out) {
      if (b.baseline && b.ran && b.name.rfind("cublas", 0) == 0) cublas = fmt("%.1f%%", b.pct_memcpy);
    }
    std::string measured;
    switch (row.c.judge) {
      case criterion::none: break;
      case criterion::ratio_to_memcpy: measured = fmt("%.3f", row.value); break;
      case criterion::within_of_reference: measured = fmt("%+.1f%%", 100 * row.value); break;
      case criterion::not_slower_than_cublas: measured = fmt("%.2fx", row.value); break;
      case criterion::ratio_to_out_of_place: measured = fmt("%.3f", row.value); break;
    }
    std::string verdict = row.met ? "met" : "MISS";
    if (!row.report.skipped.empty()) verdict = "SKIPPED (" + row.report.skipped + ")";
    if (a && a->verified == check::failed) verdict = "WRONG RESULT";
    if (row.cublas_ran) verdict += row.beats_cublas ? ", >= cuBLAS" : ", < cuBLAS";
    os << pad(row.c.group, 10) << pad(row.c.label, 30) << pad(a ? fmt("%.0f", a->gbps) : "-", 10, false)
       << pad(a ? fmt("%.1f%%", a->pct_memcpy) : "-", 10, false) << pad(cublas, 10, false) << "  "
       << pad(target_text(row.c), 22) << pad(measured, 10, false) << "  " << verdict << "\n";
  }
  os << "\n" << judged - r.misses() << " of " << judged << " targets met\n";
  return os.str();
}

void write_suite_json(std::ostream& os, const suite_report& r) {
  json_writer w(os);
  w.begin_object();
  w.key("tool").value("xpose bench --suite");
  w.key("suite").value(r.name);
  w.key("command").value(r.command_line);
  const auto judged = std::count_if(r.rows.begin(), r.rows.end(), [](const suite_row& x) { return x.c.judge != criterion::none; });
  w.key("targets_met").value(static_cast<std::int64_t>(judged - r.misses()));
  w.key("targets").value(static_cast<std::int64_t>(judged));
  w.key("rows").begin_array();
  for (const auto& row : r.rows) {
    w.begin_object();
    w.key("group").value(row.c.group);
    w.key("case").value(row.c.label);
    w.key("target").value(target_text(row.c));
    w.key("measured").value(row.value);
    w.key("met").value(row.met);
    w.key("cublas_ran").value(row.cublas_ran);
    w.key("auto_at_least_as_fast_as_cublas").value(row.beats_cublas);
    w.key("bench");
    write_json(w, row.report);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void write_suite_csv(std::ostream& os, const suite_report& r) {
  os << "suite,group,case,target,measured,met," << csv_header() << '\n';
  for (const auto& row : r.rows) {
    std::ostringstream prefix;
    prefix << r.name << ',' << row.c.group << ',' << row.c.label << ',' << target_text(row.c) << ','
           << (row.c.judge == criterion::none ? "" : fmt("%.6g", row.value)) << ','
           << (row.c.judge == criterion::none ? "" : (row.met ? "1" : "0")) << ',';
    write_csv_rows(os, row.report, prefix.str());
  }
}

}  // namespace xpose::cli
