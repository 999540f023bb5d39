// Per-kernel launch attributes shared by the launchers that need more than the default
// 48 KiB of dynamic shared memory or a particular shared-memory carveout.
#pragma once

#include "../core/device_checks.hpp"
#include "../core/raise.hpp"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace xpose::detail {

/** Lets `kernel` launch with `bytes` of dynamic shared memory (an opt-in above 48 KiB). The
    limit set is the device's whole opt-in, not `bytes`: the attribute belongs to the kernel,
    not to one launch, so host threads launching the same kernel with different stages must
    all set the same value (a smaller one set between another thread's call and its launch
    made that launch fail with cudaErrorInvalidValue: Threads.EightThreadsOnEightStreams). */
template <class Kernel>
void allow_shared(Kernel kernel, std::int64_t bytes) {
  if (bytes > 48 * 1024) {
    check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(current_device_shared_optin())),
               "cudaFuncSetAttribute");
  }
}

/** Asks for a shared-memory carveout of `percent` of the SM's shared memory (the rest is L1);
 *  the driver takes the nearest size the SM offers that fits. */
template <class Kernel>
void prefer_carveout(Kernel kernel, int percent) {
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, percent),
             "cudaFuncSetAttribute");
}

/** Asks for the largest shared-memory carveout, so that as many blocks per SM fit as
 *  shared memory allows (latency-bound kernels keep more loads in flight that way). */
template <class Kernel>
void prefer_shared_memory(Kernel kernel) {
  prefer_carveout(kernel, cudaSharedmemCarveoutMaxShared);
}

/** Whether the current device has programmatic dependent launch (sm_90 and later). */
inline bool has_programmatic_launch() {
  int device = 0, major = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "cudaDeviceGetAttribute");
  return major >= 9;
}

/** Launches `kernel` with `count` (0 or 1) launch attributes. */
template <class... Params, class... Args>
void launch_with_attribute(const cudaLaunchAttribute& attribute, unsigned count, void (*kernel)(Params...), dim3 grid,
                           dim3 block, std::size_t shared_bytes, cudaStream_t stream, Args... args) {
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  cudaLaunchAttribute copy = attribute;
  config.attrs = &copy;
  config.numAttrs = count;
  check_cuda(cudaLaunchKernelEx(&config, kernel, static_cast<Params>(args)...), "cudaLaunchKernelEx");
}

/** Launches `kernel` so that, when `programmatic` (has_programmatic_launch()), it may start
    while the previous kernel on `stream` drains: its blocks must call
    cudaGridDependencySynchronize() before touching memory, and the previous kernel lets it
    be scheduled early with cudaTriggerProgrammaticLaunchCompletion() (both in
    chain_with_neighbour_steps, chained_launch.cuh). Otherwise a plain stream-ordered launch. */
template <class... Params, class... Args>
void launch_overlapping_previous(bool programmatic, void (*kernel)(Params...), dim3 grid, dim3 block,
                                 std::size_t shared_bytes, cudaStream_t stream, Args... args) {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  launch_with_attribute(attribute, programmatic ? 1 : 0, kernel, grid, block, shared_bytes, stream, args...);
}

/** Launches `kernel` in thread-block clusters of `cluster` blocks along x (grid.x a multiple
    of it); `cluster` of 1 is a plain launch. */
template <class... Params, class... Args>
void launch_in_clusters(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes,
                        cudaStream_t stream, unsigned cluster, Args... args) {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = cluster;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  launch_with_attribute(attribute, cluster > 1 ? 1 : 0, kernel, grid, block, shared_bytes, stream, args...);
}

}  // namespace xpose::detail
