// The element tile's kernel (element_tile.cu has the why), shared with the kernel sweep
// (bench/experiments/kernel_sweep.cu), which times its block sizes and cache hints. The
// defaults are what `auto` runs; at them it compiles to 36 registers on sm_90.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace xpose::detail {

inline constexpr int kElementTileThreads = 256;

/**
 * The tile at input rows r0 .. r0 + TR and columns c0 .. c0 + TC of a rows x cols matrix (rows
 * ld_in apart) into out (cols x rows, rows ld_out apart): THREADS / TC rows per pass of loads
 * into a [TC][TR + 1] staging tile, then consecutive threads store consecutive elements of an
 * output row. LDCS / STCS: evict-first (streaming) loads / stores instead of plain ones.
 */
template <class T, int TR, int TC, int THREADS, bool LDCS, bool STCS>
__device__ __forceinline__ void element_tile_body(const T* __restrict__ in, T* __restrict__ out, std::int64_t rows,
                                                  std::int64_t cols, std::int64_t ld_in, std::int64_t ld_out,
                                                  std::int64_t r0, std::int64_t c0, T (&tile)[TC][TR + 1]) {
  const int tid = static_cast<int>(threadIdx.x);
  const bool inner = r0 + TR <= rows && c0 + TC <= cols;
  {
    constexpr int kStep = THREADS / TC;
    const int tx = tid % TC, ty = tid / TC;
    const T* src = in + (r0 + ty) * ld_in + c0 + tx;
    if (inner) {
#pragma unroll
      for (int r = 0; r < TR; r += kStep) {
        const T* at = src + r * ld_in;
        tile[tx][r + ty] = LDCS ? __ldcs(at) : *at;
      }
    } else {
      for (int r = 0; r < TR; r += kStep) {
        if (r0 + r + ty < rows && c0 + tx < cols) tile[tx][r + ty] = src[r * ld_in];
      }
    }
  }
  __syncthreads();
  if (inner) {
#pragma unroll
    for (int idx = tid; idx < TR * TC; idx += THREADS) {
      const int c = idx / TR, r = idx % TR;
      T* at = out + (c0 + c) * ld_out + r0 + r;
      if constexpr (STCS) {
        __stcs(at, tile[c][r]);
      } else {
        *at = tile[c][r];
      }
    }
  } else {
    for (int idx = tid; idx < TR * TC; idx += THREADS) {
      const int c = idx / TR, r = idx % TR;
      if (c0 + c < cols && r0 + r < rows) out[(c0 + c) * ld_out + r0 + r] = tile[c][r];
    }
  }
}

/** One packed matrix: block (x, y) moves the tile at input rows x TR .., columns y TC ... */
template <class T, int TR, int TC, int THREADS = kElementTileThreads, bool LDCS = false, bool STCS = false>
__global__ void __launch_bounds__(THREADS) element_tile_kernel(const T* __restrict__ in, T* __restrict__ out,
                                                               std::int64_t rows, std::int64_t cols) {
  __shared__ T tile[TC][TR + 1];
  element_tile_body<T, TR, TC, THREADS, LDCS, STCS>(in, out, rows, cols, cols, rows, std::int64_t{blockIdx.x} * TR,
                                                    std::int64_t{blockIdx.y} * TC, tile);
}

/** Where the matrices of a strided batch lie, in elements. */
struct element_tile_layout {
  std::int64_t batch, rows, cols, ld_in, ld_out, stride_in, stride_out;
};

/**
 * A strided batch: the packed kernel's tiles, matrix blockIdx.z + k gridDim.z. At least 6
 * blocks per SM, as the packed kernel runs: left alone the fp32 build takes 48 registers (5
 * blocks per SM: 84.1% of memcpy on one 4095 x 4097 matrix, level with the earlier paths on
 * batches; bounded, 87.2% and 2-5 points ahead on batches), without the batch loop 31 (8
 * blocks per SM, the count sweep 35 found slow); bounded, 40 registers for 4 and 8 bytes, no
 * spills (sweep 36, runs 8 and 9).
 */
template <class T, int TR, int TC, int THREADS = kElementTileThreads, bool LDCS = false, bool STCS = false>
__global__ void __launch_bounds__(THREADS, 6) element_tile_strided_kernel(const T* __restrict__ in, T* __restrict__ out,
                                                                       element_tile_layout m) {
  __shared__ T tile[TC][TR + 1];
  for (std::int64_t b = blockIdx.z; b < m.batch; b += gridDim.z) {
    element_tile_body<T, TR, TC, THREADS, LDCS, STCS>(in + b * m.stride_in, out + b * m.stride_out, m.rows, m.cols,
                                                      m.ld_in, m.ld_out, std::int64_t{blockIdx.x} * TR,
                                                      std::int64_t{blockIdx.y} * TC, tile);
    __syncthreads();  // the next matrix reuses the staging tile
  }
}

}  // namespace xpose::detail
