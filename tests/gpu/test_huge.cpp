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

}  // namespace
}  // namespace xpose::testing
