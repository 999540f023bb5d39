// `auto` for one packed matrix of 4- or 8-byte elements whose output rows are not 16-byte
// aligned (4095 x 4097): a tile of single-element accesses, TR input rows (the output row
// segment) by TC input columns, 256 threads, the grid's x dimension down the tile rows
// (column order), no sector or realignment logic. cuBLAS geam's kernel for such rows has
// this footprint (64 x 32 fp32 tiles, 256 threads, 32 x 65 staged floats: Nsight Compute,
// sweep 33).
//
// Plain loads and stores, no streaming hints. A row segment that is not 16-byte aligned
// shares its first and last 32-byte sectors with the neighbouring tiles; evict-first loads
// drop those sectors from L2 before the neighbour reads them, and evict-first stores before
// the neighbour completes them. Sweep 36, % of memcpy, streaming / plain (64 x 32 fp32,
// 32 x 32 fp64): 4095 x 4097 fp32 86.6 / 94.3, fp64 88.7 / 96.4; 8191 x 8193 fp32 74.5 /
// 86.5, fp64 81.0 / 90.6; auto's earlier tiles there 81.5-87.3 fp32 and 88.9-92.2 fp64.
//
// 6 resident blocks per SM (36 registers) is part of the measured speed: the same streaming
// tile written for any batch and leading dimensions took 32 registers, ran 8 blocks per SM and
// lost 3-5 points (sweep 35). So the tile serves packed single matrices only.
#include "element_types.hpp"
#include "launchers.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;

template <class T, int TR, int TC>
__global__ void __launch_bounds__(kThreads) element_tile_kernel(const T* __restrict__ in, T* __restrict__ out,
                                                                std::int64_t rows, std::int64_t cols) {
  __shared__ T tile[TC][TR + 1];
  const std::int64_t r0 = std::int64_t{blockIdx.x} * TR, c0 = std::int64_t{blockIdx.y} * TC;
  const int tid = static_cast<int>(threadIdx.x);
  const bool inner = r0 + TR <= rows && c0 + TC <= cols;
  {
    constexpr int kStep = kThreads / TC;
    const int tx = tid % TC, ty = tid / TC;
    const T* src = in + (r0 + ty) * cols + c0 + tx;
    if (inner) {
#pragma unroll
      for (int r = 0; r < TR; r += kStep) tile[tx][r + ty] = src[r * cols];
    } else {
      for (int r = 0; r < TR; r += kStep) {
        if (r0 + r + ty < rows && c0 + tx < cols) tile[tx][r + ty] = src[r * cols];
      }
    }
  }
  __syncthreads();
  if (inner) {
#pragma unroll
    for (int idx = tid; idx < TR * TC; idx += kThreads) {
      const int c = idx / TR, r = idx % TR;
      out[(c0 + c) * rows + r0 + r] = tile[c][r];
    }
  } else {
    for (int idx = tid; idx < TR * TC; idx += kThreads) {
      const int c = idx / TR, r = idx % TR;
      if (c0 + c < cols && r0 + r < rows) out[(c0 + c) * rows + r0 + r] = tile[c][r];
    }
  }
}

template <class T, int TR, int TC>
void launch_element_tile(const plan& p) {
  // The planner keeps the column tiles within the grid's y limit (kElementTileMaxColTiles).
  const dim3 grid(static_cast<unsigned>((p.rows + TR - 1) / TR), static_cast<unsigned>((p.cols + TC - 1) / TC));
  element_tile_kernel<T, TR, TC><<<grid, kThreads, 0, p.stream>>>(static_cast<const T*>(p.in), static_cast<T*>(p.out),
                                                                  p.rows, p.cols);
  check_launch("element tile");
}

}  // namespace

// fp64 on 64 x 32 measured within a point of 32 x 32 (sweep 36, run 4), behind it at 4095 x 4097.
void launch_element_tile_4(const plan& p) { launch_element_tile<std::uint32_t, 64, 32>(p); }
void launch_element_tile_8(const plan& p) { launch_element_tile<unsigned long long, 32, 32>(p); }

}  // namespace xpose::detail
