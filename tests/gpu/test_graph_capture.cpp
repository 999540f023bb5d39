// xpose calls captured into CUDA graphs: the call must be legal during capture (global
// mode, the strictest), enqueue everything it does into the graph, and the replayed graph
// must produce the transpose. Until the stream check skipped cudaStreamGetDevice on a
// capturing stream, every call on a user stream failed there with "not a valid stream
// (cudaErrorStreamCaptureUnsupported)". In-place calls: InplaceStreamsAndGraphs in
// test_inplace.cpp.
#include "gpu_case.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace xpose::testing {
namespace {

// One case per `auto` rule family (docs/auto.md): batches of small matrices, few rows or
// columns, register and residue tiles, sector, element and split tiles, the vectorized and
// padded tiles in row and column order; leading dimensions, strides and offset pointers.
class GraphCapture : public ::testing::TestWithParam<std::size_t> {};

TEST_P(GraphCapture, AutoMatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  std::vector<gpu_case> cases;
  auto add = [&](std::int64_t batch, std::int64_t rows, std::int64_t cols) {
    gpu_case c;
    c.batch = batch;
    c.rows = rows;
    c.cols = cols;
    c.elem_bytes = e;
    c.in_graph = true;
    c.seed = static_cast<std::uint64_t>(batch * 1000003 + rows * 31 + cols + e);
    cases.push_back(c);
    return &cases.back();
  };
  add(4096, 32, 32);
  add(1024, 3, 1000);
  add(64, 20, 30);
  add(1, 7, 100000);
  add(1, 100000, 7);
  add(1, 50, 20000);
  add(1, 1024, 1024);
  add(1, 4095, 4097);
  add(1, 2048, 2048);  // 4 MiB and more take column order for 2 bytes and up
  add(1, 33, 4097);
  add(3, 300, 500)->stride_in_pad = 7;
  add(1, 1000, 777)->ld_in_pad = 5;
  add(1, 777, 1000)->ld_out_pad = 3;
  if (e > 1) add(1, 640, 480)->in_offset = e;
  for (const gpu_case& c : cases) EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, GraphCapture, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

}  // namespace
}  // namespace xpose::testing
