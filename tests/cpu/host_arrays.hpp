// Host arrays for the in-place schedule tests: each element's value is its input position,
// so a transposed array says where every element went.
#pragma once

#include <cstdint>
#include <numeric>
#include <vector>

namespace xpose::detail {

/** 0, 1, ..., n - 1. */
inline std::vector<int> iota_vector(std::int64_t n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

/** The rows x cols row-major array v transposed (cols x rows). */
inline std::vector<int> transposed(const std::vector<int>& v, std::int64_t rows, std::int64_t cols) {
  std::vector<int> out(v.size());
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = 0; j < cols; ++j) out[static_cast<std::size_t>(j * rows + i)] = v[static_cast<std::size_t>(i * cols + j)];
  }
  return out;
}

}  // namespace xpose::detail
