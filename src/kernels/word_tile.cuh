// The word tile: 1- and 2-byte elements whose rows are not 16-byte aligned (4095 x 4097,
// odd leading dimensions), moved as aligned 4-byte words on both sides.
//
// Aligned words instead of the realigned tile's 16-byte vectors: a warp's word access is
// still 128 contiguous bytes, the micro-tile is one word per row (4 x 4 bytes, 2 x 2
// 2-byte elements), so a thread needs few registers and the tile can be small, and the
// realignment is one shuffle and one funnel shift per word on each side.
//
//  1. Loads. Groups of G lanes read G consecutive aligned words of an input row; lane k
//     shifts its word and its right neighbour's (a shuffle) by the row's misalignment, so
//     it holds the row's elements [c0 + W k, c0 + W k + W) (W = 4 / E elements per word).
//     The last lane of a group only feeds that shift: a tile is W (G - 1) columns wide.
//     A thread loads the W rows of one micro-tile and stages them as one W-word vector.
//  2. Stores. Groups of H lanes take consecutive micro-tiles down a column of the staged
//     tile (one vector read each, conflict-free with an odd pitch), transpose them in
//     registers into W output words, and for each output row shift lane L's word and lane
//     L - 1's (a shuffle) by the output row's misalignment: lane L stores the aligned word
//     that ends at its own micro-tile's end. The first staged micro-row (lane 0) is the
//     W input rows above the tile, so that the first aligned word of a tile's output run
//     is whole; the tile owns, in every output row, the aligned words from the one holding
//     (c, r0) to the one before the one holding (c, r0 + ROWS). The first and last tiles of
//     an output row store their partial words element by element, which is how an output
//     row that is not word-aligned shares a word with the next row.
//
// Plain loads and stores: sweep 36 found that evict-first hints drop the sectors that a
// misaligned run shares with the neighbouring tile before the neighbour uses them.
// Tiles whose rows or covering words leave the matrix (its first and last rows, the edges)
// are loaded element by element, so no access falls outside the input.
#pragma once

#include "matrix_view.cuh"
#include "register_tile.cuh"

#include <cstdint>

