// Transpose with the Hopper tensor memory accelerator (TMA) on the load side.
//
// A persistent block walks its tiles with STAGES bulk tensor copies in flight: one thread
// asks the TMA for a box of BH input rows x 128 bytes (cp.async.bulk.tensor, completion
// counted on an mbarrier), so no register or thread waits on a load while the block
// transposes the previous boxes. The box lands in shared memory with the 128-byte
// swizzle (16-byte chunk c of row r stored at chunk c ^ (r mod 8)), which is what makes
// the column reads below conflict-free without padding (padding is impossible: the TMA
// writes dense boxes).
//
// Reading a box: a warp covers 4 input columns x 8V input rows (V = 16 / E elements per
// 16-byte output vector). Lane (g, l) = (lane / 8, lane % 8) gathers column g, rows
// V l ... V l + V - 1, and stores them as one 16-byte vector of output row g. The V
// reads are issued in a lane-dependent rotated order so that the 8 lanes of a group touch
// 8 different swizzled chunks (rows V l + o cover every residue mod 8 only when the
// offset o depends on l); a register rotation puts the vector back in order.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace xpose::detail::tma {

__device__ __forceinline__ std::uint32_t smem_addr(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void barrier_init(std::uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}

__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

__device__ __forceinline__ void arrive_expect_bytes(std::uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void wait_parity(std::uint64_t* bar, unsigned parity) {
  std::uint32_t done = 0;
  do {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(smem_addr(bar)), "r"(parity)
        : "memory");
  } while (!done);
}

/** Box at (x bytes, y rows) of the 2-D byte tensor `map` into shared memory at dst. */
__device__ __forceinline__ void load_box(void* dst, const CUtensorMap* map, int x, int y, std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          smem_addr(dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(x), "r"(y), "r"(smem_addr(bar))
      : "memory");
}

/** Rotates v left by s positions (v[o] <- v[(o + s) mod V]) with selects only. */
template <int V, class T>
__device__ __forceinline__ void rotate_left(T (&v)[V], int s) {
  if constexpr (V >= 2) {
    if (s & 1) {
      T first = v[0];
#pragma unroll
      for (int o = 0; o + 1 < V; ++o) v[o] = v[o + 1];
      v[V - 1] = first;
    }
  }
  if constexpr (V == 4) {
    if (s & 2) {
      T a = v[0], b = v[1];
      v[0] = v[2];
      v[1] = v[3];
      v[2] = a;
      v[3] = b;
    }
  }
}

template <int E>
struct word;
template <>
struct word<4> {
  using type = std::uint32_t;
};
template <>
struct word<8> {
  using type = unsigned long long;
};
template <>
struct word<16> {
  using type = uint4;
};

/** Shared-memory offset of element (r, j) of a 128-byte-swizzled box with 128-byte rows. */
template <int E>
__device__ __forceinline__ unsigned swizzled(int r, int j) {
  const unsigned byte = static_cast<unsigned>(j) * E;
  return static_cast<unsigned>(r) * 128u + ((((byte >> 4) ^ static_cast<unsigned>(r)) & 7u) << 4) + (byte & 15u);
}

struct tma_problem {
  unsigned char* out;
  std::int64_t rows, cols, ld_out;  // elements
  std::int64_t tiles_c, tiles;       // tiles per tile row, total
};

/**
 * BH input rows x (128 / E) columns per tile; STAGES boxes in flight per block; 256
 * threads. Full tiles only in this version (rows % BH == 0, cols % (128 / E) == 0).
 */
template <int E, int BH, int STAGES>
__global__ void __launch_bounds__(256) tma_transpose_kernel(const __grid_constant__ CUtensorMap in_map, tma_problem p) {
  constexpr int V = 16 / E, COLS = 128 / E, BOX = BH * 128;
  constexpr int GROUP_SHIFT = V == 4 ? 1 : (V == 2 ? 2 : 3);  // l >> shift: 0 .. V-1
  using W = typename word<E>::type;
  extern __shared__ unsigned char raw[];
  unsigned char* stage_base = reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(raw) + 1023) & ~std::uintptr_t{1023});
  __shared__ std::uint64_t full[STAGES];

  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) barrier_init(&full[s], 1);
    fence_barrier_init();
  }
  __syncthreads();

  const std::int64_t first = blockIdx.x, step = gridDim.x;
  auto issue = [&](std::int64_t it) {
    const std::int64_t t = first + it * step;
    if (t >= p.tiles) return;
    const int s = static_cast<int>(it % STAGES);
    const std::int64_t tr = t / p.tiles_c, tc = t - tr * p.tiles_c;
    arrive_expect_bytes(&full[s], BOX);
    load_box(stage_base + s * BOX, &in_map, static_cast<int>(tc * 128), static_cast<int>(tr * BH), &full[s]);
  };
  if (threadIdx.x == 0) {
    for (int it = 0; it < STAGES; ++it) issue(it);
  }

  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int g = lane >> 3, l = lane & 7, rot = (l >> GROUP_SHIFT) & (V - 1);
  constexpr int UNITS_R = BH / (8 * V), UNITS = UNITS_R * (COLS / 4);

  for (std::int64_t it = 0;; ++it) {
    const std::int64_t t = first + it * step;
    if (t >= p.tiles) break;
    const int s = static_cast<int>(it % STAGES);
    wait_parity(&full[s], static_cast<unsigned>((it / STAGES) & 1));
    const unsigned char* box = stage_base + s * BOX;
    const std::int64_t tr = t / p.tiles_c, tc = t - tr * p.tiles_c;
    const std::int64_t r0 = tr * BH, c0 = tc * COLS;
#pragma unroll
    for (int u = warp; u < UNITS; u += 8) {
      const int ur = u % UNITS_R, uc = u / UNITS_R;
      const int j = uc * 4 + g, rbase = ur * 8 * V + V * l;
      W v[V];
#pragma unroll
      for (int k = 0; k < V; ++k) {
        const int o = (k + rot) & (V - 1);
        v[k] = *reinterpret_cast<const W*>(box + swizzled<E>(rbase + o, j));
      }
      // v[k] holds row offset (k + rot) mod V; put offset o at index o.
      rotate_left<V>(v, (V - rot) & (V - 1));
      uint4 out;
      static_assert(sizeof(v) == 16, "one output vector");
      __builtin_memcpy(&out, v, 16);
      unsigned char* dst = p.out + ((c0 + j) * p.ld_out + r0 + rbase) * E;
      __stcs(reinterpret_cast<uint4*>(dst), out);
    }
    __syncthreads();  // every thread is done with stage s before the TMA refills it
    if (threadIdx.x == 0) {
      fence_proxy_async();
      issue(it + STAGES);
    }
  }
}

template <int E, int BH, int STAGES>
constexpr int tma_shared_bytes() {
  return STAGES * BH * 128 + 1024;
}

}  // namespace xpose::detail::tma
