// Development probe (session 35): the host time of in-place calls that switch shapes. The hold
// sweep plans a shape on the host (src/core/hold_sweep.hpp); until session 35 a host thread kept
// one plan a direction and the plan asked a bank model 2-30 ms a shape, so calls alternating
// between two tall shapes planned on every call. Times, on the host clock, bursts of calls
// issued to a stream (drained between bursts, so the queue never throttles the host): one shape
// repeated, two shapes alternating, and five cycling (more than a thread keeps), for tall and wide
// bytes; and each burst's GPU time by events, for scale. Needs no verification: the GPU tests
// check these paths (InplaceHoldPlans). Not installed.
//
// usage: xpose_inplace_plan_switch
#include "../../tools/common/device_buffer.hpp"

#include <xpose/xpose.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

void check(xpose_status_t s) {
  if (s != XPOSE_SUCCESS) {
    std::fprintf(stderr, "xpose: %s\n", xpose_last_error_message());
    std::exit(1);
  }
}

struct shape {
  std::int64_t rows, cols;
};

struct reading {
  double host_us_per_call, gpu_us_per_call;
};

// Bursts of `per_burst` calls cycling through `shapes`, each on its own buffer (contents are
// whatever the last call left: the bytes moved are the same).
reading time_cycle(const std::vector<shape>& shapes, cudaStream_t stream, int per_burst = 20, int bursts = 15) {
  std::vector<xpose::tooling::device_buffer> data;
  std::size_t ws_bytes = 0;
  for (const shape& s : shapes) {
    data.emplace_back(static_cast<std::size_t>(s.rows * s.cols));
    std::size_t need = 0;
    check(xpose_transpose_inplace_workspace_size(s.rows, s.cols, 1, &need));
    ws_bytes = std::max(ws_bytes, need);
  }
  xpose::tooling::device_buffer ws(ws_bytes);
  // A call transposes a buffer (tall) and back (wide): two in-place calls, one of each
  // direction's plans.
  std::vector<shape> now = shapes;
  const auto call = [&](int i) {
    const int k = i % static_cast<int>(shapes.size());
    check(xpose_transpose_inplace(data[k].get(), now[k].rows, now[k].cols, 1, ws.get(), ws_bytes, stream));
    std::swap(now[k].rows, now[k].cols);
    check(xpose_transpose_inplace(data[k].get(), now[k].rows, now[k].cols, 1, ws.get(), ws_bytes, stream));
    std::swap(now[k].rows, now[k].cols);
  };
  for (int i = 0; i < static_cast<int>(shapes.size()); ++i) call(i);  // warm: modules loaded
  check(cudaStreamSynchronize(stream), "sync");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  std::vector<double> host, gpu;
  int i = 0;
  for (int b = 0; b < bursts; ++b) {
    check(cudaEventRecord(start, stream), "record");
    const auto t0 = std::chrono::steady_clock::now();
    for (int c = 0; c < per_burst; ++c) call(i++);
    const auto t1 = std::chrono::steady_clock::now();
    check(cudaEventRecord(stop, stream), "record");
    check(cudaStreamSynchronize(stream), "sync");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
    host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / (2 * per_burst));
    gpu.push_back(1000.0 * ms / (2 * per_burst));
  }
  std::sort(host.begin(), host.end());
  std::sort(gpu.begin(), gpu.end());
  return {host[host.size() / 2], gpu[gpu.size() / 2]};
}

}  // namespace

int main() {
  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
  // Each call transposes a buffer and back, so one "call" below is two: tall then wide.
  const std::vector<shape> tall = {{2097152, 31}, {1048576, 48}, {2097152, 17}, {2097152, 24}, {1048576, 40}};
  struct row {
    const char* what;
    std::vector<shape> shapes;
  };
  const row rows[] = {
      {"one shape repeated (2M x 31 and back)", {tall[0]}},
      {"two shapes alternating (2M x 31, 1M x 48)", {tall[0], tall[1]}},
      {"five shapes cycling", tall},
  };
  std::printf("bytes; a round trip is a tall L x s in place and its wide s x L back; per in-place call, median of 15 bursts of 20 round trips\n");
  std::printf("%-44s %14s %14s\n", "calls", "host us/call", "GPU us/call");
  for (const row& r : rows) {
    const reading t = time_cycle(r.shapes, stream);
    std::printf("%-44s %14.1f %14.1f\n", r.what, t.host_us_per_call, t.gpu_us_per_call);
  }
  check(cudaStreamDestroy(stream), "stream");
  return 0;
}
