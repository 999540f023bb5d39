// Host-only checks of in-place requests and the workspace rule (no CUDA calls: the
// fuzz target links this file).
#include "inplace.hpp"
#include "raise.hpp"
#include "row_interleave_schedule.hpp"
#include "skinny_blocks.hpp"
#include "square_grid.hpp"
#include "validate.hpp"

#include <algorithm>

namespace xpose::detail {
namespace {

// The index arithmetic of the rectangular kernels is exact below 2^52 elements per matrix.
constexpr std::int64_t kMaxInplaceElements = std::int64_t{1} << 52;

bool rectangular(std::int64_t rows, std::int64_t cols) { return rows != cols && rows > 1 && cols > 1; }

void check_shape(std::int64_t rows, std::int64_t cols, std::size_t elem_bytes) {
  if (!supported_elem_bytes(elem_bytes)) {
    raise(status::unsupported, "elem_bytes = ", elem_bytes, " is not supported (use 1, 2, 4, 8 or 16)");
  }
  if (rows < 0) raise(status::invalid_argument, "rows = ", rows, " must be >= 0");
  if (cols < 0) raise(status::invalid_argument, "cols = ", cols, " must be >= 0");
  std::int64_t elements = 0;
  if (__builtin_mul_overflow(rows, cols, &elements) || elements >= kMaxInplaceElements) {
    raise(status::invalid_argument, "rows * cols = ", rows, " * ", cols, " is too large (the limit is 2^52 elements)");
  }
}

}  // namespace

std::size_t inplace_workspace_bytes(std::int64_t rows, std::int64_t cols, std::size_t elem_bytes) {
  check_shape(rows, cols, elem_bytes);
  // Square: tile pairs swap through shared memory. Two to seven rows (or columns): the rows
  // after the first, each but the last padded to 16 elements (row_interleave_schedule.hpp).
  // Sides with a large common divisor: up to 128 lines of the longer side, for the square
  // grid's split points (square_grid.hpp). A short side of 8 to 64: two lines, for the skinny
  // blocks' split points (skinny_blocks.hpp; by the short side alone, whichever path the
  // shape then takes). Other rectangles: one line of the longer side, for the rows or columns
  // too long to stage in shared memory (docs/inplace.md).
  if (!rectangular(rows, cols)) return 0;
  const std::int64_t L = std::max(rows, cols), s = std::min(rows, cols);
  if (s <= kMaxInterleaveRows) {
    return static_cast<std::size_t>(row_interleave_workspace_elements(static_cast<int>(s), L)) * elem_bytes;
  }
  if (make_square_grid_plan(rows, cols, static_cast<std::int64_t>(elem_bytes)).use) {
    return static_cast<std::size_t>(square_grid_workspace_lines(rows, cols) * L) * elem_bytes;
  }
  if (s >= kMinSkinnyBlocksSide && s <= kMaxSkinny) {
    return static_cast<std::size_t>(kSkinnyBlocksWorkspaceLines * L) * elem_bytes;
  }
  return static_cast<std::size_t>(L) * elem_bytes;
}

std::size_t validate_inplace(const inplace_request& r) {
  check_shape(r.rows, r.cols, r.elem_bytes);
  if (r.batch < 0) raise(status::invalid_argument, "batch = ", r.batch, " must be >= 0");
  std::int64_t bytes = 0;
  if (__builtin_mul_overflow(r.batch, r.rows, &bytes) || __builtin_mul_overflow(bytes, r.cols, &bytes) ||
      __builtin_mul_overflow(bytes, static_cast<std::int64_t>(r.elem_bytes), &bytes)) {
    raise(status::invalid_argument, "batch * rows * cols * elem_bytes overflows int64");
  }
  const std::size_t need = inplace_workspace_bytes(r.rows, r.cols, r.elem_bytes);
  if (r.workspace_bytes < need) {
    raise(status::invalid_argument, "workspace_bytes = ", r.workspace_bytes, " is too small: this shape needs ", need,
          " bytes (xpose_transpose_inplace_workspace_size)");
  }
  if (need > 0 && r.workspace == nullptr) raise(status::invalid_argument, "workspace = NULL but ", need, " bytes are needed");
  if (need > 0 && reinterpret_cast<std::uintptr_t>(r.workspace) % r.elem_bytes != 0) {
    raise(status::invalid_argument, "workspace = ", r.workspace, " is not aligned to elem_bytes = ", r.elem_bytes,
          " (cudaMalloc memory is)");
  }
  if (bytes != 0 && r.data == nullptr) {
    raise(status::invalid_argument, "data = NULL for a non-empty ", r.rows, " x ", r.cols, " matrix");
  }
  if (need > 0 && bytes != 0) {
    const auto data = reinterpret_cast<std::uintptr_t>(r.data), ws = reinterpret_cast<std::uintptr_t>(r.workspace);
    if (ws < data + static_cast<std::uintptr_t>(bytes) && data < ws + need) {
      raise(status::invalid_argument, "workspace = ", r.workspace, " overlaps data = ", r.data);
    }
  }
  return need;
}

}  // namespace xpose::detail
