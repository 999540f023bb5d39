// Host-only argument checks: everything that can be decided without touching the GPU.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/**
 * Checks sizes, leading dimensions, strides, element size, null pointers, 64-bit
 * overflow and overlap of the byte ranges of `in` and `out`, and resolves the 0
 * defaults. Throws xpose::error naming the first bad argument. Never calls CUDA.
 */
plan validate(const request& req);

/** Element sizes xpose moves: 1, 2, 4, 8 and 16 bytes. */
bool supported_elem_bytes(std::size_t elem_bytes);

/** Bytes from the first to one past the last element of `batch` strided matrices. */
std::int64_t span_bytes(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::int64_t ld,
                        std::int64_t stride, std::size_t elem_bytes);

}  // namespace xpose::detail
