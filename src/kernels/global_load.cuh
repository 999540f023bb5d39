// 16-byte global loads: the kernels' own (evict-first where they stream), interior input loads
// that have L2 fetch whole 256-byte blocks of memory (`ld.global.L2::256B`), for input rows that
// do not all start on 256-byte boundaries, and loads not allocated in L1 (the hold sweep's).
//
// A tile's input row run then straddles two 256-byte blocks and reads only part of each;
// the tile beside it reads the rest, a tile column later in column order. With sector
// fetches each block is fetched in two visits; with the 256-byte fetch it is fetched once,
// whole, and the rest waits in L2 for the neighbouring tile (plain loads: evict-first ones
// lost it again, 50000^2 fp32 83.7 -> 76.5% of memcpy). H200, % of memcpy, before -> after
// (bench/results/h200/session42/fetch): fp32 9000^2 85.4 -> 94.1, 6000 x 10000 88.2 -> 95.4,
// 50000^2 83.7 -> 89.2, 8192^2 as a view of 9000^2 90.8 -> 92.9; fp64 9000^2 93.2 -> 96.7;
// 16-byte 4500^2 92.2 -> 96.4, 4095 x 4097 (the sector tile) 95.4 -> 97.0. On rows that do
// start on 256-byte boundaries the same loads cost about a point (hints2: 4096^2 fp32 94.5 ->
// 93.5), so finalize() sets plan.input_load to in_load::fetch_256 only for the others. The
// tiles for rows that are not 16-byte aligned measured slower with them (misaligned/: the
// element tile, fp32 4095 x 4097 90.9 -> 87.5, 8191 x 8193 86.2 -> 83.8; the residue tile,
// bytes 4095 x 4097 91.8 -> 89.5) or level (the element tile for 8 bytes), and keep theirs.
// The 1-/2-byte register tile, which streams, takes the evict-first form (session 43:
// register_tile.cu, core/plan.hpp's kRegisterTileLongRunsMinCols and kRegisterTileFetchMinRowBytes).
#pragma once

#include "../core/problem.hpp"

#include <cstring>

namespace xpose::detail {

/** 16 bytes at p (16-byte aligned), evict-first (`__ldcs`) when the kernel streams. */
template <bool STREAMING>
__device__ __forceinline__ uint4 load16(const void* p) {
  if constexpr (STREAMING) return __ldcs(static_cast<const uint4*>(p));
  return *static_cast<const uint4*>(p);
}

/** 16 bytes at p (16-byte aligned), the whole 256-byte block around them fetched into L2. */
__device__ __forceinline__ uint4 load16_fetch_256(const void* p) {
  uint4 v;
  asm volatile("ld.global.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}

/** 16 bytes at p (16-byte aligned), not allocated in L1: for loads held in registers while shared
 *  memory takes nearly all of the SM's L1 (the hold sweep's moves and carry). */
__device__ __forceinline__ uint4 load16_no_allocate(const void* p) {
  uint4 v;
  asm volatile("ld.global.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}

/** An interior tile's 16-byte input load in the form the plan chose (plan::input_load): the
 *  kernel's own (load16), the 256-byte fetch, or the same fetch evict-first
 *  (`ld.global.cs.L2::256B`: the 1-/2-byte register tile, whose loads stream). */
template <in_load LOAD, bool STREAMING>
__device__ __forceinline__ uint4 load16_interior(const void* p) {
  if constexpr (LOAD == in_load::fetch_256_first) {
    uint4 v;
    asm volatile("ld.global.cs.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
  } else if constexpr (LOAD == in_load::fetch_256) {
    return load16_fetch_256(p);
  } else {
    return load16<STREAMING>(p);
  }
}

/** One naturally aligned 8- or 16-byte element, the same way as load16_fetch_256. */
template <class T>
__device__ __forceinline__ T load_element_fetch_256(const T* p) {
  static_assert((sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) == sizeof(T), "8- or 16-byte elements");
  T out;
  if constexpr (sizeof(T) == 16) {
    const uint4 v = load16_fetch_256(p);
    memcpy(&out, &v, 16);
  } else {
    uint2 v;
    asm volatile("ld.global.L2::256B.v2.u32 {%0,%1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p));
    memcpy(&out, &v, 8);
  }
  return out;
}

}  // namespace xpose::detail
