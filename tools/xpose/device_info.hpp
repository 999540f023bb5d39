// Reads the current device's properties and measures its device-to-device copy bandwidth.
#pragma once

#include "report.hpp"

namespace xpose::cli {

/** Properties of the current CUDA device (call only when a GPU is available). */
device_summary query_device();

/** Median bandwidth (read + write, GB/s) of `reps` cudaMemcpy D2D copies of `bytes`. */
double measure_memcpy_gbps(std::size_t bytes, int reps);

}  // namespace xpose::cli
