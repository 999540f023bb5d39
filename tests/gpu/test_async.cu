// xpose calls return without waiting for the GPU: the call is enqueued behind a kernel
// that spins for a while, and the stream must still be busy when the call returns.
#include "device_buffer.hpp"
#include "gpu_case.hpp"

#include <xpose/xpose.h>

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

namespace xpose::testing {
namespace {

__global__ void spin(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

TEST(Async, CallDoesNotSynchronize) {
  XPOSE_REQUIRE_GPU();
  tooling::device_buffer a(1024 * 1024 * 4), b(1024 * 1024 * 4);
  cudaStream_t s = nullptr;
  XPOSE_TOOLING_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  // Each strategy once before the spin: under lazy module loading (the default since CUDA
  // 12.2) the first launch of a kernel may load it, and loading may wait for the context
  // (CUDA programming guide, "Lazy Loading", potential hazards). That wait is the runtime's,
  // not a synchronization of xpose's; it made strategy 1 take the whole spin (1010 ms) in
  // one full run of session 33 (bench/results/h100/session33/wide_carry/tests.log.gz).
  for (int k = XPOSE_NAIVE; k <= XPOSE_DIAGONAL; ++k) {
    ASSERT_EQ(xpose_transpose(a.get(), b.get(), 1024, 1024, 4, 0, 0, static_cast<xpose_strategy_t>(k), s),
              XPOSE_SUCCESS)
        << xpose_last_error_message();
  }
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(s));
  spin<<<1, 1, 0, s>>>(2'000'000'000LL);  // about a second at Hopper clocks
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  // Each call's host time and the stream's state after it, for the message only: if the
  // stream is idle at the end, this says which call waited (before the warm-up above it
  // failed twice on an H100 in full runs: bench/results/h100/session26/COMMANDS.txt and
  // session 33's wide_carry).
  std::ostringstream trace;
  for (int k = XPOSE_NAIVE; k <= XPOSE_DIAGONAL; ++k) {
    const auto start = std::chrono::steady_clock::now();
    ASSERT_EQ(xpose_transpose(a.get(), b.get(), 1024, 1024, 4, 0, 0, static_cast<xpose_strategy_t>(k), s),
              XPOSE_SUCCESS)
        << xpose_last_error_message();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    trace << "\n  strategy " << k << ": " << ms << " ms on the host, stream "
          << (cudaStreamQuery(s) == cudaErrorNotReady ? "busy" : "idle") << " after it";
  }
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorNotReady) << "an xpose call waited for the stream:" << trace.str();
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(s));
  XPOSE_TOOLING_CUDA(cudaStreamDestroy(s));
}

}  // namespace
}  // namespace xpose::testing
