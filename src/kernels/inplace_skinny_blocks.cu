// In-place transpose of a matrix with a short side of 4 to 64 elements as K blocks of
// s x m (core/skinny_blocks.hpp): a super-element transpose by cycle walks cut at split
// points, and K small transposes of contiguous blocks by the out-of-place skinny kernels.
//
// The small transposes run in place because each block of those kernels owns one whole
// s x m matrix of the batch and stages all of it in shared memory before it writes any of
// it (the plan picks the interleave kernel only where that holds).
//
// The super-element transpose is two launches per matrix (split_walks.cuh): the split
// points' super-elements are copied to the workspace, then every walk runs.
#include "element_types.hpp"
#include "launchers.hpp"
#include "split_walks.cuh"

#include "../core/raise.hpp"
#include "../core/skinny_blocks.hpp"

namespace xpose::detail {
namespace {

/** The super-element transpose of one matrix (N super-elements of se_bytes each). */
void transpose_super_elements_split(unsigned char* matrix, unsigned char* workspace, std::int64_t se_bytes,
                                    const skinny_blocks_plan& sb, cudaStream_t stream) {
  launch_split_walks(matrix, workspace, se_bytes, sb.cycles, sb.splits, false, stream);
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
