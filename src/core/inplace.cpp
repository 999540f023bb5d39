// In-place dispatch: square matrices to the tile-pair kernel, stacks of squares to the
// squares plus a row permutation, 2 to 7 rows (or columns) to row copies and three
// interleaves, wide matrices of 8 to 64 rows of 1, 2, 4 or 8 bytes to the hold sweep (tall ones of
// 8 to 64 columns to its rounds run backwards), a short side
// of 8 to 64 to blocks and split cycle walks, rows that fit in shared memory (one block's or a
// cluster's) once one side is split to two staged passes, sides with a large common divisor
// to a grid of squares and split walks of their rows, the rest to the three line
// permutations (docs/inplace.md).
#include "inplace.hpp"

#include "../kernels/element_types.hpp"
#include "../kernels/launchers.hpp"
#include "coprime_core.hpp"
#include "device_checks.hpp"
#include "row_interleave_schedule.hpp"
#include "skinny_blocks.hpp"
#include "square_grid.hpp"
#include "stacked_squares.hpp"

#include <algorithm>

namespace xpose::detail {
namespace {

/** The two-pass plan, for element types the coprime core's kernels take (element-aligned
    pointers; byte-offset ones keep the line permutations). */
template <class T>
coprime_core_plan coprime_core_plan_for(const inplace_request& r) {
  if constexpr (has_vector_path<T>) {
    return make_coprime_core_plan(r.rows, r.cols, static_cast<std::int64_t>(r.elem_bytes),
                                  current_device_shared_optin());
  } else {
    return {};
  }
}

}  // namespace

void transpose_inplace(const inplace_request& r) {
  const std::size_t need = validate_inplace(r);
  const std::int64_t elements = r.batch * r.rows * r.cols;
  // Empty, or 1 x N / N x 1: the transposed matrix has the same bytes in the same places.
  if (elements == 0 || r.rows == 1 || r.cols == 1) return;
  check_stream_and_buffer(r.stream, r.data, elements * static_cast<std::int64_t>(r.elem_bytes), "data",
                          need > 0 ? r.workspace : nullptr, static_cast<std::int64_t>(need), "workspace");
  const bool aligned = reinterpret_cast<std::uintptr_t>(r.data) % r.elem_bytes == 0;
  with_element_type(r.elem_bytes, aligned, [&](auto tag) {
    using T = decltype(tag);
    if (r.rows == r.cols) {
      launch_inplace_square<T>(static_cast<T*>(r.data), r.batch, r.rows, r.stream);
    } else if (const auto stacked = make_stacked_squares_plan(r.rows, r.cols, static_cast<std::int64_t>(r.elem_bytes));
               stacked.use) {
      launch_inplace_stacked_squares<T>(static_cast<T*>(r.data), r.batch, r.rows, r.cols, stacked, r.stream);
    } else if (std::min(r.rows, r.cols) <= kMaxInterleaveRows) {
      launch_inplace_row_interleave<T>(static_cast<T*>(r.data), r.batch, r.rows, r.cols, static_cast<T*>(r.workspace),
                                       r.stream);
    } else if (r.rows < r.cols && launch_inplace_hold_sweep<T>(static_cast<T*>(r.data), r.batch, r.rows, r.cols,
                                                              r.workspace, need, r.stream)) {
      // Wide, 8 to 64 rows of 1, 2, 4 or 8 bytes on aligned 16-byte rows: the hold sweep took it
      // (it launches nothing and answers false where its plan or the device does not fit).
    } else if (r.rows > r.cols && launch_inplace_hold_unsweep<T>(static_cast<T*>(r.data), r.batch, r.rows, r.cols,
                                                                r.workspace, need, r.stream)) {
      // Tall, the same: the hold sweep's rounds run backwards took it.
    } else if (const auto blocks = make_skinny_blocks_plan(r.rows, r.cols, static_cast<std::int64_t>(r.elem_bytes),
                                                           aligned16(r.data));
               blocks.use) {
      launch_inplace_skinny_blocks<T>(static_cast<T*>(r.data), r.batch, r.workspace, blocks, r.stream);
    } else if (const auto core = coprime_core_plan_for<T>(r); core.use) {
      launch_inplace_coprime_core<T>(static_cast<T*>(r.data), r.batch, core, r.stream);
    } else if (const auto grid = make_square_grid_plan(r.rows, r.cols, static_cast<std::int64_t>(r.elem_bytes));
               grid.use) {
      launch_inplace_square_grid<T>(static_cast<T*>(r.data), r.batch, r.workspace, grid, r.stream);
    } else {
      launch_inplace_rectangular<T>(static_cast<T*>(r.data), r.batch, r.rows, r.cols, static_cast<T*>(r.workspace),
                                    r.stream);
    }
  });
}

}  // namespace xpose::detail
