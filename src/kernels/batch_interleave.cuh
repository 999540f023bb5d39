// Packed batches of wide matrices with few rows ((1024, 3, 1000)): the interleave of the
// skinny kernels (skinny_interleave.cu) without their tiles. A matrix of 1000 columns is
// shorter than one of their blocks, which would then move it element by element.
//
// Thread g takes piece p of every row of matrix b (g = b * pieces per row + p): S bytes of
// each of the R rows, the same S / E columns, which become S * R contiguous output bytes.
// With rows of a whole number of S-byte pieces every access is an aligned S-byte vector,
// and consecutive lanes read consecutive pieces of a row and write consecutive runs of
// S * R bytes. U pieces per thread keep U * R loads in flight. No shared memory.
#pragma once

#include "byte_interleave.cuh"

#include "../core/problem.hpp"

#include <cstdint>

namespace xpose::detail {

struct batch_interleave_args {
  const unsigned char* in;
  unsigned char* out;
  std::int64_t pieces;     // S-byte pieces per row, summed over the batch's matrices
  std::int64_t row_bytes;  // cols * E: a whole number of pieces
  int row_pieces;          // row_bytes / S
};

/** Requires S-byte aligned pointers and rows of a whole number of S-byte pieces. */
template <int E, int R, int S, int U, int THREADS>
__global__ void __launch_bounds__(THREADS) batch_interleave_kernel(batch_interleave_args a) {
  constexpr int W = S / 4;
  const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * U * THREADS + threadIdx.x;
  std::uint32_t rows[U][R * W];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const std::int64_t g = first + u * THREADS;
    if (g >= a.pieces) break;
    const std::int64_t b = g / a.row_pieces;
    const unsigned char* src = a.in + (b * R * a.row_pieces + (g - b * a.row_pieces)) * S;
#pragma unroll
    for (int r = 0; r < R; ++r) interleave::load_vector<W>(src + r * a.row_bytes, rows[u] + r * W);
  }
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const std::int64_t g = first + u * THREADS;
    if (g >= a.pieces) break;
    const std::int64_t b = g / a.row_pieces;
    // Matrix b's output starts at b * R * row_bytes; piece p's columns at p * S * R.
    unsigned char* dst = a.out + (b * a.row_pieces + (g - b * a.row_pieces)) * S * R;
    std::uint32_t words[R * W];
    interleave::gather_words<interleave::wide_map<E, R, W>>(rows[u], words);
#pragma unroll
    for (int r = 0; r < R; ++r) {
      std::uint32_t piece[W];
#pragma unroll
      for (int i = 0; i < W; ++i) piece[i] = words[r * W + i];
      interleave::store_vector<W>(dst + r * S, piece);
    }
  }
}

template <int E, int R, int S, int U, int THREADS>
void launch_batch_interleave_variant(const plan& p) {
  batch_interleave_args a{};
  a.in = static_cast<const unsigned char*>(p.in);
  a.out = static_cast<unsigned char*>(p.out);
  a.row_bytes = p.cols * E;
  a.row_pieces = static_cast<int>(a.row_bytes / S);
  a.pieces = p.batch * a.row_pieces;
  const std::int64_t blocks = (a.pieces + U * THREADS - 1) / (U * THREADS);
  batch_interleave_kernel<E, R, S, U, THREADS><<<static_cast<unsigned>(blocks), THREADS, 0, p.stream>>>(a);
}

}  // namespace xpose::detail
