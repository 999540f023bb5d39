// API behaviour that needs a GPU: pointer checks, typed exceptions, solve(), pinned host
// memory, streams of other devices.
#include "device_buffer.hpp"
#include "gpu_case.hpp"

#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>
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

// Work on a second device: the current device is 1, every buffer and the stream are its own.
// Nothing in the library may assume device 0 (device attributes are queried per call).
TEST(ApiGpu, SecondDeviceTransposes) {
  XPOSE_REQUIRE_GPU();
  int count = 0;
  XPOSE_TOOLING_CUDA(cudaGetDeviceCount(&count));
  if (count < 2) GTEST_SKIP() << "needs two GPUs";
  struct back_to_device_0 {
    ~back_to_device_0() { (void)cudaSetDevice(0); }
  } restore;  // also when an ASSERT returns early
  XPOSE_TOOLING_CUDA(cudaSetDevice(1));
  for (const std::size_t e : {1, 2, 4, 8, 16}) {
    gpu_case c;
    c.rows = 1000;
    c.cols = 777;
    c.elem_bytes = e;
    EXPECT_TRUE(run_case(c));
    c.in_graph = true;  // a stream of device 1, captured
    EXPECT_TRUE(run_case(c));
  }
  // In place: the coprime core (no workspace used) and the skinny blocks (split points saved in
  // the workspace).
  for (const auto& [r, cols] : std::vector<std::pair<std::int64_t, std::int64_t>>{{1234, 567}, {31, 12288}}) {
    std::size_t ws_bytes = 0;
    ASSERT_EQ(xpose_transpose_inplace_workspace_size(r, cols, 4, &ws_bytes), XPOSE_SUCCESS);
    std::vector<float> h(static_cast<std::size_t>(r * cols)), back(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) h[i] = static_cast<float>(i);
    device_buffer d(h.size() * 4), ws(ws_bytes);
    XPOSE_TOOLING_CUDA(cudaMemcpy(d.get(), h.data(), h.size() * 4, cudaMemcpyHostToDevice));
    ASSERT_EQ(xpose_transpose_inplace(d.get(), r, cols, 4, ws.get(), ws_bytes, nullptr), XPOSE_SUCCESS)
        << xpose_last_error_message();
    XPOSE_TOOLING_CUDA(cudaMemcpy(back.data(), d.get(), h.size() * 4, cudaMemcpyDeviceToHost));
    for (std::int64_t i = 0; i < r; ++i) {
      for (std::int64_t j = 0; j < cols; ++j) ASSERT_EQ(back[j * r + i], h[i * cols + j]) << r << " x " << cols;
    }
  }
}

// A buffer of device 1 passed while device 0 is current is named, not launched on.
TEST(ApiGpu, BufferOfAnotherDeviceIsRejected) {
  XPOSE_REQUIRE_GPU();
  int count = 0;
  XPOSE_TOOLING_CUDA(cudaGetDeviceCount(&count));
  if (count < 2) GTEST_SKIP() << "needs two GPUs";
  XPOSE_TOOLING_CUDA(cudaSetDevice(1));
  device_buffer other(64 * 64 * 4);
  XPOSE_TOOLING_CUDA(cudaSetDevice(0));
  device_buffer mine(64 * 64 * 4);
  EXPECT_EQ(xpose_transpose(other.get(), mine.get(), 64, 64, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("is memory of device 1"), std::string::npos)
      << xpose_last_error_message();
  EXPECT_EQ(xpose_transpose(mine.get(), other.get(), 64, 64, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("out = "), std::string::npos) << xpose_last_error_message();
  XPOSE_TOOLING_CUDA(cudaSetDevice(1));
  other = device_buffer();  // freed on its own device
  XPOSE_TOOLING_CUDA(cudaSetDevice(0));
}

}  // namespace
}  // namespace xpose::testing
