// Session 41: can the hold sweep's rounds overlap on the H200? The hold sweep (inplace_hold_sweep.cu)
// runs one round at a time: every block loads its share into shared memory, the grid meets at a
// barrier, every block stores. Its trace on the H200 (session41/hold_profile) shows the loads and
// the stores of a round taking turns, and hold_copy.cu's serial rounds reach only 0.73 of
// cudaMemcpy there at 248 MB in 6 rounds (0.97 on the H100 at 32 MB in one).
//
// This copies a buffer through shared memory the way the sweep moves its tile (bulk copies on one
// mbarrier a round, one grid barrier a round, 16-byte stores from shared memory), in two orders:
//   serial     each round: load, barrier, store (the sweep's order);
//   pipelined  two buffers: after round k's barrier a block issues round k + 1's loads into the
//              other buffer, then stores round k. Round k + 1 reads nothing round k writes (as in
//              the sweep), and round k + 2's loads follow the barrier that ends round k's stores.
// One block an SM, 512 threads; median of 15 against cudaMemcpy of the same bytes, same run.
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Isrc -Iinclude bench/experiments/hold_pipeline.cu -o hold_pipeline
#include "barrier_round_timing.cuh"
#include "kernels/hold_sweep_device.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int kThreads = 512;
constexpr unsigned kPiece = 2048;  // bytes a bulk copy, as the sweep's pieces

using xpose::detail::tma::smem_addr;
using xpose::detail::tma::wait_parity;
using xpose::detail::hold::bulk_copy;
using xpose::detail::hold::grid_barrier;  // the sweep's own barrier and bulk copies

/** Issues this block's share of round k (bytes [begin, begin + len) of src) into `buf` as bulk copies
    of kPiece bytes counted on `bar`, one arrival by thread 0 after every copy is expected. */
__device__ __forceinline__ void issue_round(const char* src, uint4* buf, long long begin, unsigned len,
                                            std::uint64_t* bar) {
  const unsigned pieces = (len + kPiece - 1) / kPiece;
  for (unsigned p = threadIdx.x; p < pieces; p += kThreads) {
    asm volatile("fence.proxy.async;" ::: "memory");
    bulk_copy(reinterpret_cast<char*>(buf) + p * kPiece, src + begin + p * kPiece, min(kPiece, len - p * kPiece), bar);
  }
  __syncthreads();
  if (threadIdx.x == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}

template <bool Pipelined>
__global__ void __launch_bounds__(kThreads, 1)
    hold_pipe(const char* __restrict__ src, char* __restrict__ dst, long long bytes, unsigned chunk, int rounds,
              unsigned* counter) {
  extern __shared__ __align__(128) uint4 buf[];  // Pipelined: two of `chunk` bytes
  __shared__ alignas(8) std::uint64_t bar[2];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 2; ++i) xpose::detail::tma::barrier_init(&bar[i], 1);
    xpose::detail::tma::fence_barrier_init();
  }
  __syncthreads();
  unsigned phase[2] = {0, 0}, passed = 0;
  const long long per_round = static_cast<long long>(chunk) * gridDim.x;
  const auto share = [&](int k, long long& begin, unsigned& len) {
    begin = k * per_round + static_cast<long long>(blockIdx.x) * chunk;
    const long long left = bytes - begin;
    len = left <= 0 ? 0u : static_cast<unsigned>(left < chunk ? left : chunk);
  };
  const auto store_round = [&](long long begin, unsigned len, const uint4* from) {
    uint4* to = reinterpret_cast<uint4*>(dst + begin);
    for (unsigned i = threadIdx.x; i < len / 16; i += kThreads) to[i] = from[i];
  };
  const unsigned slot_vectors = chunk / 16;
  if (Pipelined) {
    long long b0;
    unsigned l0;
    share(0, b0, l0);
    issue_round(src, buf, b0, l0, &bar[0]);
  }
  for (int k = 0; k < rounds; ++k) {
    long long begin;
    unsigned len;
    share(k, begin, len);
    const int slot = Pipelined ? (k & 1) : 0;
    if (!Pipelined) issue_round(src, buf, begin, len, &bar[0]);
    wait_parity(&bar[slot], phase[slot]);
    phase[slot] ^= 1;
    passed += gridDim.x;
    grid_barrier(counter, passed);  // round k loaded everywhere, round k - 1 stored everywhere
    if (Pipelined && k + 1 < rounds) {
      long long nb;
      unsigned nl;
      share(k + 1, nb, nl);
      issue_round(src, buf + (slot ^ 1) * slot_vectors, nb, nl, &bar[slot ^ 1]);
    }
    store_round(begin, len, buf + slot * slot_vectors);
    __syncthreads();  // the buffer is read before the next loads into it
  }
}

__global__ void fill(unsigned* p, long long words) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < words;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    p[i] = static_cast<unsigned>(i * 2654435761ull);
  }
}

int main() {
  int sms = 0, smem_optin = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  const int most_shared = 208 * 1024;
  cudaFuncSetAttribute(hold_pipe<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, most_shared);
  cudaFuncSetAttribute(hold_pipe<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, most_shared);
  std::printf("%s, %d SMs; one block an SM, 512 threads\n", prop.name, sms);
  const long long most = 256ll << 20;
  char *a = nullptr, *b = nullptr;
  cudaMalloc(&a, most);
  cudaMalloc(&b, most);
  fill<<<1024, 256>>>(reinterpret_cast<unsigned*>(a), most / 4);
  std::vector<unsigned char> expected(most);
  cudaMemcpy(expected.data(), a, most, cudaMemcpyDeviceToHost);
  unsigned* counter = nullptr;
  cudaMalloc(&counter, 4);
  auto time_it = [&](auto&& f) { return median_us_with_fresh_counter(counter, f); };
  for (long long mb : {62ll, 124ll, 248ll}) {
    const long long bytes = mb * 1000 * 1000 / kPiece * kPiece;
    const float copy_us = time_it([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); });
    std::printf("%4lld MB  cudaMemcpy %8.1f us\n", mb, copy_us);
    for (const bool pipelined : {false, true}) {
      for (const unsigned kib : {208u, 104u, 52u, 26u}) {
        if (pipelined && kib > 104) continue;
        const unsigned chunk = kib * 1024;
        const long long per_round = static_cast<long long>(chunk) * sms;
        const int rounds = static_cast<int>((bytes + per_round - 1) / per_round);
        const int shared = static_cast<int>(pipelined ? 2 * chunk : chunk);
        cudaMemset(b, 0, bytes);
        const float us = time_it([&] {
          if (pipelined) {
            hold_pipe<true><<<sms, kThreads, shared>>>(a, b, bytes, chunk, rounds, counter);
          } else {
            hold_pipe<false><<<sms, kThreads, shared>>>(a, b, bytes, chunk, rounds, counter);
          }
        });
        // Every byte in its place (the source holds a different word at every position).
        std::vector<unsigned char> host(bytes);
        cudaMemcpy(host.data(), b, bytes, cudaMemcpyDeviceToHost);
        const bool ok = std::equal(host.begin(), host.end(), expected.begin());
        std::printf("  %-9s %3u KiB a round and block  rounds %3d  %8.1f us  ratio to memcpy %.3f  %s\n",
                    pipelined ? "pipelined" : "serial", kib, rounds, us, copy_us / us, ok ? "ok" : "WRONG");
      }
    }
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
