// CPU reference transpose used by the tests and by the benchmark's verification.
// Cache-blocked so that checking a 16M-element matrix takes milliseconds, and generic
// over the element size, leading dimensions, batch and strides exactly like the GPU API.
#pragma once

#include <cstddef>
#include <cstdint>

namespace xpose::reference {

/** A fully resolved layout: no zero defaults, all counts in elements. */
struct layout {
  std::int64_t batch = 1;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::size_t elem_bytes = 4;
  std::int64_t ld_in = 0;
  std::int64_t ld_out = 0;
  std::int64_t stride_in = 0;
  std::int64_t stride_out = 0;
};

/** Packed layout of `batch` rows x cols matrices. */
layout packed(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::size_t elem_bytes);

/** Elements a buffer must hold to contain the whole input / output of `l`. */
std::int64_t in_span(const layout& l);
std::int64_t out_span(const layout& l);

/** out[b][c][r] = in[b][r][c]; touches no output byte outside the logical matrices. */
void transpose(const void* in, void* out, const layout& l);

/** Element-at-a-time definition, the reference's own reference (tests only). */
void transpose_definition(const void* in, void* out, const layout& l);

}  // namespace xpose::reference
