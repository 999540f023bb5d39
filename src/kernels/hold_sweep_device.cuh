// What the hold sweep's two kernels share (core/hold_sweep.hpp): the wide one
// (inplace_hold_sweep.cu) and the same rounds run backwards for tall matrices
// (inplace_hold_unsweep.cu). The grid barrier, the bulk copies into shared memory, element
// stores at a run's edges, building 16-byte vectors an element at a time, and the host side:
// the device's figures asked once, the plan made once a shape, the cooperative launch.
#pragma once

#include "byte_shift.cuh"
#include "element_types.hpp"
#include "global_load.cuh"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "tma_tile.cuh"  // smem_addr, the mbarrier helpers

#include "../core/device_checks.hpp"  // memory_bus_bits
#include "../core/hold_sweep.hpp"
#include "../core/raise.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

namespace xpose::detail::hold {

template <class T>
union vector_of {
  uint4 v;
  T e[16 / sizeof(T)];
};

/** A grid barrier, inlined: cooperative groups' sync() is a call, around which the held
    registers were spilled. `counter` counts arrivals since the call zeroed it; `target` is the
    arrivals this barrier waits for. Thread 0 arrives with a release reduction (the block's
    writes, ordered before it by __syncthreads, go with it) and polls relaxed, then acquires
    once: two sequentially consistent fences around an atomic add before cost every hold-sweep
    shape measured 0.25-1.1 points of memcpy (H200, session52/call2: 31 x 2M fp32 46.4 -> 46.8%,
    bytes 45.6 -> 45.85, 46 x 2M bytes 42.25 -> 43.35, tall 2M x 16 bytes 40.35 -> 41.3). */
__device__ __forceinline__ void grid_barrier(unsigned* counter, unsigned target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(counter), "r"(1u) : "memory");
    unsigned v = 0;
    do {
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counter) : "memory");
    } while (v < target);
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counter) : "memory");
  }
  __syncthreads();
}

/** Runs of whole vectors come into shared memory by bulk copies (cp.async.bulk), counted on one
    mbarrier a round: a thread issues up to 2 KiB with one instruction, where cp.async took one
    a vector (H100, session32/bulk_pieces: 31 x 2M fp32 53.1 -> 54.6% of memcpy, bytes 53.0 ->
    53.9, 18 x 2M bytes 45.4 -> 48.1). One copy a whole row was slower where rounds hold few
    rows (31 x 2M 8-byte, rounds of one row: 50.4 -> 49.1%); pieces of 2 KiB are not (51.0%). */
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, unsigned bytes, std::uint64_t* bar) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(tma::smem_addr(bar)), "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   tma::smem_addr(dst)),
               "l"(src), "r"(bytes), "r"(tma::smem_addr(bar))
               : "memory");
}

/** A vector only partly inside its destination run [d0, d1), element by element (out of line:
    unrolled at every held vector, the edge paths made the wide kernel three times longer and
    instruction fetch its most frequent stall). */
template <class T>
__device__ __noinline__ void store_edge(T* dst, uint4 v, int vd, int d0, int d1) {
  constexpr int V = 16 / sizeof(T);
  vector_of<T> val;
  val.v = v;
  for (int e = 0; e < V; ++e) {
    if (vd + e >= d0 && vd + e < d1) dst[vd + e] = val.e[e];
  }
}

/** Calls move(u, k, t) for each held vector u of this block's share of round R's moves: chunk k,
    in the t-th pair of the block's share (both kernels keep that pair's records at index t). */
template <class Move>
__device__ __forceinline__ void for_each_move(const hold_plan& plan, const hold_round& R, Move&& move) {
  const std::int16_t* begin = plan.chunk_begin + R.pair_begin;
  const hold_share m = hold_share_of(plan, R, static_cast<int>(blockIdx.x), static_cast<int>(gridDim.x));
  int p = m.p_first;
#pragma unroll
  for (int u = 0; u < kHoldVectors; ++u) {
    const int k = m.k0 + u;
    if (k >= m.k1) continue;
    while (p + 1 < R.pairs && begin[p + 1] <= k) ++p;
    move(u, k, p - m.p_first);
  }
}

/** A moved vector's store, after the barrier: chunk k of the pair whose store record is q
    (destination row | shift within a vector << 8, first destination column d0, elements n,
    first chunk). The lane's held aligned source vector and its upper neighbour's make its
    destination vector, 31 a warp (lane 31 only lends); vectors partly outside [d0, d0 + n) go
    element by element. Every lane of the warp calls it. */
