#include "validate.hpp"

#include "raise.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

std::int64_t checked_mul(std::int64_t a, std::int64_t b, const char* what) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) {
    raise(status::invalid_argument, what, " overflows int64 (", a, " * ", b, ")");
  }
  return r;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b, const char* what) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) {
    raise(status::invalid_argument, what, " overflows int64 (", a, " + ", b, ")");
  }
  return r;
}

void require_non_negative(std::int64_t v, const char* name) {
  if (v < 0) raise(status::invalid_argument, name, " = ", v, " must be >= 0");
}

// A leading dimension of 0 means packed; otherwise it must hold a whole row.
std::int64_t resolve_ld(std::int64_t ld, std::int64_t row_length, const char* name,
                        const char* length_name) {
  require_non_negative(ld, name);
  if (ld == 0) return row_length;
  if (ld < row_length) {
    raise(status::invalid_argument, name, " = ", ld, " must be >= ", length_name, " = ", row_length,
          " (or 0 for packed)");
  }
  return ld;
}

}  // namespace

bool supported_elem_bytes(std::size_t e) { return e == 1 || e == 2 || e == 4 || e == 8 || e == 16; }

std::int64_t span_bytes(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::int64_t ld,
                        std::int64_t stride, std::size_t elem_bytes) {
  // Offset of the last element, plus one, times the element size.
  std::int64_t last = checked_mul(batch - 1, stride, "batch * stride");
  last = checked_add(last, checked_mul(rows - 1, ld, "rows * ld"), "matrix extent");
  last = checked_add(last, cols, "matrix extent");
  return checked_mul(last, static_cast<std::int64_t>(elem_bytes), "matrix extent in bytes");
}

plan validate(const request& req) {
  if (!supported_elem_bytes(req.elem_bytes)) {
    raise(status::unsupported, "elem_bytes = ", req.elem_bytes, " is not supported (use 1, 2, 4, 8 or 16)");
  }
  require_non_negative(req.batch, "batch");
  require_non_negative(req.rows, "rows");
  require_non_negative(req.cols, "cols");
  const int k = static_cast<int>(req.kernel);
  if (k < XPOSE_AUTO || k > XPOSE_DIAGONAL) raise(status::invalid_argument, "strategy = ", k, " is not a known strategy");
  const int t = static_cast<int>(req.tile);
  if (t < 0 || t > 2) raise(status::invalid_argument, "tile = ", t, " is not a known tile configuration");

  plan p;
  p.in = req.in;
  p.out = req.out;
  p.batch = req.batch;
  p.rows = req.rows;
  p.cols = req.cols;
  p.elem_bytes = req.elem_bytes;
  p.kernel = req.kernel;
  p.tile = req.tile;
  p.stream = req.stream;
  p.ld_in = resolve_ld(req.ld_in, req.cols, "ld_in", "cols");
  p.ld_out = resolve_ld(req.ld_out, req.rows, "ld_out", "rows");
  require_non_negative(req.stride_in, "stride_in");
  require_non_negative(req.stride_out, "stride_out");
  // Whole-tensor element and byte counts must fit int64 even when a stride is given.
  checked_mul(checked_mul(checked_mul(req.batch, req.rows, "batch * rows"), req.cols, "batch * rows * cols"),
              static_cast<std::int64_t>(req.elem_bytes), "batch * rows * cols * elem_bytes");
  p.stride_in = req.stride_in != 0 ? req.stride_in : checked_mul(req.rows, p.ld_in, "rows * ld_in");
  p.stride_out = req.stride_out != 0 ? req.stride_out : checked_mul(req.cols, p.ld_out, "cols * ld_out");
  if (p.empty()) return p;  // nothing is read or written: any pointers will do

  if (req.in == nullptr) raise(status::invalid_argument, "in = NULL for a non-empty ", req.rows, " x ", req.cols, " matrix");
  if (req.out == nullptr) raise(status::invalid_argument, "out = NULL for a non-empty ", req.cols, " x ", req.rows, " matrix");

  // Output matrices must not overlap each other: each needs its whole footprint.
  const std::int64_t out_footprint =
      checked_add(checked_mul(req.cols - 1, p.ld_out, "cols * ld_out"), req.rows, "output footprint");
  if (req.batch > 1 && p.stride_out < out_footprint) {
    raise(status::invalid_argument, "stride_out = ", p.stride_out, " makes output matrices overlap (each spans ",
          out_footprint, " elements)");
  }

  const std::int64_t in_bytes = span_bytes(req.batch, req.rows, req.cols, p.ld_in, p.stride_in, req.elem_bytes);
  const std::int64_t out_bytes = span_bytes(req.batch, req.cols, req.rows, p.ld_out, p.stride_out, req.elem_bytes);
  const auto in_lo = reinterpret_cast<std::uintptr_t>(req.in);
  const auto out_lo = reinterpret_cast<std::uintptr_t>(req.out);
  std::uintptr_t in_hi = 0, out_hi = 0;
  if (__builtin_add_overflow(in_lo, static_cast<std::uintptr_t>(in_bytes), &in_hi)) {
    raise(status::invalid_argument, "in + ", in_bytes, " bytes wraps the address space");
  }
  if (__builtin_add_overflow(out_lo, static_cast<std::uintptr_t>(out_bytes), &out_hi)) {
    raise(status::invalid_argument, "out + ", out_bytes, " bytes wraps the address space");
  }
  if (in_lo < out_hi && out_lo < in_hi) {
    raise(status::invalid_argument, "in [", req.in, ", +", in_bytes, " bytes) and out [", req.out, ", +", out_bytes,
          " bytes) overlap; use xpose_transpose_inplace for in-place work");
  }
  return p;
}

}  // namespace xpose::detail
