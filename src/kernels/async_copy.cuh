// Aligned 16-byte chunks from global into shared memory by `cp.async`: no registers are held
// while the copies fly, so a thread can have all of its chunks in flight at once, where loads
// into registers are bounded by the registers they hold (the shifted staged few-rows kernel:
// 8 loads a round, and 16 spilled). Where a stage reads part of each 256-byte block it touches
// and neighbouring blocks of threads, at about the same time, the rest, each copy asks L2 for
// the whole block (`L2::256B`: inplace_coprime_core.cu, staged_wide.cu, staged_tall.cu's
// misaligned output rows); a stage of one contiguous run does without (staged_tall.cu).
#pragma once

#include <cuda_runtime.h>

namespace xpose::detail {

/** The 16 bytes at `global` (16-byte aligned) to `stage` (16-byte aligned shared memory),
 *  cached in L2 only, with a 256-byte L2 fetch unless FETCH_256 is false. */
template <bool FETCH_256 = true>
__device__ __forceinline__ void cp_async_16(void* stage, const void* global) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(stage));
  if constexpr (FETCH_256) {
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;\n" ::"r"(s), "l"(global) : "memory");
  } else {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(global) : "memory");
  }
}

/** Waits for this thread's cp_async_16 copies; a barrier must follow before other threads
 *  read what they wrote. */
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

}  // namespace xpose::detail
