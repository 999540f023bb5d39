// The device side of launch_overlapping_previous (kernel_attributes.hpp): kernels of one
// call that run back to back on a stream let the next kernel be scheduled early and wait
// for the previous one themselves.
#pragma once

#include <cuda_runtime.h>

namespace xpose::detail {

/** Every block lets the next kernel's grid be scheduled, then waits until the previous
    kernel's grid has finished and its writes are visible (programmatic dependent launch,
    sm_90). Call it before the block touches global memory. The launch gap between two
    kernels then overlaps the tail of the first; launched without the attribute, both calls
    return at once. */
__device__ __forceinline__ void chain_with_neighbour_steps() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
  cudaGridDependencySynchronize();
#endif
}

}  // namespace xpose::detail
