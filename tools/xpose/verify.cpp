#include "verify.hpp"

#include "../common/device_buffer.hpp"
#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <sstream>
#include <vector>

namespace xpose::cli {
namespace {

struct shape_case {
  const char* name;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad, stride_out_pad;
  int offset_elems;   // pointers moved by whole elements
  int offset_bytes;   // pointers moved by bytes (not element-aligned)
  bool quick;
};

const shape_case kShapes[] = {
    {"1x1", 1, 1, 1, 0, 0, 0, 0, 0, 0, true},
    {"1x1000", 1, 1, 1000, 0, 0, 0, 0, 0, 0, true},
    {"1000x1", 1, 1000, 1, 0, 0, 0, 0, 0, 0, true},
    {"31x33", 1, 31, 33, 0, 0, 0, 0, 0, 0, true},
    {"33x4097", 1, 33, 4097, 0, 0, 0, 0, 0, 0, false},
    {"4097x33", 1, 4097, 33, 0, 0, 0, 0, 0, 0, false},
    {"127x129", 1, 127, 129, 0, 0, 0, 0, 0, 0, true},
    {"509x1021", 1, 509, 1021, 0, 0, 0, 0, 0, 0, false},
    {"1024x768", 1, 1024, 768, 0, 0, 0, 0, 0, 0, true},
    {"96x2048", 1, 96, 2048, 0, 0, 0, 0, 0, 0, false},
    {"2x300000", 1, 2, 300000, 0, 0, 0, 0, 0, 0, false},
    {"300000x2", 1, 300000, 2, 0, 0, 0, 0, 0, 0, false},
    {"300x200 ld+3/+5", 1, 300, 200, 3, 5, 0, 0, 0, 0, true},
    {"256x256 ld+16/+32", 1, 256, 256, 16, 32, 0, 0, 0, 0, false},
    {"batch 3 of 65x130", 3, 65, 130, 0, 0, 0, 0, 0, 0, true},
    {"batch 4 of 40x70, ld and stride slack", 4, 40, 70, 2, 1, 7, 11, 0, 0, false},
    {"batch 300 of 32x32", 300, 32, 32, 0, 0, 0, 0, 0, 0, false},
    {"batch 5 of 3x1000", 5, 3, 1000, 0, 0, 0, 0, 0, 0, false},
    {"200x300, pointers +1 element", 1, 200, 300, 0, 0, 0, 0, 1, 0, true},
    {"100x150, pointers +1/+3 bytes", 1, 100, 150, 0, 0, 0, 0, 0, 1, false},
};

constexpr std::size_t kGuard = 256;

// Returns "" if the case is right, else a description of the first problem.
std::string check_case(const kernel_spec& k, std::size_t e, const shape_case& s, std::uint64_t seed) {
  reference::layout l;
  l.batch = s.batch;
  l.rows = s.rows;
  l.cols = s.cols;
  l.elem_bytes = e;
  l.ld_in = s.cols + s.ld_in_pad;
  l.ld_out = s.rows + s.ld_out_pad;
  l.stride_in = s.rows * l.ld_in + s.stride_in_pad;
  l.stride_out = s.cols * l.ld_out + s.stride_out_pad;
  const std::int64_t ld_in = l.ld_in, ld_out = l.ld_out, stride_in = l.stride_in, stride_out = l.stride_out;
  const std::size_t in_off = s.offset_bytes ? 1 : s.offset_elems * e;
  const std::size_t out_off = s.offset_bytes ? 3 : s.offset_elems * e;
  const std::size_t in_bytes = in_off + static_cast<std::size_t>(reference::in_span(l)) * e;
  const std::size_t out_data = static_cast<std::size_t>(reference::out_span(l)) * e;
  const std::size_t out_bytes = kGuard + out_off + out_data + kGuard;

  tooling::device_buffer in(in_bytes), out(out_bytes);
  tooling::fill_random(in.get(), in_bytes, e, seed);
  XPOSE_TOOLING_CUDA(cudaMemset(out.get(), tooling::kPoison, out_bytes));
  const void* in_ptr = in.bytes() + in_off;
  void* out_ptr = out.bytes() + kGuard + out_off;
  batched_options o;
  o.kernel = k.kernel;
  o.tile = k.tile;
  o.ld_in = ld_in;
  o.ld_out = ld_out;
  o.stride_in = stride_in;
  o.stride_out = stride_out;
  try {
    transpose_bytes(in_ptr, out_ptr, s.batch, s.rows, s.cols, e, o);
  } catch (const xpose::error& err) {
    return std::string("rejected: ") + err.what();
  }
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  const std::int64_t bad =
      tooling::count_transpose_mismatches(in_ptr, out_ptr, s.batch, s.rows, s.cols, e, ld_in, ld_out, stride_in, stride_out);
  if (bad != 0) return std::to_string(bad) + " wrong elements";
  // Every byte outside the logical output (guard bands, leading-dimension and stride gaps)
  // must still hold the poison.
  std::vector<unsigned char> host(out_bytes);
  XPOSE_TOOLING_CUDA(cudaMemcpy(host.data(), out.get(), out_bytes, cudaMemcpyDeviceToHost));
  std::vector<bool> logical(out_bytes, false);
  for (std::int64_t b = 0; b < s.batch; ++b) {
    for (std::int64_t c = 0; c < s.cols; ++c) {
      const std::size_t first = kGuard + out_off + static_cast<std::size_t>(b * stride_out + c * ld_out) * e;
      for (std::size_t i = 0; i < static_cast<std::size_t>(s.rows) * e; ++i) logical[first + i] = true;
    }
  }
  for (std::size_t i = 0; i < out_bytes; ++i) {
    if (!logical[i] && host[i] != tooling::kPoison) {
      return "byte " + std::to_string(i) + " outside the output changed";
    }
  }
  return "";
}

}  // namespace

verify_result run_verify(const verify_options& opt, const std::function<void(int, int)>& progress) {
  verify_result r;
  std::vector<const shape_case*> shapes;
  for (const auto& s : kShapes) {
    if (!opt.quick || s.quick) shapes.push_back(&s);
  }
  const int total = static_cast<int>(opt.kernels.size() * opt.elem_sizes.size() * shapes.size());
  std::uint64_t seed = opt.seed;
  for (const auto& k : opt.kernels) {
    for (const std::size_t e : opt.elem_sizes) {
      for (const shape_case* s : shapes) {
        progress(r.cases, total);
        ++r.cases;
        const std::string problem = check_case(k, e, *s, seed++);
        if (!problem.empty()) {
          std::ostringstream os;
          os << k.label() << ", " << e << "-byte elements, " << s->name << ": " << problem;
          r.failures.push_back(os.str());
        }
      }
    }
  }
  return r;
}

}  // namespace xpose::cli