template <class T>
__device__ __forceinline__ void store_moved_vector(T* matrix, std::int64_t L, int4 q, const uint4& held, int k) {
  constexpr int V = 16 / sizeof(T);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int z = q.x & 0xff, sh = q.x >> 8, d0 = q.y, n = q.z;
  uint4 up;
  up.x = __shfl_down_sync(0xffffffffu, held.x, 1);
  up.y = __shfl_down_sync(0xffffffffu, held.y, 1);
  up.z = __shfl_down_sync(0xffffffffu, held.z, 1);
  up.w = __shfl_down_sync(0xffffffffu, held.w, 1);
  const int kk = (k - q.w) * kHoldMoveChunk + warp * 31 + lane;
  const int nd = (d0 + n + V - 1) / V - d0 / V;
  if (lane == 31 || kk >= nd) return;
  const uint4 out = sh == 0 ? held : funnel16(held, up, sh * static_cast<int>(sizeof(T)));
  const int vd = (d0 / V + kk) * V;
  T* to = matrix + static_cast<std::int64_t>(z) * L;
  if (vd >= d0 && vd + V <= d0 + n) {
    *reinterpret_cast<uint4*>(to + vd) = out;
  } else {
    store_edge(to, out, vd, d0, d0 + n);
  }
}

/** Word w with byte k replaced by b (bytes above k are zero: one byte permute a byte). */
__device__ __forceinline__ unsigned put_byte(unsigned w, unsigned b, int k) {
  return __byte_perm(w, b, k == 0 ? 0x3214u : k == 1 ? 0x3240u : k == 2 ? 0x3410u : 0x4210u);
}

/** Element k of a 16-byte vector held as four words. */
template <class T>
__device__ __forceinline__ void put_element(unsigned (&w)[4], T value, int k) {
  if constexpr (sizeof(T) == 1) {
    w[k / 4] = put_byte(w[k / 4], value, k % 4);
  } else if constexpr (sizeof(T) == 2) {
    w[k / 2] = k % 2 == 0 ? static_cast<unsigned>(value) : __byte_perm(w[k / 2], value, 0x5410u);
  } else if constexpr (sizeof(T) == 4) {
    w[k] = static_cast<unsigned>(value);
  } else {
    w[2 * k] = static_cast<unsigned>(value);
    w[2 * k + 1] = static_cast<unsigned>(static_cast<std::uint64_t>(value) >> 32);
  }
}

/** v with its element k moved to element (k + rot) mod V: a lane that gathered its vector from
    element rot on (core/hold_gather.hpp) puts it back in order. */
template <class T>
__device__ __forceinline__ uint4 unrotate(const uint4& v, int rot) {
  const int bytes = rot * static_cast<int>(sizeof(T));
  return bytes == 0 ? v : funnel16(v, v, 16 - bytes);
}

/** Dynamic shared memory of a plan's widest tile (s rows of its pitch). */
inline std::size_t shared_bytes(const hold_plan& plan, std::int64_t e) {
  return static_cast<std::size_t>(hold_pitch(plan.widest, 16 / e, plan.skewed_rows)) * static_cast<std::size_t>(plan.s * e);
}

template <class T>
using kernel_t = void (*)(T*, T*, unsigned*, hold_plan);

/** A direction's kernels: the narrow carry's and the wide carry's (hold_plan::carry_slots), and,
    backwards, the same for stores in an order of the plan's (hold_plan::stage_ordered). */
template <class T>
struct kernels {
  kernel_t<T> narrow, wide, narrow_ordered = nullptr, wide_ordered = nullptr;
  kernel_t<T> for_plan(const hold_plan& plan) const {
    const bool w = plan.carry_slots == kHoldCarrySlotsWide;
    return plan.stage_ordered ? (w ? wide_ordered : narrow_ordered) : (w ? wide : narrow);
  }
};

struct device_figures {
  bool usable = false;  ///< cooperative launch, and both kernels' shared-memory cap set
  int sms = 0;
  std::int64_t tile_bytes = 0;  ///< the cap every plan fits on this device
};

/** The device's figures for one direction's kernels of T, asked once (and both kernels'
    shared-memory attribute set once, to the cap every plan fits, so that host threads calling
    at once with other shapes never race on it). */
template <class T, bool Inverse>
const device_figures& device_figures_of(int device, kernels<T> k) {
  constexpr int kCachedDevices = 64;
  static device_figures known[kCachedDevices];
  static std::once_flag asked[kCachedDevices];
  thread_local device_figures uncached;
  const auto ask = [k](int d, device_figures& out) {
    int sms = 0, optin = 0, cooperative = 0;
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d), "cudaDeviceGetAttribute");
    check_cuda(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, d), "cudaDeviceGetAttribute");
    check_cuda(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, d), "cudaDeviceGetAttribute");
    out.sms = sms;
    out.tile_bytes = kHoldTileBytes;
    const kernel_t<T> all[4] = {k.narrow, k.wide, k.narrow_ordered, k.wide_ordered};
    for (const kernel_t<T> kernel : all) {
      if (kernel == nullptr) continue;
      cudaFuncAttributes attributes{};  // the tile shares the opt-in limit with the row tables
      check_cuda(cudaFuncGetAttributes(&attributes, kernel), "cudaFuncGetAttributes");
      out.tile_bytes = std::min<std::int64_t>(out.tile_bytes, optin - static_cast<std::int64_t>(attributes.sharedSizeBytes));
    }
    out.usable = cooperative != 0 && out.tile_bytes > 0;
    for (const kernel_t<T> kernel : all) {
      if (!out.usable) break;
      if (kernel == nullptr) continue;
      check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(out.tile_bytes)),
                 "cudaFuncSetAttribute");
    }
  };
  if (device < 0 || device >= kCachedDevices) {
    ask(device, uncached);
    return uncached;
  }
  std::call_once(asked[device], ask, device, std::ref(known[device]));
  return known[device];
}