namespace xpose::detail {

/** Tile geometry of the word tile for E-byte elements: G lanes per input row, H per output run. */
template <int E, int G, int H, int THREADS>
struct word_tile_shape {
  static_assert(E == 1 || E == 2, "the word tile serves 1- and 2-byte elements");
  static_assert((G == 8 || G == 16 || G == 32) && (H == 8 || H == 16 || H == 32), "lane groups divide a warp");
  static constexpr int W = 4 / E;            // elements per word: a micro-tile is W x W elements
  static constexpr int ROWS = W * (H - 1);   // input rows (output columns) a tile owns
  static constexpr int COLS = W * (G - 1);   // input columns (output rows) a tile owns
  static constexpr int PITCH = G + 1;        // staged micro-tiles per micro-row: odd, for column reads
  static constexpr int LOAD_TASKS = H * G / THREADS;  // micro-tiles each thread loads
  static constexpr int STORE_ROUNDS = (G - 1 + THREADS / H - 1) / (THREADS / H);
  static constexpr int kSharedBytes = H * PITCH * 4 * W;
  static_assert(H * G % THREADS == 0, "every thread loads the same number of micro-tiles");
};

template <int W>
struct word_vector;
template <>
struct word_vector<4> {
  using type = uint4;
};
template <>
struct word_vector<2> {
  using type = uint2;
};

/** Rows w[t] (one word of W elements each) of a W x W micro-tile; afterwards w[x] is its column x. */
template <int E>
__device__ __forceinline__ void transpose_words(std::uint32_t (&w)[4 / E]) {
  if constexpr (E == 1) {
    std::uint32_t o[4];
    transpose_4x4_bytes(w[0], w[1], w[2], w[3], o);
#pragma unroll
    for (int x = 0; x < 4; ++x) w[x] = o[x];
  } else {
    const std::uint32_t a = w[0], b = w[1];
    w[0] = __byte_perm(a, b, 0x5410);
    w[1] = __byte_perm(a, b, 0x7632);
  }
}

/** Element f of a staged micro-tile row's W elements, f known at run time only for partial words. */
template <class T>
__device__ __forceinline__ T element_of(std::uint32_t word, int byte) {
  return static_cast<T>(word >> (8 * byte));
}

/**
 * The word tile over the tiles of g. in_lo, in_hi: the first and one past the last byte of
 * the whole input batch; a word not wholly inside them is never read.
 */
template <class T, int G, int H, int THREADS, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS)
    word_tile_kernel(matrix_view<T> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  constexpr int E = sizeof(T);
  using S = word_tile_shape<E, G, H, THREADS>;
  constexpr int W = S::W;
  using vec = typename word_vector<W>::type;
  constexpr unsigned kAll = 0xFFFFFFFFu;
  __shared__ vec staged[H * S::PITCH];
  const int tid = static_cast<int>(threadIdx.x);

  g.for_each_tile([&](const tile_coord& at) {
    // ---- 1. loads: micro-row P (input rows r0 - W + W P ..), word k of each row ----
#pragma unroll
    for (int u = 0; u < S::LOAD_TASKS; ++u) {
      const int task = tid + u * THREADS;
      const int k = task % G, P = task / G;
      const std::int64_t r = at.r0 - W + static_cast<std::int64_t>(W) * P;
      std::uint32_t w[W];
      // Whole group on the word path: every row inside the matrix, every covering word inside the input.
      bool fast = r >= 0 && r + W <= m.rows;
      std::uintptr_t a[W];
#pragma unroll
      for (int t = 0; t < W; ++t) {
        a[t] = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, fast ? r + t : 0) + at.c0);
        const std::uintptr_t first = a[t] & ~std::uintptr_t{3};
        fast = fast && first >= in_lo && first + 4 * G <= in_hi;
      }
#pragma unroll
      for (int t = 0; t < W; ++t) {
        const std::uintptr_t first = a[t] & ~std::uintptr_t{3};
        w[t] = fast ? *reinterpret_cast<const std::uint32_t*>(first + 4 * static_cast<unsigned>(k)) : 0u;
      }
#pragma unroll
      for (int t = 0; t < W; ++t) {
        const std::uint32_t next = __shfl_down_sync(kAll, w[t], 1, G);
        w[t] = __funnelshift_r(w[t], next, 8u * static_cast<unsigned>(a[t] & 3));
      }
      if (k == G - 1) continue;  // the helper lane's word only fed its neighbour's shift
      if (!fast) {
        const std::int64_t c = at.c0 + static_cast<std::int64_t>(W) * k;
#pragma unroll
        for (int t = 0; t < W; ++t) {
          std::uint32_t x = 0;
          if (r + t >= 0 && r + t < m.rows) {
            const T* src = m.in_row(at.b, r + t);
#pragma unroll
            for (int f = 0; f < W; ++f) {
              if (c + f < m.cols) x |= static_cast<std::uint32_t>(src[c + f]) << (8 * E * f);
            }
          }
          w[t] = x;
        }
      }
      vec v;
      if constexpr (W == 4) {
        v = make_uint4(w[0], w[1], w[2], w[3]);
      } else {
        v = make_uint2(w[0], w[1]);
      }
      staged[P * S::PITCH + k] = v;
    }
    __syncthreads();

    // ---- 2. stores: lanes L of a group down micro-column q, W output rows each ----
    const int L = tid % H, group = tid / H;
    const std::int64_t end_rel = (m.rows - at.r0) * E;  // bytes of the output run left in the row
    const bool first_tile = at.r0 == 0, last_tile = at.r0 + S::ROWS >= m.rows;
#pragma unroll
    for (int n = 0; n < S::STORE_ROUNDS; ++n) {
      const int q = group + n * (THREADS / H);
      const bool active = q < G - 1;
      const vec v = staged[L * S::PITCH + (active ? q : 0)];
      std::uint32_t x[W];
      if constexpr (W == 4) {
        x[0] = v.x, x[1] = v.y, x[2] = v.z, x[3] = v.w;
      } else {
        x[0] = v.x, x[1] = v.y;
      }
      transpose_words<E>(x);
#pragma unroll
      for (int t = 0; t < W; ++t) {
        const std::int64_t j = at.c0 + static_cast<std::int64_t>(W) * q + t;  // output row
        const bool row = active && j < m.cols;
        const auto base = reinterpret_cast<std::uintptr_t>(m.out_row(at.b, row ? j : 0) + at.r0);
        const int mis = static_cast<int>(base & 3);
        const std::uint32_t prev = __shfl_up_sync(kAll, x[t], 1, H);
        const std::uint32_t word = __funnelshift_rc(prev, x[t], 8u * static_cast<unsigned>(4 - mis));
        if (!row || L == 0) continue;
        // This lane's aligned word: bytes [lo, lo + 4) of the run, relative to (j, r0).
        const int lo = 4 * (L - 1) - mis;
        const std::int64_t own_lo = first_tile ? 0 : -mis;
        const std::int64_t own_hi = last_tile ? end_rel : 4 * (H - 1) - mis;
        auto* dst = reinterpret_cast<unsigned char*>((base & ~std::uintptr_t{3}) + 4 * static_cast<unsigned>(L - 1));
        if (lo >= own_lo && lo + 4 <= own_hi) {
          *reinterpret_cast<std::uint32_t*>(dst) = word;
        } else {
#pragma unroll
          for (int f = 0; f < 4; f += E) {
            if (lo + f >= own_lo && lo + f < own_hi) *reinterpret_cast<T*>(dst + f) = element_of<T>(word, f);
          }
        }
      }
    }
    __syncthreads();  // the next tile reuses the staging buffer
  });
}

}  // namespace xpose::detail
