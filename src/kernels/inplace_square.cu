// In-place transpose of square matrices by tile pairs: the block that owns tiles (i, j)
// and (j, i), i < j, stages both in shared memory, waits, and writes each transposed into
// the other's place; a diagonal tile is transposed onto itself. Every element belongs to
// exactly one block, and a block reads both tiles before writing either, so no scratch
// memory and no inter-block ordering are needed. Padded by one bank word like the
// out-of-place tiles (tiled_tile.cuh).
#include "element_types.hpp"
#include "launchers.hpp"
#include "tiled_tile.cuh"

namespace xpose::detail {
namespace {

constexpr int kTile = 32, kRows = 8;

template <class T>
__global__ void __launch_bounds__(kTile* kRows) inplace_square_kernel(T* data, std::int64_t batch, std::int64_t n,
                                                                      std::int64_t tiles) {
  constexpr int PAD = pad_elements<T, 1>;
  __shared__ T a[kTile][kTile + PAD];
  __shared__ T b[kTile][kTile + PAD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + m * n * n;
    for (std::int64_t i = blockIdx.y; i < tiles; i += gridDim.y) {
      for (std::int64_t j = blockIdx.x; j < tiles; j += gridDim.x) {
        if (j < i) continue;  // the pair (j, i) is owned by the block of (i, j)
        const std::int64_t r0 = i * kTile, c0 = j * kTile;
        const bool diagonal = i == j;
        // Stage tile A = rows r0.., cols c0.. and tile B = rows c0.., cols r0...
#pragma unroll
        for (int k = 0; k < kTile; k += kRows) {
          const std::int64_t r = r0 + ty + k, c = c0 + tx;
          if (r < n && c < n) a[ty + k][tx] = mat[r * n + c];
          if (!diagonal) {
            const std::int64_t rb = c0 + ty + k, cb = r0 + tx;
            if (rb < n && cb < n) b[ty + k][tx] = mat[rb * n + cb];
          }
        }
        __syncthreads();
        // A^T goes to rows c0.., cols r0..; B^T (or A^T again for a diagonal tile) to rows r0.., cols c0...
#pragma unroll
        for (int k = 0; k < kTile; k += kRows) {
          const std::int64_t r = c0 + ty + k, c = r0 + tx;
          if (r < n && c < n) mat[r * n + c] = a[tx][ty + k];
          if (!diagonal) {
            const std::int64_t rb = r0 + ty + k, cb = c0 + tx;
            if (rb < n && cb < n) mat[rb * n + cb] = b[tx][ty + k];
          }
        }
        __syncthreads();
      }
    }
  }
}

}  // namespace

template <class T>
void launch_inplace_square(T* data, std::int64_t batch, std::int64_t n, cudaStream_t stream) {
  const std::int64_t tiles = (n + kTile - 1) / kTile;
  auto cap = [](std::int64_t v, std::int64_t limit) { return static_cast<unsigned>(v < limit ? v : limit); };
  const dim3 grid(cap(tiles, 0x7FFFFFFF), cap(tiles, 65535), cap(batch, 65535));
  inplace_square_kernel<T><<<grid, dim3(kTile, kRows), 0, stream>>>(data, batch, n, tiles);
  check_launch("inplace_square");
}

#define XPOSE_INSTANTIATE(T) template void launch_inplace_square<T>(T*, std::int64_t, std::int64_t, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
