#include "device_info.hpp"

#include "../common/device_buffer.hpp"
#include "timing.hpp"

namespace xpose::cli {

device_summary query_device() {
  int dev = 0;
  XPOSE_TOOLING_CUDA(cudaGetDevice(&dev));
  cudaDeviceProp prop{};
  XPOSE_TOOLING_CUDA(cudaGetDeviceProperties(&prop, dev));
  device_summary d;
  d.name = prop.name;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  d.sm_count = prop.multiProcessorCount;
  d.l2_bytes = prop.l2CacheSize;
  d.memory_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&d.mem_clock_khz, cudaDevAttrMemoryClockRate, dev));
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&d.bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&d.sm_clock_khz, cudaDevAttrClockRate, dev));
  XPOSE_TOOLING_CUDA(cudaDriverGetVersion(&d.driver_version));
  XPOSE_TOOLING_CUDA(cudaRuntimeGetVersion(&d.runtime_version));
  return d;
}

double measure_memcpy_gbps(std::size_t bytes, int reps) {
  tooling::device_buffer a(bytes), b(bytes);
  tooling::fill_random(a.get(), bytes, 1, 42);
  const timing t = time_runs(
      [&](int i) {
        // Alternate direction so consecutive copies do not hit a cache-warm source.
        if (i % 2) XPOSE_TOOLING_CUDA(cudaMemcpyAsync(a.get(), b.get(), bytes, cudaMemcpyDeviceToDevice, nullptr));
        else XPOSE_TOOLING_CUDA(cudaMemcpyAsync(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice, nullptr));
      },
      3, reps, nullptr);
  return 2.0 * static_cast<double>(bytes) / (t.median_ms * 1e-3) / 1e9;
}

}  // namespace xpose::cli
