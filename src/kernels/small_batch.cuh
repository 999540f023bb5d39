// The small-batch kernel (`auto` for packed batches of small matrices), as a template
// over block size and run length; src/kernels/small_batch.cu picks the configuration.
//
// A block takes G whole matrices, which are one contiguous run in the input and one in the
// output, reads its run with 16-byte loads into shared memory, and writes its output run
// with 16-byte stores, gathering each output element from the staged input.
#pragma once

#include "matrix_view.cuh"
#include "staged_run.cuh"

#include <algorithm>
#include <numeric>

namespace xpose::detail {

template <class T>
struct small_batch_args {
  const T* in;
  T* out;
  std::int64_t batch;
  int rows, cols;
  int per_block;  // G: matrices per block
  bool vec;       // both runs start 16-byte aligned
};

template <class T, int THREADS, int RUN_BYTES>
__global__ void __launch_bounds__(THREADS) small_batch_kernel(small_batch_args<T> a) {
  constexpr int V = 16 / sizeof(T);
  __shared__ T s[skewed_size<T>(RUN_BYTES / sizeof(T))];
  const int matrix = a.rows * a.cols;
  const std::int64_t groups = (a.batch + a.per_block - 1) / a.per_block;
  for (std::int64_t grp = blockIdx.x; grp < groups; grp += gridDim.x) {
    const std::int64_t b0 = grp * a.per_block;
    const int count = static_cast<int>(min(static_cast<std::int64_t>(a.per_block), a.batch - b0));
    const int n = count * matrix;  // elements in this run
    const T* src = a.in + b0 * matrix;
    T* dst = a.out + b0 * matrix;
    load_run_skewed<T, THREADS>(src, n, a.vec, s);
    __syncthreads();
    // Output element f = (matrix m, row c, column r) of the transposed run reads s[m][r][c].
    for (int t = threadIdx.x; t < (n + V - 1) / V; t += THREADS) {
      const int f0 = t * V;
      int m = f0 / matrix, rest = f0 - m * matrix;
      int c = rest / a.rows, r = rest - c * a.rows;
      vector16<T> u;
#pragma unroll
      for (int k = 0; k < V; ++k) {
        if (f0 + k < n) u.e[k] = s[skewed<T>(m * matrix + r * a.cols + c)];
        if (++r == a.rows) {
          r = 0;
          if (++c == a.cols) {
            c = 0;
            ++m;
          }
        }
      }
      if (a.vec && f0 + V <= n) {
        __stcs(reinterpret_cast<uint4*>(dst) + t, u.v);
      } else {
        for (int k = 0; k < V && f0 + k < n; ++k) dst[f0 + k] = u.e[k];
      }
    }
    __syncthreads();
  }
}

/**
 * The most whole matrices a run of run_bytes can hold such that consecutive runs from a
 * 16-byte aligned base all start 16-byte aligned (a multiple of the matrices per 16-byte
 * period), or 0 when no such group fits.
 */
inline std::int64_t aligned_matrices_per_run(std::int64_t matrix_bytes, std::int64_t run_bytes) {
  const std::int64_t step = 16 / std::gcd(matrix_bytes, std::int64_t{16});
  return run_bytes / matrix_bytes / step * step;
}

/** Requires p.rows * p.cols * sizeof(T) <= RUN_BYTES (a block holds at least one matrix). */
template <class T, int THREADS, int RUN_BYTES>
void launch_small_batch_variant(const plan& p) {
  small_batch_args<T> a{};
  a.in = static_cast<const T*>(p.in);
  a.out = static_cast<T*>(p.out);
  a.batch = p.batch;
  a.rows = static_cast<int>(p.rows);
  a.cols = static_cast<int>(p.cols);
  const std::int64_t matrix_bytes = p.rows * p.cols * static_cast<std::int64_t>(sizeof(T));
  const std::int64_t aligned = aligned_matrices_per_run(matrix_bytes, RUN_BYTES);
  a.per_block = static_cast<int>(aligned > 0 ? aligned : std::max<std::int64_t>(RUN_BYTES / matrix_bytes, 1));
  a.vec = reinterpret_cast<std::uintptr_t>(p.in) % 16 == 0 && reinterpret_cast<std::uintptr_t>(p.out) % 16 == 0 &&
          (a.per_block * matrix_bytes) % 16 == 0;
  const std::int64_t groups = (p.batch + a.per_block - 1) / a.per_block;
  const auto grid = static_cast<unsigned>(std::min<std::int64_t>(groups, 0x7FFFFFFF));
  small_batch_kernel<T, THREADS, RUN_BYTES><<<grid, THREADS, 0, p.stream>>>(a);
}

}  // namespace xpose::detail
