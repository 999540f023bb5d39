// Distributed shared memory: loads from another block of the thread-block cluster (sm_90),
// used by the kernels that stage one line across the blocks of a cluster.
#pragma once

#include <cstdint>

namespace xpose::detail {

/** Loads a T at a shared-memory address: of this block (`ld.shared`, Cluster false) or of a block
    of this cluster (`ld.shared::cluster`, a cluster_address). A 32-bit shared address indexes the
    stage with one multiply-add, where a generic pointer into it costs one more add a load. */
template <class T, bool Cluster>
__device__ __forceinline__ T load_shared_at(std::uint32_t address) {
// The same load in either state space (asm strings must be literals).
#define XPOSE_LD_SHARED(op, ...)                                          \
  if constexpr (Cluster) {                                                \
    asm volatile("ld.shared::cluster." op : __VA_ARGS__ : "memory");      \
  } else {                                                                \
    asm volatile("ld.shared." op : __VA_ARGS__ : "memory");               \
  }
  if constexpr (sizeof(T) == 16) {
    uint4 v;
    XPOSE_LD_SHARED("v4.u32 {%0, %1, %2, %3}, [%4];", "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(address))
    return v;
  } else if constexpr (sizeof(T) == 8) {
    unsigned long long v;
    XPOSE_LD_SHARED("u64 %0, [%1];", "=l"(v) : "r"(address))
    return static_cast<T>(v);
  } else if constexpr (sizeof(T) == 4) {
    std::uint32_t v;
    XPOSE_LD_SHARED("u32 %0, [%1];", "=r"(v) : "r"(address))
    return static_cast<T>(v);
  } else {
    unsigned short v;
    if constexpr (sizeof(T) == 2) {
      XPOSE_LD_SHARED("u16 %0, [%1];", "=h"(v) : "r"(address))
    } else {
      XPOSE_LD_SHARED("u8 %0, [%1];", "=h"(v) : "r"(address))
    }
    return static_cast<T>(v);
  }
#undef XPOSE_LD_SHARED
}

/** Loads a T from a block of this cluster's shared memory, at a shared::cluster address
    (cluster_address). */
template <class T>
__device__ __forceinline__ T load_from_cluster(std::uint32_t address) {
  return load_shared_at<T, true>(address);
}

/** Stores an 8- or 16-byte T to a block of this cluster's shared memory, at a shared::cluster
    address (cluster_address). */
template <class T>
__device__ __forceinline__ void store_to_cluster(std::uint32_t address, const T& v) {
  static_assert(sizeof(T) == 16 || sizeof(T) == 8, "8- and 16-byte elements");
  if constexpr (sizeof(T) == 16) {
    asm volatile("st.shared::cluster.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
  } else {
    asm volatile("st.shared::cluster.u64 [%0], %1;" ::"r"(address), "l"(static_cast<unsigned long long>(v)) : "memory");
  }
}

/** The shared::cluster address of `local` (an address in this block's shared memory) in the
    shared memory of the cluster's block `rank`. */
__device__ __forceinline__ std::uint32_t cluster_address(std::uint32_t local, std::uint32_t rank) {
  std::uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank));
  return remote;
}

}  // namespace xpose::detail
