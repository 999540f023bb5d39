#include "graph_capture.hpp"

namespace xpose::testing {
namespace {

// Destroys what the capture made on every return path.
struct graph_parts {
  cudaStream_t stream = nullptr;
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  ~graph_parts() {
    if (exec != nullptr) (void)cudaGraphExecDestroy(exec);
    if (graph != nullptr) (void)cudaGraphDestroy(graph);
    if (stream != nullptr) (void)cudaStreamDestroy(stream);
  }
};

::testing::AssertionResult cuda_failure(const char* step, cudaError_t err) {
  (void)cudaGetLastError();
  return ::testing::AssertionFailure() << step << ": " << cudaGetErrorName(err);
}

}  // namespace

::testing::AssertionResult run_in_graph(const std::function<xpose_status_t(cudaStream_t)>& enqueue) {
  graph_parts g;
  cudaError_t err = cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking);
  if (err != cudaSuccess) return cuda_failure("cudaStreamCreateWithFlags", err);
  err = cudaStreamBeginCapture(g.stream, cudaStreamCaptureModeGlobal);
  if (err != cudaSuccess) return cuda_failure("cudaStreamBeginCapture", err);
  const xpose_status_t s = enqueue(g.stream);
  err = cudaStreamEndCapture(g.stream, &g.graph);
  if (s != XPOSE_SUCCESS) {
    return ::testing::AssertionFailure() << "the call failed while capturing: " << xpose_last_error_message();
  }
  if (err != cudaSuccess) return cuda_failure("cudaStreamEndCapture (the call broke the capture)", err);
  err = cudaGraphInstantiate(&g.exec, g.graph, 0);
  if (err != cudaSuccess) return cuda_failure("cudaGraphInstantiate", err);
  err = cudaGraphLaunch(g.exec, g.stream);
  if (err != cudaSuccess) return cuda_failure("cudaGraphLaunch", err);
  err = cudaStreamSynchronize(g.stream);
  if (err != cudaSuccess) return cuda_failure("running the graph", err);
  return ::testing::AssertionSuccess();
}

}  // namespace xpose::testing
