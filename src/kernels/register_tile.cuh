// The shared-memory-free transpose behind `auto` for large aligned matrices.
//
// A thread loads a V x V micro-tile (V = 16 / sizeof(T)) as V 16-byte loads from V
// consecutive input rows, transposes it in registers (renaming for 4- and 8-byte
// elements, byte permutes for 1 and 2), and stores V 16-byte vectors to V consecutive
// output rows. A warp's lanes form IW micro-rows x (32 / IW) micro-columns, so each warp
// load touches IW rows with 16 * 32 / IW contiguous bytes, each store 32 / IW rows with
// 16 * IW contiguous bytes: whole 32-byte sectors on both sides where rows start on
// sectors, and no shared memory or barrier at all. U micro-tiles per thread keep U * V
// loads in flight. The block's 8 warps form WR rows x (8 / WR) columns of warp tiles.
#pragma once

#include "global_load.cuh"
#include "matrix_view.cuh"

#include <cstdint>

namespace xpose::detail {

template <class T, int IW, int U, int WR = 1>
struct register_tile_shape {
  static constexpr int E = sizeof(T);
  static constexpr int V = 16 / E;         // elements per 16-byte vector
  static constexpr int JW = 32 / IW;       // micro-columns per warp
  static constexpr int kWarps = 8;
  static constexpr int WC = kWarps / WR;   // warp columns
  static_assert(WR * WC == kWarps, "the warp grid must use every warp");
  static constexpr int kThreads = 32 * kWarps;
  static constexpr int MI = IW * U * WR;   // micro-rows per block tile
  static constexpr int MJ = JW * WC;       // micro-columns per block tile
  static constexpr int ROWS = MI * V;      // block tile, input rows
  static constexpr int COLS = MJ * V;      // block tile, input columns
};

__device__ __forceinline__ std::uint32_t word(const uint4& v, int i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}
__device__ __forceinline__ std::uint32_t word(const uint2& v, int i) { return i == 0 ? v.x : v.y; }
__device__ __forceinline__ uint4 vector_of(const std::uint32_t (&w)[4]) { return make_uint4(w[0], w[1], w[2], w[3]); }
__device__ __forceinline__ uint2 vector_of(const std::uint32_t (&w)[2]) { return make_uint2(w[0], w[1]); }

/** a, b, c, d: rows 0-3 of a 4 x 4 block of bytes, one word each; o[x]: its column x
 *  (byte x of a, b, c, d in that order), 8 byte permutes. lo_sel / hi_sel: the last
 *  permutes' selectors, which a caller may reorder to permute the bytes of every o[x] for
 *  free (the residue tile's lanes hold their rows in a lane-dependent order). */
__device__ __forceinline__ void transpose_4x4_bytes(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d,
                                                    std::uint32_t (&o)[4], unsigned lo_sel = 0x5410,
                                                    unsigned hi_sel = 0x7632) {
  const std::uint32_t t0 = __byte_perm(a, b, 0x5140), t1 = __byte_perm(a, b, 0x7362);
  const std::uint32_t t2 = __byte_perm(c, d, 0x5140), t3 = __byte_perm(c, d, 0x7362);
  o[0] = __byte_perm(t0, t2, lo_sel);
  o[1] = __byte_perm(t0, t2, hi_sel);
  o[2] = __byte_perm(t1, t3, lo_sel);
  o[3] = __byte_perm(t1, t3, hi_sel);
}

/** v[q]: row q of a 4W x 4W block of bytes, W words per row (Vec: uint4 or uint2);
 *  afterwards v[k] holds column k. The W x W blocks of 4 x 4 bytes are transposed with 8
 *  permutes each; block (I, J) (rows 4I.., word J) becomes rows 4J.., word I. */
template <int W, class Vec>
__device__ __forceinline__ void transpose_bytes(Vec (&v)[4 * W]) {
  std::uint32_t out[4 * W][W];
#pragma unroll
  for (int I = 0; I < W; ++I) {
#pragma unroll
    for (int J = 0; J < W; ++J) {
      std::uint32_t o[4];
      transpose_4x4_bytes(word(v[4 * I], J), word(v[4 * I + 1], J), word(v[4 * I + 2], J), word(v[4 * I + 3], J), o);
#pragma unroll
      for (int x = 0; x < 4; ++x) out[4 * J + x][I] = o[x];
    }
  }
#pragma unroll
  for (int k = 0; k < 4 * W; ++k) v[k] = vector_of(out[k]);
}

/** The same for a 2W x 2W block of 2-byte elements: output row k, word m = elements k of
 *  input rows 2m and 2m + 1 (word k / 2 of each). */
template <int W, class Vec>
__device__ __forceinline__ void transpose_halves(Vec (&v)[2 * W]) {
  Vec in[2 * W];
#pragma unroll
  for (int q = 0; q < 2 * W; ++q) in[q] = v[q];
#pragma unroll
  for (int k = 0; k < 2 * W; ++k) {
    const unsigned sel = (k & 1) ? 0x7632u : 0x5410u;  // high or low halves of both words
    std::uint32_t w[W];
#pragma unroll
    for (int m = 0; m < W; ++m) w[m] = __byte_perm(word(in[2 * m], k / 2), word(in[2 * m + 1], k / 2), sel);
    v[k] = vector_of(w);
  }
}

/** v[q] holds row q of a V x V block of E-byte elements; afterwards v[k] holds column k. */
template <int E>
__device__ __forceinline__ void transpose_in_registers(uint4 (&v)[16 / E]) {
  if constexpr (E == 8) {
    const uint4 a = v[0], b = v[1];
    v[0] = make_uint4(a.x, a.y, b.x, b.y);
    v[1] = make_uint4(a.z, a.w, b.z, b.w);
  } else if constexpr (E == 4) {
    const uint4 a = v[0], b = v[1], c = v[2], d = v[3];
    v[0] = make_uint4(a.x, b.x, c.x, d.x);
    v[1] = make_uint4(a.y, b.y, c.y, d.y);
    v[2] = make_uint4(a.z, b.z, c.z, d.z);
    v[3] = make_uint4(a.w, b.w, c.w, d.w);
  } else if constexpr (E == 2) {
    transpose_halves<4>(v);
  } else if constexpr (E == 1) {
    transpose_bytes<4>(v);
  }
}

/** The same for 8-byte rows: v[q] holds row q of a V x V block (V = 8 / E, E = 1 or 2);
    afterwards v[k] holds column k. The in-place squares of 1- and 2-byte elements whose rows
    are 8- but not 16-byte aligned use it (inplace_region_pairs.cuh). */
template <int E>
__device__ __forceinline__ void transpose_in_registers(uint2 (&v)[8 / E]) {
  static_assert(E == 1 || E == 2, "8-byte micro-tile rows serve 1- and 2-byte elements");
  if constexpr (E == 2) {
    transpose_halves<2>(v);
  } else {
    transpose_bytes<2>(v);
  }
}

template <bool STREAMING>
__device__ __forceinline__ void store16(void* p, const uint4& v) {
  if constexpr (STREAMING) {
    __stcs(static_cast<uint4*>(p), v);
  } else {
    *static_cast<uint4*>(p) = v;
  }
}

/**
 * Requires 16-byte aligned rows on both sides (plan.vec_in && plan.vec_out). Partial
 * micro-tiles at the matrix edges are moved element by element.
 */
// MIN_BLOCKS 0 states no minimum of resident blocks (the production kernels: 1 already changes
// their code); kernel sweep 41 measured 3 and 4, level or slower (session25/sweep41).
template <class T, int IW, int U, bool STREAMING, int WR = 1, int MIN_BLOCKS = 0, in_load LOAD = in_load::hinted>
__global__ void __launch_bounds__(256, MIN_BLOCKS) register_tile_kernel(matrix_view<T> m, tiling g) {
  using S = register_tile_shape<T, IW, U, WR>;
  constexpr int V = S::V;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int il = (warp / S::WC) * IW * U + lane % IW;  // first micro-row, within the block tile
  const int j = (warp % S::WC) * S::JW + lane / IW;

  g.for_each_tile([&](const tile_coord& at) {
    const std::int64_t c = at.c0 + static_cast<std::int64_t>(j) * V;  // first input column of my micro-tiles
    const bool interior = at.r0 + S::ROWS <= m.rows && at.c0 + S::COLS <= m.cols;
    if (interior) {
      uint4 v[U][V];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const T* src = m.in_row(at.b, at.r0 + static_cast<std::int64_t>(il + IW * u) * V) + c;
#pragma unroll
        for (int q = 0; q < V; ++q) v[u][q] = load16_interior<LOAD, STREAMING>(src + q * m.ld_in);
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        transpose_in_registers<S::E>(v[u]);
        T* dst = m.out_row(at.b, c) + at.r0 + static_cast<std::int64_t>(il + IW * u) * V;
#pragma unroll
        for (int k = 0; k < V; ++k) store16<STREAMING>(dst + k * m.ld_out, v[u][k]);
      }
      return;
    }
#pragma unroll 1
    for (int u = 0; u < U; ++u) {
      const std::int64_t r = at.r0 + static_cast<std::int64_t>(il + IW * u) * V;
      if (r >= m.rows || c >= m.cols) continue;
      if (r + V <= m.rows && c + V <= m.cols) {
        uint4 v[V];
#pragma unroll
        for (int q = 0; q < V; ++q) v[q] = load16<STREAMING>(m.in_row(at.b, r + q) + c);
        transpose_in_registers<S::E>(v);
#pragma unroll
        for (int k = 0; k < V; ++k) store16<STREAMING>(m.out_row(at.b, c + k) + r, v[k]);
      } else {
        for (int q = 0; q < V && r + q < m.rows; ++q) {
          const T* src = m.in_row(at.b, r + q);
          for (int k = 0; k < V && c + k < m.cols; ++k) m.out_row(at.b, c + k)[r + q] = src[c + k];
        }
      }
    }
  });
}

template <class T, int IW, int U, bool STREAMING, int WR = 1, int MIN_BLOCKS = 0, in_load LOAD = in_load::hinted>
void launch_register_tile_variant(const plan& p) {
  using S = register_tile_shape<T, IW, U, WR>;
  const tiling g = make_tiling(p, S::ROWS, S::COLS, p.order);
  register_tile_kernel<T, IW, U, STREAMING, WR, MIN_BLOCKS, LOAD>
      <<<grid_for(g), S::kThreads, 0, p.stream>>>(make_view<T>(p), g);
}

}  // namespace xpose::detail
