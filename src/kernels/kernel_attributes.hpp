// Per-kernel launch attributes shared by the launchers that need more than the default
// 48 KiB of dynamic shared memory or a particular shared-memory carveout.
#pragma once

#include "../core/raise.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xpose::detail {

/** Lets `kernel` launch with `bytes` of dynamic shared memory (an opt-in above 48 KiB). */
template <class Kernel>
void allow_shared(Kernel kernel, std::int64_t bytes) {
  if (bytes > 48 * 1024) {
    check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)),
               "cudaFuncSetAttribute");
  }
}

/** Asks for the largest shared-memory carveout, so that as many blocks per SM fit as
 *  shared memory allows (latency-bound kernels keep more loads in flight that way). */
template <class Kernel>
void prefer_shared_memory(Kernel kernel) {
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared),
             "cudaFuncSetAttribute");
}

}  // namespace xpose::detail
