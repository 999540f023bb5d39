// In-place transpose: validation, the workspace rule and dispatch. Square matrices are
// transposed by swapping tile pairs and need no workspace; 1 x N / N x 1 need nothing (the
// layout does not change); 2 to 7 rows (or columns) take row copies and three interleaves
// (workspace: the rows after the first); other rectangular shapes take stacked squares,
// the hold sweep, skinny blocks, two staged passes, a grid of squares or three line
// permutations, with a workspace of one to a few lines of max(rows, cols) elements
// (docs/inplace.md).
#pragma once

#include <xpose/xpose.hpp>

#include <cstddef>
#include <cstdint>

namespace xpose::detail {

struct inplace_request {
  void* data = nullptr;
  std::int64_t batch = 1, rows = 0, cols = 0;
  std::size_t elem_bytes = 0;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
  cudaStream_t stream = nullptr;
};

/** Bytes of device workspace xpose_transpose_inplace needs; throws xpose::error. */
std::size_t inplace_workspace_bytes(std::int64_t rows, std::int64_t cols, std::size_t elem_bytes);

/** Host-only checks (no CUDA); throws xpose::error naming the argument. Returns the
    workspace bytes the shape needs. */
std::size_t validate_inplace(const inplace_request& r);

/** Validates, checks device access and enqueues; throws xpose::error. */
void transpose_inplace(const inplace_request& r);

}  // namespace xpose::detail
