// Runs an xpose call captured into a CUDA graph, the way applications that replay graphs
// (and frameworks such as PyTorch's CUDA graphs) issue it.
#pragma once

#include <xpose/xpose.h>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <functional>

namespace xpose::testing {

/** Captures `enqueue(stream)` on a new non-blocking stream in global capture mode (the
 *  strictest: any call the capture does not allow fails or invalidates it), checks that
 *  it succeeded, then launches the graph once and waits for it. */
::testing::AssertionResult run_in_graph(const std::function<xpose_status_t(cudaStream_t)>& enqueue);

}  // namespace xpose::testing
