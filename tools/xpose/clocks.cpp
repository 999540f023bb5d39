#include "clocks.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

namespace xpose::cli {
namespace {

// The few NVML entry points used, with their C signatures (nvml.h is not needed).
using nvml_device = void*;
using init_fn = int (*)();
using by_bus_fn = int (*)(const char*, nvml_device*);
using clock_fn = int (*)(nvml_device, int, unsigned*);
constexpr int kClockSm = 1, kClockMem = 2;

struct nvml {
  init_fn init = nullptr;
  by_bus_fn by_bus = nullptr;
  clock_fn clock = nullptr;
  bool ok = false;

  nvml() {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) return;
    init = reinterpret_cast<init_fn>(dlsym(lib, "nvmlInit_v2"));
    by_bus = reinterpret_cast<by_bus_fn>(dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    clock = reinterpret_cast<clock_fn>(dlsym(lib, "nvmlDeviceGetClockInfo"));
    ok = init != nullptr && by_bus != nullptr && clock != nullptr && init() == 0;
  }
};

}  // namespace

clock_sample read_clocks() {
  static const nvml lib;
  clock_sample s;
  if (!lib.ok) return s;
  int dev = 0;
  char bus[32] = {};
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetPCIBusId(bus, sizeof bus, dev) != cudaSuccess) {
    (void)cudaGetLastError();
    return s;
  }
  nvml_device handle = nullptr;
  if (lib.by_bus(bus, &handle) != 0) return s;
  unsigned mhz = 0;
  if (lib.clock(handle, kClockSm, &mhz) == 0) s.sm_mhz = static_cast<int>(mhz);
  if (lib.clock(handle, kClockMem, &mhz) == 0) s.mem_mhz = static_cast<int>(mhz);
  return s;
}

}  // namespace xpose::cli