/** A plan with what it was made for. */
struct planned_shape {
  std::int64_t key[5] = {-1, -1, -1, -1, -1};  ///< s, L, e, SMs, tile bytes
  hold_plan plan;
  int blocks_per_sm = 0;
};

inline constexpr int kCachedPlans = 8;

/** The plan of this key, made on this host thread's first call with it since it was last among
    the kCachedPlans most recent (a program alternating between a few shapes plans each once). */
template <class T, bool Inverse>
const planned_shape& plan_for(const std::array<std::int64_t, 5>& key, kernels<T> k) {
  thread_local std::unique_ptr<planned_shape[]> cache;  // most recent first
  if (!cache) cache.reset(new planned_shape[kCachedPlans]);
  int hit = 0;
  while (hit < kCachedPlans && !std::equal(key.begin(), key.end(), cache[hit].key)) ++hit;
  // Move the hit (or the least recent entry, to be replanned) to the front.
  const int at = std::min(hit, kCachedPlans - 1);
  std::rotate(cache.get(), cache.get() + at, cache.get() + at + 1);
  planned_shape& p = cache[0];
  if (hit == kCachedPlans) {
    p.key[0] = -1;  // matches no key until the plan below is whole
    make_hold_plan(p.plan, key[0], key[1], key[2], key[3], key[4], Inverse);
    p.blocks_per_sm = 0;
    if (p.plan.use) {
      check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&p.blocks_per_sm, k.for_plan(p.plan), kHoldThreads,
                                                               shared_bytes(p.plan, key[2])),
                 "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    }
    std::copy(key.begin(), key.end(), p.key);
  }
  return p;
}

/** Launches one direction's kernel on each matrix of the batch: Inverse, the tall rows x cols
    matrix by the rounds of the wide cols x rows plan run backwards; else the wide rows x cols
    matrix. False, with nothing launched, where the alignment, the workspace (16 bytes for the
    barrier's counter, s^2 elements of side slots), the plan or the device does not fit, and,
    backwards, where the device's rule leaves the plan to the skinny blocks (hold_unsweep_takes)
    unless every_plan. */
template <class T, bool Inverse>
bool launch(kernels<T> k, const char* name, T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols,
            void* workspace, std::size_t workspace_bytes, cudaStream_t stream, bool every_plan) {
  constexpr std::int64_t e = sizeof(T);
  const std::int64_t s = Inverse ? cols : rows, L = Inverse ? rows : cols;
  // 16-byte aligned rows of the wide view, room for the barrier and side slots.
  if (!aligned16(data) || !aligned16(workspace) || (L * e) % 16 != 0 ||
      static_cast<std::int64_t>(workspace_bytes) < 16 + s * s * e) {
    return false;
  }
  // Everything the call asks of the runtime but the launch is cached: the suite times the host
  // path before the kernel starts too.
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  const device_figures& dev = device_figures_of<T, Inverse>(device, k);
  if (!dev.usable) return false;
  // The plan (3.4 KB) is the kernel's parameter; kept per host thread, not on the stack, for the
  // last kCachedPlans shapes or devices (a plan divides its way through every pair of cells it
  // tries: up to 0.5 ms, more than the kernel of a small call), with the blocks an SM its shared
  // memory leaves.
  const planned_shape& cached = plan_for<T, Inverse>({s, L, e, dev.sms, dev.tile_bytes}, k);
  const hold_plan& plan = cached.plan;
  if (!plan.use || cached.blocks_per_sm < 1) return false;
  if (Inverse && !every_plan && !hold_unsweep_takes(plan.rounds, L, e, memory_bus_bits(device))) return false;
  unsigned* counter = static_cast<unsigned*>(workspace);
  T* side = reinterpret_cast<T*>(static_cast<unsigned char*>(workspace) + 16);
  cudaLaunchAttribute cooperative{};
  cooperative.id = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  for (std::int64_t m = 0; m < batch; ++m) {
    T* matrix = data + m * rows * cols;
    check_cuda(cudaMemsetAsync(counter, 0, sizeof(unsigned), stream), "cudaMemsetAsync (hold sweep barrier)");
    launch_with_attribute(cooperative, 1, k.for_plan(plan), dim3(static_cast<unsigned>(dev.sms)),
                          dim3(kHoldThreads), shared_bytes(plan, e), stream, matrix, side, counter, plan);
    check_launch(name);
  }
  return true;
}

}  // namespace xpose::detail::hold
