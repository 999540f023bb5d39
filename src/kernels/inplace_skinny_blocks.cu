// In-place transpose of a matrix with a short side of 4 to 64 elements as K blocks of
// s x m (core/skinny_blocks.hpp): a super-element transpose by cycle walks cut at split
// points, and K small transposes of contiguous blocks by the out-of-place skinny kernels.
//
// The small transposes run in place because each block of those kernels owns one whole
// s x m matrix of the batch and stages all of it in shared memory before it writes any of
// it (the plan picks the interleave kernel only where that holds).
//
// The super-element transpose is two launches per matrix: the split points' super-elements
// are copied to the workspace, then every walk runs. A block of the walk launch tests a
// window of consecutive candidate positions, one per thread (split points start a walk
// with no test; the rest only when they lead a cycle without split points), and moves
// every piece of its walks: consecutive threads move consecutive pieces of one walk, so
// each step of a warp is a run of at least 128 bytes. Windows are sized for about one
// piece per thread.
#include "element_types.hpp"
#include "launchers.hpp"
#include "super_element_pieces.hpp"

#include "../core/skinny_blocks.hpp"
#include "../core/raise.hpp"
#include "../core/skinny_blocks.hpp"

namespace xpose::detail {
namespace {

constexpr int kWalkThreads = 256;

template <class C>
__global__ void __launch_bounds__(kWalkThreads)
    save_split_points_kernel(const C* base, C* saved, std::int64_t pieces, cycle_splits splits) {
  const std::int64_t n = splits.count * pieces;
  for (std::int64_t i = blockIdx.x * std::int64_t{kWalkThreads} + threadIdx.x; i < n;
       i += std::int64_t{gridDim.x} * kWalkThreads) {
    const std::int64_t j = i / pieces;
    saved[i] = base[splits.point(j) * pieces + (i - j * pieces)];
  }
}

// Four blocks per SM: 64 registers (sweep 18: 28.2% against 27.1% for 31 x 2M bytes with
// 16 pieces ahead and two blocks, and 45.3% against 41.6% for 16 x 4M bytes).
template <class C>
__global__ void __launch_bounds__(kWalkThreads, 4)
    split_walk_kernel(C* base, const C* saved, int pieces, super_element_cycles cycles, cycle_splits splits,
                      int window) {
  __shared__ std::int64_t starts[kWalkThreads];
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  const std::int64_t p = 1 + std::int64_t{blockIdx.x} * window + threadIdx.x;
  if (static_cast<int>(threadIdx.x) < window && p < cycles.modulus && starts_walk(p, cycles, splits)) {
    starts[atomicAdd(&count, 1)] = p;
  }
  __syncthreads();
  const int items = count * pieces;
  for (int item = threadIdx.x; item < items; item += kWalkThreads) {
    const int l = item / pieces, piece = item - l * pieces;
    follow_split_walk(base + piece, saved + piece, pieces, starts[l], cycles, splits);  // core/skinny_blocks.hpp
  }
}

/** The super-element transpose of one matrix (N super-elements of se_bytes each). */
void transpose_super_elements_split(unsigned char* matrix, unsigned char* workspace, std::int64_t se_bytes,
                                    const skinny_blocks_plan& sb, cudaStream_t stream) {
  with_piece({matrix, workspace}, se_bytes, [&](auto piece) {
    using C = decltype(piece);
    const std::int64_t pieces = se_bytes / static_cast<std::int64_t>(sizeof(C));
    C* base = reinterpret_cast<C*>(matrix);
    C* saved = reinterpret_cast<C*>(workspace);
    const std::int64_t saved_pieces = sb.splits.count * pieces;
    if (saved_pieces > 0) {
      const std::int64_t blocks = std::min<std::int64_t>((saved_pieces + kWalkThreads - 1) / kWalkThreads, 4096);
      save_split_points_kernel<C><<<static_cast<unsigned>(blocks), kWalkThreads, 0, stream>>>(base, saved, pieces,
                                                                                             sb.splits);
    }
    // A window of s candidates holds about one split point, a walk of `pieces` items:
    // windows of s * 256 / pieces candidates give each thread about one piece to move.
    std::int64_t window = 1;
    while (window < kWalkThreads && window * pieces < sb.s * kWalkThreads) window *= 2;
    const std::int64_t candidates = sb.cycles.modulus - 1;  // positions 1 .. N - 2
    const std::int64_t grid = (candidates + window - 1) / window;
    split_walk_kernel<C><<<static_cast<unsigned>(grid), kWalkThreads, 0, stream>>>(
        base, saved, static_cast<int>(pieces), sb.cycles, sb.splits, static_cast<int>(window));
  });
  check_launch("inplace split super-element walks");
}

/** The K small transposes of every matrix of the batch: [s][m] -> [m][s] when wide. */
template <class T>
void transpose_blocks(T* data, std::int64_t batch, const skinny_blocks_plan& sb, cudaStream_t stream) {
  const std::int64_t block_elements = sb.s * sb.m;
  plan q{};
  q.in = data;
  q.out = data;
  q.batch = batch * sb.blocks;
  q.rows = sb.wide ? sb.s : sb.m;
  q.cols = sb.wide ? sb.m : sb.s;
  q.elem_bytes = sizeof(T);
  q.ld_in = q.cols;
  q.ld_out = q.rows;
  q.stride_in = block_elements;
  q.stride_out = block_elements;
  q.kernel = strategy::naive;  // finalize() fills the alignment flags only
  q.stream = stream;
  q = finalize(q);
  if (sb.kernel == block_kernel::interleave) {
    launch_skinny_interleave(q, sb.wide);
  } else {
    launch_skinny<T>(q, sb.wide);
  }
}

}  // namespace

template <class T>
void launch_inplace_skinny_blocks(T* data, std::int64_t batch, void* workspace, const skinny_blocks_plan& sb,
                                  cudaStream_t stream) {
  const std::int64_t se_bytes = sb.m * static_cast<std::int64_t>(sizeof(T));
  const std::int64_t matrix_bytes = sb.s * sb.blocks * se_bytes;
  // Tall: the blocks are contiguous in the input; wide: after the super-element transpose.
  if (!sb.wide) transpose_blocks(data, batch, sb, stream);
  // The workspace holds one matrix's split points: the matrices go one after another.
  for (std::int64_t b = 0; b < batch; ++b) {
    transpose_super_elements_split(reinterpret_cast<unsigned char*>(data) + b * matrix_bytes,
                                   static_cast<unsigned char*>(workspace), se_bytes, sb, stream);
  }
  if (sb.wide) transpose_blocks(data, batch, sb, stream);
}

#define XPOSE_INSTANTIATE(T)                                                                                 \
  template void launch_inplace_skinny_blocks<T>(T*, std::int64_t, void*, const skinny_blocks_plan&, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
