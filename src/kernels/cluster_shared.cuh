// Distributed shared memory: loads from another block of the thread-block cluster (sm_90),
// used by the kernels that stage one line across the blocks of a cluster.
#pragma once

#include <cstdint>

namespace xpose::detail {

/** Loads a T from a block of this cluster's shared memory, at a shared::cluster address
    (cluster_address). */
template <class T>
__device__ __forceinline__ T load_from_cluster(std::uint32_t address) {
  if constexpr (sizeof(T) == 16) {
    uint4 v;
    asm volatile("ld.shared::cluster.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "r"(address)
                 : "memory");
    return v;
  } else if constexpr (sizeof(T) == 8) {
    unsigned long long v;
    asm volatile("ld.shared::cluster.u64 %0, [%1];" : "=l"(v) : "r"(address) : "memory");
    return static_cast<T>(v);
  } else if constexpr (sizeof(T) == 4) {
    std::uint32_t v;
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(address) : "memory");
    return static_cast<T>(v);
  } else {
    unsigned short v;
    if constexpr (sizeof(T) == 2) {
      asm volatile("ld.shared::cluster.u16 %0, [%1];" : "=h"(v) : "r"(address) : "memory");
    } else {
      asm volatile("ld.shared::cluster.u8 %0, [%1];" : "=h"(v) : "r"(address) : "memory");
    }
    return static_cast<T>(v);
  }
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
