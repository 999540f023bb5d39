// Times an enqueued operation with CUDA events: warm-up, then one event pair per run,
// one synchronization at the end; median, min and max of the per-run times.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

namespace xpose::cli {

struct timing {
  double median_ms = 0, min_ms = 0, max_ms = 0;
};

/** `run(i)` enqueues run number i on `stream` (use i to rotate buffers). */
timing time_runs(const std::function<void(int)>& run, int warmup, int reps, cudaStream_t stream);

/** Median of a non-empty sample. */
double median(std::vector<double> v);

}  // namespace xpose::cli
