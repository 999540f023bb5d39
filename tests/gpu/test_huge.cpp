// 64-bit sizes: a matrix of more than 2^31 elements whose byte offsets exceed 2^31,
// through every strategy, each output compared in full with one CPU reference.
#include "device_buffer.hpp"
#include "gpu_case.hpp"
#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace xpose::testing {
namespace {

TEST(HugeMatrix, Over2To31ElementsInEveryStrategy) {
  XPOSE_REQUIRE_GPU();
  // 46341 x 46345 bytes = 2,147,697,645 elements > 2^31; odd sizes leave partial tiles.
  const std::int64_t rows = 46341, cols = 46345;
  const std::size_t bytes = static_cast<std::size_t>(rows * cols);
  std::size_t free_bytes = 0, total = 0;
  XPOSE_TOOLING_CUDA(cudaMemGetInfo(&free_bytes, &total));
  if (free_bytes < 2 * bytes + (256u << 20)) GTEST_SKIP() << "needs " << 2 * bytes / (1 << 20) << " MiB of device memory";

  tooling::device_buffer in(bytes), out(bytes);
  tooling::fill_random(in.get(), bytes, 1, 0xB16);
  std::vector<unsigned char> h_in(bytes), expected(bytes), observed(bytes);
  XPOSE_TOOLING_CUDA(cudaMemcpy(h_in.data(), in.get(), bytes, cudaMemcpyDeviceToHost));
  reference::transpose(h_in.data(), expected.data(), reference::packed(1, rows, cols, 1));

  for (const strategy s : all_strategies) {
    XPOSE_TOOLING_CUDA(cudaMemset(out.get(), tooling::kPoison, bytes));
    options o;
    o.kernel = s;
    transpose(static_cast<const unsigned char*>(in.get()), static_cast<unsigned char*>(out.get()), rows, cols, o);
    XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
    XPOSE_TOOLING_CUDA(cudaMemcpy(observed.data(), out.get(), bytes, cudaMemcpyDeviceToHost));
    if (std::memcmp(observed.data(), expected.data(), bytes) != 0) {
      std::size_t i = 0;
      while (observed[i] == expected[i]) ++i;
      ADD_FAILURE() << to_string(s) << ": first wrong output element [" << i / rows << "][" << i % rows << "]";
    }
  }
}

// In place above 2^31 elements: a square (tile pairs) and a rectangular matrix (line
// permutations with 64-bit index maps), each checked in full on the GPU against a copy of
// the input taken before the call, plus sampled elements on the host.
void check_inplace_huge(std::int64_t rows, std::int64_t cols) {
  const std::size_t bytes = static_cast<std::size_t>(rows * cols);
  const std::size_t ws_bytes = transpose_inplace_workspace_size(rows, cols, 1);
  std::size_t free_bytes = 0, total = 0;
  XPOSE_TOOLING_CUDA(cudaMemGetInfo(&free_bytes, &total));
  if (free_bytes < 2 * bytes + ws_bytes + (256u << 20)) GTEST_SKIP() << "needs " << 2 * bytes / (1 << 20) << " MiB";
  tooling::device_buffer data(bytes), original(bytes), workspace(ws_bytes);
  tooling::fill_random(data.get(), bytes, 1, 0xB17 + static_cast<std::uint64_t>(rows));
  XPOSE_TOOLING_CUDA(cudaMemcpy(original.get(), data.get(), bytes, cudaMemcpyDeviceToDevice));
  transpose_inplace(static_cast<unsigned char*>(data.get()), rows, cols, workspace.get(), ws_bytes);
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  EXPECT_EQ(tooling::count_transpose_mismatches(original.get(), data.get(), 1, rows, cols, 1, cols, rows, rows * cols,
                                                rows * cols),
            0)
      << rows << " x " << cols;
  // Sampled on the host as well, including the last element (byte offset > 2^31).
  const std::int64_t samples[][2] = {{0, 0}, {rows - 1, cols - 1}, {rows / 2, cols / 3}, {rows - 1, 0}, {7, cols - 2}};
  for (const auto& s : samples) {
    unsigned char before = 0, after = 0;
    XPOSE_TOOLING_CUDA(cudaMemcpy(&before, original.bytes() + s[0] * cols + s[1], 1, cudaMemcpyDeviceToHost));
    XPOSE_TOOLING_CUDA(cudaMemcpy(&after, data.bytes() + s[1] * rows + s[0], 1, cudaMemcpyDeviceToHost));
    EXPECT_EQ(before, after) << "element (" << s[0] << ", " << s[1] << ") of " << rows << " x " << cols;
  }
}

TEST(HugeMatrix, InplaceSquareOver2To31Elements) {
  XPOSE_REQUIRE_GPU();
  check_inplace_huge(46345, 46345);
}

TEST(HugeMatrix, InplaceRectangularOver2To31Elements) {
  XPOSE_REQUIRE_GPU();
  check_inplace_huge(50000, 43001);
}

}  // namespace
}  // namespace xpose::testing
