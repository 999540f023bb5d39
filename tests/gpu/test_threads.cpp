// Concurrent calls: 8 host threads, each on its own stream with its own buffers, run
// transposes of assorted shapes and strategies, out of place and in place, at the same
// time; every result is compared with the CPU reference.
#include "device_buffer.hpp"
#include "gpu_case.hpp"
#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace xpose::testing {
namespace {

std::string worker(int id) {
  std::mt19937_64 rng(1000 + id);
  cudaStream_t stream = nullptr;
  XPOSE_TOOLING_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  static const std::size_t sizes[] = {1, 2, 4, 8, 16};
  std::string error;
  for (int k = 0; k < 12 && error.empty(); ++k) {
    const std::size_t e = sizes[rng() % 5];
    const std::int64_t rows = 1 + static_cast<std::int64_t>(rng() % 900), cols = 1 + static_cast<std::int64_t>(rng() % 900);
    const auto l = reference::packed(1, rows, cols, e);
    const std::size_t bytes = static_cast<std::size_t>(rows * cols) * e;
    tooling::device_buffer in(bytes), out(bytes);
    tooling::fill_random(in.get(), bytes, e, rng(), stream);
    XPOSE_TOOLING_CUDA(cudaMemsetAsync(out.get(), tooling::kPoison, bytes, stream));
    std::vector<unsigned char> h_in(bytes), got(bytes), want(bytes);
    options o;
    o.kernel = all_strategies[rng() % 7];
    o.stream = stream;
    const bool inplace = k % 3 == 2;  // in place: copy the input into `out`, transpose it there
    tooling::device_buffer workspace(inplace ? transpose_inplace_workspace_size(rows, cols, e) : 0);
    try {
      if (inplace) {
        XPOSE_TOOLING_CUDA(cudaMemcpyAsync(out.get(), in.get(), bytes, cudaMemcpyDeviceToDevice, stream));
        transpose_inplace_bytes(out.get(), 1, rows, cols, e, workspace.get(), workspace.size(), stream);
      } else {
        transpose_bytes(in.get(), out.get(), 1, rows, cols, e, batched_options{o});
      }
    } catch (const xpose::error& err) {
      error = err.what();
      break;
    }
    XPOSE_TOOLING_CUDA(cudaMemcpyAsync(h_in.data(), in.get(), bytes, cudaMemcpyDeviceToHost, stream));
    XPOSE_TOOLING_CUDA(cudaMemcpyAsync(got.data(), out.get(), bytes, cudaMemcpyDeviceToHost, stream));
    XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
    reference::transpose(h_in.data(), want.data(), l);
    if (std::memcmp(got.data(), want.data(), bytes) != 0) {
      error = "thread " + std::to_string(id) + ": wrong result for " +
              (inplace ? std::string("in-place") : std::string(to_string(o.kernel))) + " " +
              std::to_string(rows) + "x" + std::to_string(cols) + " elem " + std::to_string(e);
    }
  }
  XPOSE_TOOLING_CUDA(cudaStreamDestroy(stream));
  return error;
}

TEST(Threads, EightThreadsOnEightStreams) {
  XPOSE_REQUIRE_GPU();
  std::vector<std::string> errors(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &errors] {
      try {
        errors[t] = worker(t);
      } catch (const std::exception& ex) {
        errors[t] = ex.what();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
}

}  // namespace
}  // namespace xpose::testing
