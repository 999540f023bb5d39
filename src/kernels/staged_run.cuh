// Moving a contiguous run of elements between global memory and skewed shared memory
// (matrix_view.cuh, skewed()), with 16-byte accesses where the run allows: the contiguous
// side of the skinny and small-batch kernels.
#pragma once

#include "matrix_view.cuh"

namespace xpose::detail {

/** 16 bytes seen as 16 / sizeof(T) elements. */
template <class T>
union vector16 {
  uint4 v;
  T e[16 / sizeof(T)];
};

/** s[skewed(f)] = src[f] for f < n, by all THREADS threads; `vec`: src is 16-byte aligned.
 *  A thread loads AHEAD vectors before it stages the first. */
template <class T, int THREADS, int AHEAD = 1>
__device__ __forceinline__ void load_run_skewed(const T* src, int n, bool vec, T* s) {
  constexpr int V = 16 / sizeof(T);
  const int nv = vec ? n / V : 0;
  if constexpr (AHEAD == 1) {  // the small-batch kernel's loop as it was measured (its SASS unchanged)
    for (int t = threadIdx.x; t < nv; t += THREADS) {
      vector16<T> u;
      u.v = __ldcs(reinterpret_cast<const uint4*>(src) + t);
#pragma unroll
      for (int k = 0; k < V; ++k) s[skewed<T>(t * V + k)] = u.e[k];
    }
  } else {
    for (int t0 = threadIdx.x; t0 < nv; t0 += AHEAD * THREADS) {
      vector16<T> u[AHEAD];
#pragma unroll
      for (int q = 0; q < AHEAD; ++q) {
        if (t0 + q * THREADS < nv) u[q].v = __ldcs(reinterpret_cast<const uint4*>(src) + t0 + q * THREADS);
      }
#pragma unroll
      for (int q = 0; q < AHEAD; ++q) {
        const int t = t0 + q * THREADS;
        if (t >= nv) break;
#pragma unroll
        for (int k = 0; k < V; ++k) s[skewed<T>(t * V + k)] = u[q].e[k];
      }
    }
  }
  for (int f = nv * V + threadIdx.x; f < n; f += THREADS) s[skewed<T>(f)] = src[f];
}

/** dst[f] = s[skewed(f)] for f < n, by all THREADS threads; `vec`: dst is 16-byte aligned. */
template <class T, int THREADS>
__device__ __forceinline__ void store_run_skewed(const T* s, int n, bool vec, T* dst) {
  constexpr int V = 16 / sizeof(T);
  const int nv = vec ? n / V : 0;
  for (int t = threadIdx.x; t < nv; t += THREADS) {
    vector16<T> u;
#pragma unroll
    for (int k = 0; k < V; ++k) u.e[k] = s[skewed<T>(t * V + k)];
    __stcs(reinterpret_cast<uint4*>(dst) + t, u.v);
  }
  for (int f = nv * V + threadIdx.x; f < n; f += THREADS) dst[f] = s[skewed<T>(f)];
}

}  // namespace xpose::detail
