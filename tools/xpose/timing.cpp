#include "timing.hpp"

#include "../common/device_buffer.hpp"

#include <algorithm>

namespace xpose::cli {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

timing time_runs(const std::function<void(int)>& run, int warmup, int reps, cudaStream_t stream) {
  for (int i = 0; i < warmup; ++i) run(i);
  std::vector<cudaEvent_t> events(2 * static_cast<std::size_t>(reps));
  for (auto& e : events) XPOSE_TOOLING_CUDA(cudaEventCreate(&e));
  for (int i = 0; i < reps; ++i) {
    XPOSE_TOOLING_CUDA(cudaEventRecord(events[2 * i], stream));
    run(warmup + i);
    XPOSE_TOOLING_CUDA(cudaEventRecord(events[2 * i + 1], stream));
  }
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
  std::vector<double> ms(static_cast<std::size_t>(reps));
  for (int i = 0; i < reps; ++i) {
    float t = 0;
    XPOSE_TOOLING_CUDA(cudaEventElapsedTime(&t, events[2 * i], events[2 * i + 1]));
    ms[static_cast<std::size_t>(i)] = t;
  }
  for (auto& e : events) (void)cudaEventDestroy(e);
  timing r;
  r.median_ms = median(ms);
  r.min_ms = *std::min_element(ms.begin(), ms.end());
  r.max_ms = *std::max_element(ms.begin(), ms.end());
  return r;
}

}  // namespace xpose::cli
