// Sweep 46 run 7: how fast a grid can hold a whole buffer on chip and write it back. Every block
// (one an SM, 512 threads) loads its share of the bytes into registers (24 x 16 bytes a thread)
// and shared memory (cp.async, up to 208 KiB a block), the grid waits at one barrier, then every
// block stores what it holds. In-place transposes of matrices that fit on chip, or of groups of
// rows that do, would move their data this way; this times the data movement alone against
// cudaMemcpy of the same bytes. Rounds > 1 split the buffer into that many hold-barrier-store
// rounds (two barriers a round).
#include "barrier_round_timing.cuh"

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int kThreads = 512;
constexpr int kRegVectors = 24;

/** A grid barrier inlined here: cooperative groups' sync() is a call, around which the held
    registers were spilled. `counter` counts arrivals over the launch (zeroed before it). */
__device__ __forceinline__ void grid_barrier(unsigned* counter, unsigned& passed) {
  __syncthreads();
  passed += gridDim.x;
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(counter, 1u);
    while (*reinterpret_cast<volatile unsigned*>(counter) < passed) {
    }
    __threadfence();
  }
  __syncthreads();
}

__global__ void __launch_bounds__(kThreads, 1)
    hold_copy(const uint4* __restrict__ src, uint4* __restrict__ dst, long long vectors, int shared_vectors, int rounds,
              unsigned* counter) {
  extern __shared__ uint4 held[];
  unsigned passed = 0;
  const long long per_round = (vectors + rounds - 1) / rounds;
  const long long per_block_cap = static_cast<long long>(kRegVectors) * kThreads + shared_vectors;
  for (int round = 0; round < rounds; ++round) {
    const long long begin = round * per_round;
    const long long end = vectors < begin + per_round ? vectors : begin + per_round;
    const long long share = (end - begin + gridDim.x - 1) / gridDim.x;  // <= per_block_cap by the host
    const long long b0 = begin + blockIdx.x * share, b1 = end < b0 + share ? end : b0 + share;
    uint4 r[kRegVectors];
    const uint4* from = src + b0 + threadIdx.x;
    const long long left = b1 - b0 - threadIdx.x;
    const int n = left < 0 ? 0 : left > kRegVectors * kThreads ? kRegVectors * kThreads : static_cast<int>(left);
#pragma unroll
    for (int u = 0; u < kRegVectors; ++u) {
      if (u * kThreads < n) r[u] = from[u * kThreads];
    }
    const long long s0 = b0 + static_cast<long long>(kRegVectors) * kThreads;
    for (long long i = s0 + threadIdx.x; i < b1; i += kThreads) __pipeline_memcpy_async(&held[i - s0], &src[i], 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    grid_barrier(counter, passed);
    uint4* to = dst + b0 + threadIdx.x;
#pragma unroll
    for (int u = 0; u < kRegVectors; ++u) {
      if (u * kThreads < n) to[u * kThreads] = r[u];
    }
    for (long long i = s0 + threadIdx.x; i < b1; i += kThreads) dst[i] = held[i - s0];
    if (round + 1 < rounds) grid_barrier(counter, passed);
  }
  (void)per_block_cap;
}

int main() {
  int sms = 0, smem_optin = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  const int shared_bytes = std::min(smem_optin, 208 * 1024);
  const int shared_vectors = shared_bytes / 16;
  cudaFuncSetAttribute(hold_copy, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes);
  int per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, hold_copy, kThreads, shared_bytes);
  const long long cap = static_cast<long long>(sms) * (static_cast<long long>(kRegVectors) * kThreads + shared_vectors) * 16;
  std::printf("%d SMs, %d block(s) an SM, %d KiB shared a block; one round holds up to %.1f MB\n", sms, per_sm,
              shared_bytes / 1024, cap / 1e6);
  const long long most = 256ll << 20;
  uint4 *a = nullptr, *b = nullptr;
  cudaMalloc(&a, most);
  cudaMalloc(&b, most);
  cudaMemset(a, 1, most);
  unsigned* counter = nullptr;
  cudaMalloc(&counter, 4);
  auto time_it = [&](auto&& f) { return median_us_with_fresh_counter(counter, f); };
  for (long long mb : {16ll, 32ll, 48ll, 62ll, 124ll, 248ll}) {
    const long long bytes = mb * 1000 * 1000 / 16 * 16;
    long long vectors = bytes / 16;
    const float copy_us = time_it([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); });
    // Microseconds of one hold-copy in `rounds` rounds, or a negative value when a round does
    // not fit the grid.
    const auto hold_us = [&](int rounds) {
      const long long per_round = (vectors + rounds - 1) / rounds;
      if ((per_round + sms - 1) / sms > static_cast<long long>(kRegVectors) * kThreads + shared_vectors) return -1.0f;
      int sv = shared_vectors;
      void* args[] = {&a, &b, &vectors, &sv, &rounds, &counter};
      return time_it([&] {
        cudaLaunchCooperativeKernel(reinterpret_cast<void*>(hold_copy), dim3(sms), dim3(kThreads), args, shared_bytes, 0);
      });
    };
    for (int rounds : {1, 2, 3, 4, 6, 8, 16}) {  // the fewest rounds that fit
      const float us = hold_us(rounds);
      if (us < 0) continue;
      std::printf("%4lld MB  rounds %2d  hold-copy %8.1f us  cudaMemcpy %8.1f us  ratio %.3f\n", mb, rounds, us, copy_us,
                  copy_us / us);
      break;
    }
    for (int rounds : {4, 8, 16, 32}) {  // and more rounds than needed: what a round costs
      const float us = hold_us(rounds);
      if (us >= 0) std::printf("%4lld MB  rounds %2d  hold-copy %8.1f us  ratio %.3f\n", mb, rounds, us, copy_us / us);
    }
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
