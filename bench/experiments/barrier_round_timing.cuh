// Timing shared by the grid-barrier experiments (hold_copy.cu, hold_pipeline.cu): the median of
// 15 calls, event to event on the default stream, each after the barrier's arrival counter is
// zeroed outside the timed span.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

/** Microseconds of call(), median of 15, with *counter zeroed before each. */
template <class Call>
float median_us_with_fresh_counter(unsigned* counter, Call&& call) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  std::vector<float> v;
  for (int rep = 0; rep < 15; ++rep) {
    cudaMemsetAsync(counter, 0, 4);
    cudaEventRecord(e0);
    call();
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    v.push_back(ms);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  std::sort(v.begin(), v.end());
  return v[v.size() / 2] * 1e3f;
}
