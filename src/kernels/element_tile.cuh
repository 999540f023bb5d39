// The element tile's kernel (element_tile.cu has the why), shared with the kernel sweep
// (bench/experiments/kernel_sweep.cu), which times its block sizes and cache hints. The
// defaults are what `auto` runs; at them it compiles to 36 registers on sm_90.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace xpose::detail {

inline constexpr int kElementTileThreads = 256;

/**
 * out (cols x rows) = transpose of in (rows x cols), both packed. Block (x, y) moves input
 * rows x TR .. and columns y TC ..: THREADS / TC rows per pass of loads into a [TC][TR + 1]
 * staging tile, then consecutive threads store consecutive elements of an output row.
 * LDCS / STCS: evict-first (streaming) loads / stores instead of plain ones.
 */
template <class T, int TR, int TC, int THREADS = kElementTileThreads, bool LDCS = false, bool STCS = false>
__global__ void __launch_bounds__(THREADS) element_tile_kernel(const T* __restrict__ in, T* __restrict__ out,
                                                               std::int64_t rows, std::int64_t cols) {
  __shared__ T tile[TC][TR + 1];
  const std::int64_t r0 = std::int64_t{blockIdx.x} * TR, c0 = std::int64_t{blockIdx.y} * TC;
  const int tid = static_cast<int>(threadIdx.x);
  const bool inner = r0 + TR <= rows && c0 + TC <= cols;
  {
    constexpr int kStep = THREADS / TC;
    const int tx = tid % TC, ty = tid / TC;
    const T* src = in + (r0 + ty) * cols + c0 + tx;
    if (inner) {
#pragma unroll
      for (int r = 0; r < TR; r += kStep) {
        const T* at = src + r * cols;
        tile[tx][r + ty] = LDCS ? __ldcs(at) : *at;
      }
    } else {
      for (int r = 0; r < TR; r += kStep) {
        if (r0 + r + ty < rows && c0 + tx < cols) tile[tx][r + ty] = src[r * cols];
      }
    }
  }
  __syncthreads();
  if (inner) {
#pragma unroll
    for (int idx = tid; idx < TR * TC; idx += THREADS) {
      const int c = idx / TR, r = idx % TR;
      T* at = out + (c0 + c) * rows + r0 + r;
      if constexpr (STCS) {
        __stcs(at, tile[c][r]);
      } else {
        *at = tile[c][r];
      }
    }
  } else {
    for (int idx = tid; idx < TR * TC; idx += THREADS) {
      const int c = idx / TR, r = idx % TR;
      if (c0 + c < cols && r0 + r < rows) out[(c0 + c) * rows + r0 + r] = tile[c][r];
    }
  }
}

}  // namespace xpose::detail
