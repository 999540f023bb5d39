#include "reference.hpp"

#include <algorithm>
#include <cstring>

namespace xpose::reference {
namespace {

constexpr std::int64_t kBlock = 64;  // 64 x 64 elements of <= 16 bytes stay in L1/L2

template <std::size_t E>
void blocked(const unsigned char* in, unsigned char* out, const layout& l) {
  for (std::int64_t b = 0; b < l.batch; ++b) {
    const unsigned char* src = in + b * l.stride_in * static_cast<std::int64_t>(E);
    unsigned char* dst = out + b * l.stride_out * static_cast<std::int64_t>(E);
    for (std::int64_t r0 = 0; r0 < l.rows; r0 += kBlock) {
      const std::int64_t r1 = std::min(l.rows, r0 + kBlock);
      for (std::int64_t c0 = 0; c0 < l.cols; c0 += kBlock) {
        const std::int64_t c1 = std::min(l.cols, c0 + kBlock);
        for (std::int64_t c = c0; c < c1; ++c) {
          unsigned char* out_row = dst + c * l.ld_out * static_cast<std::int64_t>(E);
          for (std::int64_t r = r0; r < r1; ++r) {
            std::memcpy(out_row + r * static_cast<std::int64_t>(E), src + (r * l.ld_in + c) * static_cast<std::int64_t>(E), E);
          }
        }
      }
    }
  }
}

}  // namespace

layout packed(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::size_t elem_bytes) {
  layout l;
  l.batch = batch;
  l.rows = rows;
  l.cols = cols;
  l.elem_bytes = elem_bytes;
  l.ld_in = cols;
  l.ld_out = rows;
  l.stride_in = rows * cols;
  l.stride_out = rows * cols;
  return l;
}

std::int64_t in_span(const layout& l) {
  if (l.batch == 0 || l.rows == 0 || l.cols == 0) return 0;
  return (l.batch - 1) * l.stride_in + (l.rows - 1) * l.ld_in + l.cols;
}

std::int64_t out_span(const layout& l) {
  if (l.batch == 0 || l.rows == 0 || l.cols == 0) return 0;
  return (l.batch - 1) * l.stride_out + (l.cols - 1) * l.ld_out + l.rows;
}

void transpose(const void* in, void* out, const layout& l) {
  const auto* src = static_cast<const unsigned char*>(in);
  auto* dst = static_cast<unsigned char*>(out);
  switch (l.elem_bytes) {
    case 1: return blocked<1>(src, dst, l);
    case 2: return blocked<2>(src, dst, l);
    case 4: return blocked<4>(src, dst, l);
    case 8: return blocked<8>(src, dst, l);
    case 16: return blocked<16>(src, dst, l);
    default: return transpose_definition(in, out, l);
  }
}

void transpose_definition(const void* in, void* out, const layout& l) {
  const auto* src = static_cast<const unsigned char*>(in);
  auto* dst = static_cast<unsigned char*>(out);
  const auto e = static_cast<std::int64_t>(l.elem_bytes);
  for (std::int64_t b = 0; b < l.batch; ++b) {
    for (std::int64_t r = 0; r < l.rows; ++r) {
      for (std::int64_t c = 0; c < l.cols; ++c) {
        for (std::int64_t k = 0; k < e; ++k) {
          dst[(b * l.stride_out + c * l.ld_out + r) * e + k] = src[(b * l.stride_in + r * l.ld_in + c) * e + k];
        }
      }
    }
  }
}

}  // namespace xpose::reference
