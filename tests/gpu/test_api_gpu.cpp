// API behaviour that needs a GPU: pointer checks, typed exceptions, solve(), pinned host
// memory, streams of other devices.
#include "device_buffer.hpp"
#include "gpu_case.hpp"

#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace xpose::testing {
namespace {

using tooling::device_buffer;

TEST(ApiGpu, HostPointerIsRejectedByName) {
  XPOSE_REQUIRE_GPU();
  std::vector<float> host(64 * 64);
  device_buffer d(64 * 64 * sizeof(float));
  EXPECT_EQ(xpose_transpose(host.data(), d.get(), 64, 64, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("in = "), std::string::npos) << xpose_last_error_message();
  EXPECT_EQ(xpose_transpose(d.get(), host.data(), 64, 64, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("out = "), std::string::npos) << xpose_last_error_message();
}

TEST(ApiGpu, BufferSmallerThanShapeIsRejected) {
  XPOSE_REQUIRE_GPU();
  // Two separate allocations; `out` is one element short. A too-small buffer is caught
  // when its last byte lies outside every device allocation.
  device_buffer in(1000 * 4);
  device_buffer big_gap(64 << 20);  // keeps the allocator from placing `out` right before `in`
  device_buffer out(999 * 4);
  const xpose_status_t s = xpose_transpose(in.get(), out.get(), 10, 100, 4, 0, 0, XPOSE_AUTO, nullptr);
  if (s == XPOSE_SUCCESS) GTEST_SKIP() << "allocator placed another allocation right after `out`";
  EXPECT_EQ(s, XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("out + "), std::string::npos) << xpose_last_error_message();
}

TEST(ApiGpu, CppApiThrowsTypedError) {
  XPOSE_REQUIRE_GPU();
  device_buffer d(16 * 4);
  try {
    xpose::transpose(static_cast<const float*>(d.get()), static_cast<float*>(d.get()), 4, 4);
    FAIL() << "overlapping in/out must throw";
  } catch (const xpose::error& e) {
    EXPECT_EQ(e.code(), xpose::status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("overlap"), std::string::npos) << e.what();
  }
}

TEST(ApiGpu, TypedOverloadTransposes) {
  XPOSE_REQUIRE_GPU();
  const int rows = 37, cols = 91;
  std::vector<double> h(rows * cols), back(rows * cols);
  for (int i = 0; i < rows * cols; ++i) h[i] = i * 0.5;
  device_buffer a(h.size() * 8), b(h.size() * 8);
  XPOSE_TOOLING_CUDA(cudaMemcpy(a.get(), h.data(), h.size() * 8, cudaMemcpyHostToDevice));
  xpose::transpose(static_cast<const double*>(a.get()), static_cast<double*>(b.get()), rows, cols);
  XPOSE_TOOLING_CUDA(cudaMemcpy(back.data(), b.get(), h.size() * 8, cudaMemcpyDeviceToHost));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) ASSERT_EQ(back[c * rows + r], h[r * cols + c]) << r << "," << c;
  }
}

TEST(ApiGpu, SolveIsSynchronousAndCorrect) {
  XPOSE_REQUIRE_GPU();
  const int rows = 3, cols = 5;
  std::vector<float> h = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, back(15);
  device_buffer a(15 * 4), b(15 * 4);
  XPOSE_TOOLING_CUDA(cudaMemcpy(a.get(), h.data(), 60, cudaMemcpyHostToDevice));
  solve(static_cast<const float*>(a.get()), static_cast<float*>(b.get()), rows, cols);
  XPOSE_TOOLING_CUDA(cudaMemcpy(back.data(), b.get(), 60, cudaMemcpyDeviceToHost));
  const std::vector<float> want = {1, 6, 11, 2, 7, 12, 3, 8, 13, 4, 9, 14, 5, 10, 15};
  EXPECT_EQ(back, want);
}

TEST(ApiGpu, PinnedHostMemoryIsAccepted) {
  XPOSE_REQUIRE_GPU();
  const int rows = 50, cols = 70;
  float *in = nullptr, *out = nullptr;
  XPOSE_TOOLING_CUDA(cudaMallocHost(reinterpret_cast<void**>(&in), rows * cols * 4));
  XPOSE_TOOLING_CUDA(cudaMallocHost(reinterpret_cast<void**>(&out), rows * cols * 4));
  for (int i = 0; i < rows * cols; ++i) in[i] = static_cast<float>(i);
  EXPECT_EQ(xpose_transpose(in, out, rows, cols, 4, 0, 0, XPOSE_TILED_PADDED, nullptr), XPOSE_SUCCESS)
      << xpose_last_error_message();
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) ASSERT_EQ(out[c * rows + r], in[r * cols + c]);
  }
  cudaFreeHost(in);
  cudaFreeHost(out);
}

TEST(ApiGpu, ManagedMemoryIsAcceptedAndCorrect) {
  XPOSE_REQUIRE_GPU();
  // Managed memory is device-accessible: the right answer is a correct transpose.
  const int rows = 70, cols = 90;
  float *in = nullptr, *out = nullptr;
  XPOSE_TOOLING_CUDA(cudaMallocManaged(reinterpret_cast<void**>(&in), rows * cols * 4));
  XPOSE_TOOLING_CUDA(cudaMallocManaged(reinterpret_cast<void**>(&out), rows * cols * 4));
  for (int i = 0; i < rows * cols; ++i) in[i] = static_cast<float>(i) * 0.25f;
  EXPECT_EQ(xpose_transpose(in, out, rows, cols, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_SUCCESS)
      << xpose_last_error_message();
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) ASSERT_EQ(out[c * rows + r], in[r * cols + c]);
  }
  cudaFree(in);
  cudaFree(out);
}

// A destroyed stream is not tested: using one is undefined behaviour in CUDA itself.
// cudaStreamGetDevice on a destroyed handle crashed the process on the H200 (2026-11-21),
// so no library can detect it safely; xpose.h documents that the stream must be live.

TEST(ApiGpu, StreamOfAnotherDeviceIsRejected) {
  XPOSE_REQUIRE_GPU();
  int count = 0;
  XPOSE_TOOLING_CUDA(cudaGetDeviceCount(&count));
  if (count < 2) GTEST_SKIP() << "needs two GPUs";
  cudaStream_t other = nullptr;
  XPOSE_TOOLING_CUDA(cudaSetDevice(1));
  XPOSE_TOOLING_CUDA(cudaStreamCreate(&other));
  XPOSE_TOOLING_CUDA(cudaSetDevice(0));
  device_buffer a(64 * 4), b(64 * 4);
  EXPECT_EQ(xpose_transpose(a.get(), b.get(), 8, 8, 4, 0, 0, XPOSE_AUTO, other), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("stream"), std::string::npos);
  cudaStreamDestroy(other);
}

}  // namespace
}  // namespace xpose::testing
