// In-place transpose of a rectangle made of k stacked n x n squares (core/stacked_squares.hpp):
// the squares go through the square kernels (inplace_square.cu), and the n-element rows
// ("super-elements") through one cycle-following launch, below, with no workspace.
//
// Each block of that launch tries a window of candidate positions spread over the whole
// range (w + 1, w + 1 + W, ..., W windows), so that windows find about the same number of
// leaders (small positions lead more often than large ones), and moves one slice of 256
// pieces (16 bytes each where alignment allows) of its leaders' super-elements: a thread
// walks one cycle for one piece, loading up to 16 pieces along the cycle before storing
// them one step on. Windows are sized for about one cycle per thread; many small blocks
// let the scheduler even out windows that found more leaders than others.
// Every piece is loaded before it is stored and belongs to one cycle, so no two threads
// touch the same bytes, and a warp's pieces are consecutive: every access is a whole run
// of at least 256 bytes (the plan's minimum super-element).
#include "element_types.hpp"
#include "launchers.hpp"
#include "super_element_pieces.hpp"

#include "../core/raise.hpp"
#include "../core/stacked_squares.hpp"

#include <type_traits>

namespace xpose::detail {
namespace {

constexpr int kMoverThreads = 256;

/** Block b tries `window` candidates, b / slices + 1 + i * windows, and moves pieces
    [slice * kMoverThreads, +kMoverThreads) of its leaders' cycles, slice = b % slices. */
template <class C>
__global__ void __launch_bounds__(kMoverThreads)
    super_element_transpose_kernel(unsigned char* data, std::int64_t batch, std::int64_t matrix_bytes,
                                   std::int64_t pieces, super_element_cycles cycles, std::int64_t windows,
                                   int window, std::int64_t slices) {
  __shared__ std::int64_t leaders[32];
  __shared__ int count;
  const std::int64_t w = blockIdx.x / slices, slice = blockIdx.x - w * slices;
  if (threadIdx.x < 32) {
    const std::int64_t p = 1 + w + std::int64_t{threadIdx.x} * windows;
    const bool lead = static_cast<int>(threadIdx.x) < window && p < cycles.modulus && cycles.leads(p);
    const unsigned mask = __ballot_sync(0xFFFFFFFFu, lead);
    if (lead) leaders[__popc(mask & ((1u << threadIdx.x) - 1))] = p;
    if (threadIdx.x == 0) count = __popc(mask);
  }
  __syncthreads();
  const std::int64_t first = slice * kMoverThreads;
  const std::int64_t width = pieces - first < kMoverThreads ? pieces - first : kMoverThreads;
  const std::int64_t items = count * width;
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    C* mat = reinterpret_cast<C*>(data + m * matrix_bytes) + first;
    for (std::int64_t item = threadIdx.x; item < items; item += kMoverThreads) {
      const std::int64_t l = item / width;
      follow_cycle(mat + (item - l * width), pieces, leaders[l], cycles);  // core/stacked_squares.hpp
    }
  }
}

void transpose_super_elements(void* data, std::int64_t batch, std::int64_t super_elements, std::int64_t se_bytes,
                              const super_element_cycles& cycles, int longest_cycle, cudaStream_t stream) {
  with_piece({data}, se_bytes, [&](auto piece) {
    using C = decltype(piece);
    const std::int64_t pieces = se_bytes / static_cast<std::int64_t>(sizeof(C));
    const std::int64_t slices = (pieces + kMoverThreads - 1) / kMoverThreads;
    const std::int64_t slice_pieces = pieces < kMoverThreads ? pieces : kMoverThreads;
    // About one cycle per thread: a position leads a cycle with odds of about 1 / order.
    int window = 1;
    while (window < 32 && window * slice_pieces < std::int64_t{longest_cycle} * kMoverThreads) window *= 2;
    const std::int64_t windows = (super_elements - 2 + window - 1) / window;
    const dim3 grid(static_cast<unsigned>(windows * slices), static_cast<unsigned>(batch < 65535 ? batch : 65535));
    super_element_transpose_kernel<C><<<grid, kMoverThreads, 0, stream>>>(
        static_cast<unsigned char*>(data), batch, super_elements * se_bytes, pieces, cycles, windows, window, slices);
  });
  check_launch("inplace super-element transpose");
}

}  // namespace

template <class T>
void launch_inplace_stacked_squares(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                                    const stacked_squares_plan& plan, cudaStream_t stream) {
  const std::int64_t n = plan.side, se_bytes = n * static_cast<std::int64_t>(sizeof(T));
  const std::int64_t super_elements = plan.squares * n;
  // Tall: the squares are contiguous already; wide: they are after the row permutation.
  if (rows > cols) launch_inplace_square<T>(data, batch * plan.squares, n, stream);
  transpose_super_elements(data, batch, super_elements, se_bytes, plan.cycles, plan.longest_cycle, stream);
  if (rows < cols) launch_inplace_square<T>(data, batch * plan.squares, n, stream);
}

#define XPOSE_INSTANTIATE(T)                                                                                   \
  template void launch_inplace_stacked_squares<T>(T*, std::int64_t, std::int64_t, std::int64_t,               \
                                                  const stacked_squares_plan&, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
