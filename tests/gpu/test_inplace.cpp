// In-place transpose on the GPU: square sizes around the tile size, every element size,
// batches, an offset pointer; the input is copied aside first and every byte of the
// result is compared with the CPU reference.
#include "device_buffer.hpp"
#include "gpu_case.hpp"
#include "reference.hpp"

#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

using param = std::tuple<std::size_t, std::int64_t, std::int64_t>;  // elem bytes, n, batch

class InplaceSquare : public ::testing::TestWithParam<param> {};

::testing::AssertionResult run_inplace(std::size_t e, std::int64_t n, std::int64_t batch, std::size_t offset) {
  const std::size_t bytes = static_cast<std::size_t>(batch * n * n) * e;
  tooling::device_buffer buf(bytes + offset);
  unsigned char* data = buf.bytes() + offset;
  tooling::fill_random(buf.get(), bytes + offset, e, 0xA11CE + n * 31 + static_cast<std::uint64_t>(e));
  std::vector<unsigned char> before(bytes), after(bytes), want(bytes);
  XPOSE_TOOLING_CUDA(cudaMemcpy(before.data(), data, bytes, cudaMemcpyDeviceToHost));
  std::size_t ws = 99;
  if (xpose_transpose_inplace_workspace_size(n, n, e, &ws) != XPOSE_SUCCESS || ws != 0) {
    return ::testing::AssertionFailure() << "workspace query: " << xpose_last_error_message();
  }
  const xpose_status_t s = xpose_transpose_inplace_batched(data, batch, n, n, e, nullptr, 0, nullptr);
  if (s != XPOSE_SUCCESS) return ::testing::AssertionFailure() << xpose_last_error_message();
  const cudaError_t sync = cudaDeviceSynchronize();
  if (sync != cudaSuccess) return ::testing::AssertionFailure() << cudaGetErrorString(sync);
  XPOSE_TOOLING_CUDA(cudaMemcpy(after.data(), data, bytes, cudaMemcpyDeviceToHost));
  reference::transpose(before.data(), want.data(), reference::packed(batch, n, n, e));
  if (std::memcmp(after.data(), want.data(), bytes) != 0) {
    std::size_t i = 0;
    while (after[i] == want[i]) ++i;
    return ::testing::AssertionFailure() << "n=" << n << " elem=" << e << " batch=" << batch << ": first wrong byte "
                                         << i;
  }
  return ::testing::AssertionSuccess();
}

TEST_P(InplaceSquare, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [e, n, batch] = GetParam();
  EXPECT_TRUE(run_inplace(e, n, batch, 0));
}

INSTANTIATE_TEST_SUITE_P(Sizes, InplaceSquare,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4, 8, 16),
                                            ::testing::Values<std::int64_t>(1, 2, 31, 32, 33, 64, 127, 1000, 1025),
                                            ::testing::Values<std::int64_t>(1, 3)));

TEST(InplaceSquareOffsets, ByteOffsetPointerUsesByteWiseElements) {
  XPOSE_REQUIRE_GPU();
  EXPECT_TRUE(run_inplace(4, 257, 1, 1));
  EXPECT_TRUE(run_inplace(16, 100, 2, 8));
}

TEST(InplaceSquareOffsets, TypedOverload) {
  XPOSE_REQUIRE_GPU();
  const int n = 200;
  std::vector<float> h(n * n), back(n * n);
  for (int i = 0; i < n * n; ++i) h[i] = static_cast<float>(i);
  tooling::device_buffer d(h.size() * 4);
  XPOSE_TOOLING_CUDA(cudaMemcpy(d.get(), h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  xpose::transpose_inplace(static_cast<float*>(d.get()), n, n);
  XPOSE_TOOLING_CUDA(cudaMemcpy(back.data(), d.get(), h.size() * 4, cudaMemcpyDeviceToHost));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) ASSERT_EQ(back[c * n + r], h[r * n + c]);
  }
}

}  // namespace
}  // namespace xpose::testing
