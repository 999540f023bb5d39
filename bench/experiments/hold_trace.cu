// Where a hold-sweep round's time goes (sweep 47): built against a library compiled with
// XPOSE_HOLD_TRACE, whose kernel stamps %globaltimer at eight points of every round (thread 0 of
// each block) into the workspace from 1 MiB on. This runs one in-place transpose of rows x cols,
// then prints per round, over the blocks, when each phase ended (microseconds from the launch's
// first stamp: median, and the last block):
//   1 tables made, 2 loads issued, 3 loads landed, 4 barrier passed, 5 output rows issued,
//   6 moves issued, 7 carry stored (round end).
// Build (library built with -DXPOSE_HOLD_TRACE in build/trace):
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude bench/experiments/hold_trace.cu build/trace/libxpose.a -o hold_trace
// or, from a release build, with only the hold sweep's object replaced (session 52):
//   nvcc -O3 -DNDEBUG -DXPOSE_HOLD_TRACE -std=c++17 -Xcompiler=-fPIC -Iinclude -Isrc \
//        --generate-code=arch=compute_90,code=[compute_90,sm_90] -c src/kernels/inplace_hold_sweep.cu \
//        -o t/inplace_hold_sweep.cu.o && cp build/release/libxpose.a t/ && (cd t && ar r libxpose.a inplace_hold_sweep.cu.o)
#include <xpose/xpose.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  const std::int64_t rows = argc > 1 ? std::atoll(argv[1]) : 31, cols = argc > 2 ? std::atoll(argv[2]) : 2097152;
  const std::size_t e = argc > 3 ? std::atoi(argv[3]) : 4;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  void *data = nullptr, *work = nullptr;
  std::size_t need = 0;
  if (xpose_transpose_inplace_workspace_size(rows, cols, e, &need) != XPOSE_SUCCESS) return 1;
  const std::size_t trace_bytes = std::size_t{64} * 8 * sms * 8, work_bytes = std::max(need, (std::size_t{1} << 20) + trace_bytes);
  cudaMalloc(&data, rows * cols * e);
  cudaMalloc(&work, work_bytes);
  cudaMemset(data, 1, rows * cols * e);
  std::vector<unsigned long long> t(trace_bytes / 8);
  for (int rep = 0; rep < 3; ++rep) {
    cudaMemset(static_cast<char*>(work) + (1 << 20), 0, trace_bytes);
    if (xpose_transpose_inplace(data, rows, cols, e, work, work_bytes, nullptr) != XPOSE_SUCCESS) return 2;
    cudaDeviceSynchronize();
  }
  cudaMemcpy(t.data(), static_cast<char*>(work) + (1 << 20), trace_bytes, cudaMemcpyDeviceToHost);
  unsigned long long t0 = ~0ull;
  for (int b = 0; b < sms; ++b) t0 = std::min(t0, t[b] ? t[b] : t0);
  std::printf("%lld x %lld, %zu-byte elements, %d blocks; us from the first stamp: median / last block\n", (long long)rows,
              (long long)cols, e, sms);
  std::printf("round  start      tables     issued     landed     barrier    output     moves      end\n");
  for (int r = 0; r < 64; ++r) {
    if (t[(r * 8) * sms] == 0) break;
    std::printf("%5d", r);
    for (int ev = 0; ev < 8; ++ev) {
      std::vector<double> v;
      for (int b = 0; b < sms; ++b) v.push_back((t[(r * 8 + ev) * sms + b] - t0) * 1e-3);
      std::sort(v.begin(), v.end());
      std::printf("  %6.1f/%-5.1f", v[v.size() / 2], v.back() - v[v.size() / 2]);
    }
    std::printf("\n");
  }
  // With HOLD_TRACE_BLOCKS set: per round, when the blocks' loads landed (event 3), as
  // percentiles over the blocks, and the five last blocks with theirs: whether the barrier waits on
  // the same blocks every round.
  if (std::getenv("HOLD_TRACE_BLOCKS") != nullptr) {
    std::printf("round  landed p10 / p50 / p90 / max (us)   last five blocks (landed us)\n");
    for (int r = 0; r < 64; ++r) {
      if (t[(r * 8) * sms] == 0) break;
      std::vector<std::pair<double, int>> v;
      for (int b = 0; b < sms; ++b) v.push_back({(t[(r * 8 + 3) * sms + b] - t0) * 1e-3, b});
      std::sort(v.begin(), v.end());
      const auto at = [&](double q) { return v[static_cast<std::size_t>(q * (v.size() - 1))].first; };
      std::printf("%5d  %6.1f %6.1f %6.1f %6.1f  ", r, at(0.1), at(0.5), at(0.9), v.back().first);
      for (int k = 1; k <= 5; ++k) std::printf("  b%d %.1f", v[v.size() - k].second, v[v.size() - k].first);
      std::printf("\n");
    }
  }
  return 0;
}
