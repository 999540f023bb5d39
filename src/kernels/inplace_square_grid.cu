// In-place transpose of a grid of d x d squares (core/square_grid.hpp): every square
// transposed where it lies by the square kernels (inplace_square.cu, with the grid's row
// pitch), then the d-element rows permuted [M][d][N] -> [N][d][M] by split cycle walks
// (split_walks.cuh). The workspace holds one matrix's split points, so the matrices of a
// batch take their walks one after another.
#include "element_types.hpp"
#include "launchers.hpp"
#include "split_walks.cuh"
#include "square_pairs.hpp"

#include "../core/square_grid.hpp"

namespace xpose::detail {

/** Runs of 4 KiB and more walk in their own launch, one warp per 32 pieces of a walk, from
    which the block scheduler balances walks of very different lengths: 30000 x 7000 fp32
    28.3 -> 29.3% of memcpy, 16-byte 34.9 -> 38.5%; shorter runs lost 1-2.5 points
    (30000 x 7000 2-byte, 2000-byte runs: 25.6 -> 23.1%), sweep 28. */
constexpr std::int64_t kOwnLaunchRunBytes = 4096;

template <class T>
void launch_inplace_square_grid(T* data, std::int64_t batch, void* workspace, const square_grid_plan& sg,
                                cudaStream_t stream) {
  const std::int64_t squares = sg.grid_rows * sg.grid_cols;
  const std::int64_t matrix_elements = squares * sg.side * sg.side;
  launch_inplace_grid_squares<T>(data, batch * squares, grid_squares{sg.side, sg.grid_cols, squares, matrix_elements},
                                 stream);
  const std::int64_t se_bytes = sg.side * static_cast<std::int64_t>(sizeof(T));
  for (std::int64_t b = 0; b < batch; ++b) {
    launch_split_walks(reinterpret_cast<unsigned char*>(data + b * matrix_elements),
                       static_cast<unsigned char*>(workspace), se_bytes, sg.cycles, sg.splits,
                       se_bytes >= kOwnLaunchRunBytes, stream);
    check_launch("inplace square grid walks");
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_square_grid<T>(T*, std::int64_t, void*, const square_grid_plan&, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
