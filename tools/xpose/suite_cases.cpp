// The problems of each named suite. Host-only, unit-tested.
#include "suite.hpp"

#include <string>

namespace xpose::cli {
namespace {

bench_options problem(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::size_t e) {
  bench_options o;
  o.batch = batch;
  o.rows = rows;
  o.cols = cols;
  o.elem_bytes = e;
  o.kernels = {kernel_spec{}};  // auto
  return o;
}

std::string shape_label(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::size_t e) {
  std::string s = batch != 1 ? "(" + std::to_string(batch) + "," + std::to_string(rows) + "," + std::to_string(cols) + ")"
                             : std::to_string(rows) + "x" + std::to_string(cols);
  return s + " e" + std::to_string(e);
}

void add_ratio(std::vector<suite_case>& out, const char* group, std::int64_t batch, std::int64_t rows,
               std::int64_t cols, std::size_t e, double target) {
  suite_case c;
  c.group = group;
  c.label = shape_label(batch, rows, cols, e);
  c.problem = problem(batch, rows, cols, e);
  c.judge = criterion::ratio_to_memcpy;
  c.target = target;
  out.push_back(c);
}

// The targets of the `auto` issue (H100/H200): large shapes, skinny, batched, a
// submatrix view and small-matrix latency.
std::vector<suite_case> auto_suite() {
  std::vector<suite_case> out;
  const std::int64_t large[][2] = {{4096, 4096},  {8192, 8192},  {16384, 16384}, {8192, 2048},
                                   {2048, 8192},  {16384, 1024}, {4095, 4097},   {32768, 8192}};
  for (const std::size_t e : {4, 8, 16, 1, 2}) {
    for (const auto& s : large) add_ratio(out, "large", 1, s[0], s[1], e, e >= 4 ? 0.97 : 0.95);
  }
  // Skinny: N chosen so that the matrix holds at least 64 MiB.
  for (const std::size_t e : {1, 4}) {
    const std::int64_t mib64 = std::int64_t{64} << 20;
    auto n_for = [&](std::int64_t small) { return (mib64 / static_cast<std::int64_t>(e) + small - 1) / small; };
    add_ratio(out, "skinny", 1, 2, std::int64_t{1} << 24, e, 0.85);
    add_ratio(out, "skinny", 1, std::int64_t{1} << 24, 2, e, 0.85);
    add_ratio(out, "skinny", 1, 3, n_for(3), e, 0.85);
    add_ratio(out, "skinny", 1, 7, n_for(7), e, 0.85);
    add_ratio(out, "skinny", 1, 31, n_for(31), e, 0.85);
    add_ratio(out, "skinny", 1, n_for(31), 31, e, 0.85);
    add_ratio(out, "skinny", 1, 50, 100000, e, 0.85);
  }
  const std::int64_t batched[][3] = {{64, 512, 512}, {32, 2048, 128}, {8, 128, 8192}, {4096, 32, 32}, {1024, 3, 1000}};
  for (const std::size_t e : {1, 2, 4, 8}) {
    for (const auto& b : batched) add_ratio(out, "batched", b[0], b[1], b[2], e, 0.90);
  }
  // A submatrix: the 8192^2 view of a 9000^2 buffer, within 5% of the packed 8192^2 time.
  suite_case packed;
  packed.group = "submatrix";
  packed.label = "8192x8192 e4 packed";
  packed.problem = problem(1, 8192, 8192, 4);
  packed.judge = criterion::ratio_to_memcpy;
  packed.target = 0.97;
  out.push_back(packed);
  suite_case view = packed;
  view.label = "8192x8192 e4 in 9000x9000";
  view.problem.ld_in = 9000;
  view.problem.ld_out = 9000;
  view.judge = criterion::within_of_reference;
  view.target = 0.05;
  view.reference = packed.label;
  out.push_back(view);
  // Latency of small matrices: no slower than cuBLAS Sgeam.
  for (const std::int64_t n : {256, 1024}) {
    suite_case c;
    c.group = "latency";
    c.label = shape_label(1, n, n, 4);
    c.problem = problem(1, n, n, 4);
    c.judge = criterion::not_slower_than_cublas;
    out.push_back(c);
  }
  return out;
}

void add_report(std::vector<suite_case>& out, const char* group, std::int64_t batch, std::int64_t rows,
                std::int64_t cols, std::size_t e, std::vector<kernel_spec> kernels) {
  suite_case c;
  c.group = group;
  c.label = shape_label(batch, rows, cols, e);
  c.problem = problem(batch, rows, cols, e);
  c.problem.kernels = std::move(kernels);
  c.judge = criterion::none;
  out.push_back(c);
}

// Reported, not judged: the seeds' tables and the auto issue's shapes, each with every
// baseline (cudaMemcpy, copy kernel, cuBLAS where it applies).
std::vector<suite_case> ladder_suite() {
  std::vector<suite_case> out;
  add_report(out, "ladder", 1, 4096, 4096, 4, default_kernels());
  return out;
}

std::vector<suite_case> shapes_suite() {
  std::vector<suite_case> out;
  const std::int64_t shapes[][2] = {{4096, 4096}, {8192, 2048}, {16384, 1024}, {1024, 1024}, {256, 256}};
  for (const auto& s : shapes) add_report(out, "shapes", 1, s[0], s[1], 4, default_kernels());
  return out;
}

std::vector<suite_case> dtypes_suite() {
  std::vector<suite_case> out;
  for (const std::size_t e : {1, 2, 4, 8, 16}) add_report(out, "dtypes", 1, 4096, 4096, e, default_kernels());
  return out;
}

// The targets of the in-place issue: squares at >= 0.95 of out-of-place auto with no
// workspace; rectangular shapes at >= 0.30 of memcpy, skinny ones (a side < 32) at >= 0.50.
std::vector<suite_case> inplace_suite() {
  std::vector<suite_case> out;
  auto add = [&](const char* group, std::int64_t rows, std::int64_t cols, std::size_t e, criterion judge,
                 double target) {
    suite_case c;
    c.group = group;
    c.label = shape_label(1, rows, cols, e);
    c.problem = problem(1, rows, cols, e);
    c.problem.inplace = true;
    c.judge = judge;
    c.target = target;
    out.push_back(c);
  };
  for (const std::int64_t n : {4096, 8192, 16384, 32768}) {
    for (const std::size_t e : {1, 2, 4, 8, 16}) add("square", n, n, e, criterion::ratio_to_out_of_place, 0.95);
  }
  const std::int64_t general[][2] = {{8192, 4096}, {16384, 1024}, {30000, 7000}, {12345, 6789}};
  for (const std::size_t e : {1, 4, 16}) {
    for (const auto& s : general) add("rect", s[0], s[1], e, criterion::ratio_to_memcpy, 0.30);
  }
  for (const std::size_t e : {1, 4}) {
    const std::int64_t n3 = ((std::int64_t{64} << 20) / static_cast<std::int64_t>(e) + 2) / 3;
    add("skinny", 2, std::int64_t{1} << 24, e, criterion::ratio_to_memcpy, 0.50);
    add("skinny", std::int64_t{1} << 24, 2, e, criterion::ratio_to_memcpy, 0.50);
    add("skinny", 3, n3, e, criterion::ratio_to_memcpy, 0.50);
    add("skinny", n3, 3, e, criterion::ratio_to_memcpy, 0.50);
    add("skinny", 31, 1 << 21, e, criterion::ratio_to_memcpy, 0.50);
  }
  return out;
}

std::vector<suite_case> report_only(const std::vector<suite_case>& judged, const char* group) {
  std::vector<suite_case> out;
  for (auto c : judged) {
    if (c.group != group) continue;
    c.judge = criterion::none;
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::vector<suite_case> suite_cases(const std::string& name) {
  if (name == "auto") return auto_suite();
  if (name == "ladder") return ladder_suite();
  if (name == "shapes") return shapes_suite();
  if (name == "dtypes") return dtypes_suite();
  if (name == "inplace") return inplace_suite();
  if (name == "skinny") {
    auto out = report_only(auto_suite(), "skinny");
    // Sides of a few dozen to a few hundred elements, aligned and not (sessions 44-47,
    // docs/auto.md): the register tile, the narrow fp32 tiles, the general skinny kernels and
    // the staged few-rows and few-columns kernels (the last four rows).
    const std::int64_t narrow[][4] = {{100, 671088, 1, 1},  {65, 1032444, 1, 1},   {48, 4194304, 1, 1},
                                      {4194304, 64, 1, 1},  {100, 256, 2048, 1},   {100, 335544, 1, 2},
                                      {40, 4194304, 1, 2},  {2097152, 48, 1, 4},   {1048576, 80, 1, 4},
                                      {80, 262144, 1, 4},   {671088, 100, 1, 1},   {4194303, 48, 1, 1},
                                      {4194303, 40, 1, 2},  {223696, 150, 1, 2}};
    for (const auto& n : narrow) {
      add_report(out, "narrow", n[2], n[0], n[1], static_cast<std::size_t>(n[3]), {kernel_spec{}});
    }
    return out;
  }
  if (name == "batched") {
    auto out = report_only(auto_suite(), "batched");
    // Attention-style head transposes: (batch x heads, sequence, head dimension).
    const std::int64_t heads[][3] = {{1024, 512, 64}, {1024, 64, 512}, {256, 2048, 128}, {512, 1024, 80}};
    for (const auto& h : heads) {
      for (const std::size_t e : {2, 4}) add_report(out, "attention", h[0], h[1], h[2], e, {kernel_spec{}});
    }
    return out;
  }
  if (name == "all") {
    std::vector<suite_case> out;
    for (const char* s : {"ladder", "shapes", "dtypes", "auto", "inplace"}) {
      for (auto& c : suite_cases(s)) out.push_back(std::move(c));
    }
    return out;
  }
  return {};
}

}  // namespace xpose::cli
