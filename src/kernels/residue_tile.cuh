// The residue tile: 1- and 2-byte elements whose rows are not 16-byte aligned (4095 x 4097,
// odd leading dimensions, offset pointers), every global access an aligned 16-byte vector.
//
// V = 16 / E elements fill a 16-byte chunk. Output rows j and j + V start at the same
// offset within a chunk (they are 16 bytes times the leading dimension apart), so the input
// columns c0 + p, + V, + 2V, + 3V of one residue p are four output rows whose aligned
// chunks cover the same input rows. The tile stages its input with those four columns side
// by side (4 E bytes); a thread then builds four aligned output chunks from V such loads and
// a transpose in registers, with no shifting at all on the output side:
//
//  1. Loads. Eight lanes read the aligned 16-byte chunks covering 128 bytes of an input row
//     (the eighth lane also the ninth chunk) and shift each by the row's misalignment with
//     the right neighbour's chunk (a shuffle), so lane k holds the row's columns from
//     c0 + V k. The four lanes of a 64-byte block exchange words (two shuffle rounds) so that
//     lane q holds word q of all four chunks, and interleave them: residue p of a block
//     becomes columns p, p + V, p + 2V, p + 3V side by side. The row is staged as 128 bytes,
//     unpadded; its chunks are permuted by the row's group of V rows (an XOR) so that the
//     store side's lanes, V rows apart, read different banks.
//  2. Stores. A lane takes one residue p of one block and one aligned chunk t of its four
//     output rows: the chunk's V elements are input rows y0 .. y0 + V - 1 (y0 from the rows'
//     shared misalignment), one staged load each, transposed into the four output rows'
//     chunks. The V staged rows above the tile (rows r0 - V .. r0 - 1) supply the elements of
//     a chunk that starts before r0: a tile owns, in every output row, the aligned chunks
//     from the one holding (j, r0) to the one before the one holding (j, r0 + ROWS). The
//     first and last tiles of an output row own it to its ends and store their partial
//     chunks byte by byte; a warp's eight lanes of a residue store eight consecutive chunks.
//
// Rows outside the matrix are staged as zeros and never stored; rows whose covering chunks
// reach outside the input (the matrix's first and last rows, at most) load element by
// element, so no access leaves the input. Plain loads and stores (sweep 36: streaming hints
// evict the sectors that misaligned runs share with the neighbouring tiles). Interior tiles
// (the rest) take a path without any of those checks.
#pragma once

#include "byte_shift.cuh"
#include "matrix_view.cuh"
#include "register_tile.cuh"

#include <cstdint>

namespace xpose::detail {

inline constexpr int kResidueColBytes = 128;  // input bytes per row of a tile (output rows: 128 / E)
inline constexpr int kResidueStagedRows = 128;  // rows staged per tile, the halo included

/**
 * Geometry of the residue tile for E-byte elements on 256 threads: 128 staged rows of 128
 * bytes (four load rounds of 32 rows), of which the first V are the halo; T chunks per
 * output row, T + 1 for the last tile of a row, covered by the store side in one round.
 */
template <int E>
struct residue_shape {
  static_assert(E == 1 || E == 2, "the residue tile serves 1- and 2-byte elements");
  static constexpr int THREADS = 256;
  static constexpr int V = 16 / E;                          // elements per chunk, rows per output chunk
  static constexpr int HALO = V;                            // rows staged above the tile
  static constexpr int T = (kResidueStagedRows - HALO) / V;  // output chunks per output row per tile
  static constexpr int ROWS = V * T;                        // input rows (output columns) a tile owns
  static constexpr int COLS = kResidueColBytes / E;         // input columns (output rows) of a tile
  static constexpr int LOAD_ROUNDS = kResidueStagedRows * 8 / THREADS;
  static constexpr int RESIDUE_GROUPS = V / 4;              // groups of 4 residues (a warp's lanes)
  static constexpr int WARPS_PER_T = 2 * RESIDUE_GROUPS;    // a group of 8 chunk indices: 2 blocks
  static constexpr int T_GROUPS = THREADS / 32 / WARPS_PER_T;
  static_assert(8 * T_GROUPS == T + 1, "one store round covers T + 1 chunk indices");
  static constexpr int kSharedRows = kResidueStagedRows + V;  // the last tile's extra chunk reads V more
};

/**
 * Word index of staged word w (0 .. 31) of staged row y: the 16-byte chunks of a row are
 * permuted by the row's group of V rows.
 */
template <int V>
__device__ __forceinline__ int residue_slot(int y, int w) {
  constexpr int kShift = V == 16 ? 4 : 3;
  return 32 * y + (w ^ (4 * ((y >> kShift) & 7)));
}

/** 16-byte global load and store, plain (weak, default cache policy), at byte addresses. */
__device__ __forceinline__ uint4 residue_load16(std::uintptr_t a) {
  uint4 v;
  asm("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(a));
  return v;
}
__device__ __forceinline__ void residue_store16(std::uintptr_t a, const uint4& v) {
  asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(a), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
/** v, hidden from the optimizer (which otherwise rebuilds a select between two such values
 *  from their difference, at five instructions per use instead of one). */
__device__ __forceinline__ unsigned residue_opaque(unsigned v) {
  asm("mov.b32 %0, %0;" : "+r"(v));
  return v;
}
/** 4- and 8-byte shared-memory loads at a shared-window byte address. */
__device__ __forceinline__ std::uint32_t residue_lds32(unsigned a) {
  std::uint32_t v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  return v;
}
__device__ __forceinline__ uint2 residue_lds64(unsigned a) {
  uint2 v;
  asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "r"(a) : "memory");
  return v;
}

/** The byte-permute selector whose nibble n is nibble n ^ q of sel. */
__device__ __forceinline__ unsigned residue_nibbles(unsigned sel, int q) {
  unsigned out = 0;
#pragma unroll
  for (int n = 0; n < 4; ++n) out |= ((sel >> (4 * (n ^ q))) & 0xFu) << (4 * n);
  return out;
}

/**
 * c: chunk q of a 64-byte block (q = lane % 4, four consecutive lanes per block). Returns
 * this lane's staged chunk. Bytes: words p = 4q .. 4q + 3 of the block, byte n of word p
 * being byte p of chunk n. 2 bytes: residues p = 2q, 2q + 1, each two words, element n of
 * the pair being element p of chunk n.
 */
template <int E>
__device__ __forceinline__ uint4 residue_interleave(const uint4& c, int q) {
  constexpr unsigned kAll = 0xFFFFFFFFu;
  // Words M[j][w] (word w of lane j's chunk); lane q gathers M[0..3][q] in two butterfly rounds.
  const bool hi2 = (q & 2) != 0, hi1 = (q & 1) != 0;
  const std::uint32_t a0 = hi2 ? c.z : c.x, a1 = hi2 ? c.w : c.y;  // M[q][q & 2], M[q][(q & 2) + 1]
  const std::uint32_t r0 = __shfl_xor_sync(kAll, hi2 ? c.x : c.z, 2);  // M[q ^ 2][q & 2]
  const std::uint32_t r1 = __shfl_xor_sync(kAll, hi2 ? c.y : c.w, 2);  // M[q ^ 2][(q & 2) + 1]
  const std::uint32_t k0 = hi1 ? a1 : a0, k1 = hi1 ? r1 : r0;          // M[q][q], M[q ^ 2][q]
  const std::uint32_t g0 = __shfl_xor_sync(kAll, hi1 ? a0 : a1, 1);    // M[q ^ 1][q]
  const std::uint32_t g1 = __shfl_xor_sync(kAll, hi1 ? r0 : r1, 1);    // M[q ^ 3][q]
  // (k0, g0, k1, g1) hold lanes (q, q ^ 1, q ^ 2, q ^ 3): lane n's word sits at n ^ q.
  if constexpr (E == 1) {
    // A 4 x 4 byte transpose whose last permutes also put byte n of each word back to lane n:
    // byte n takes the selector nibble of byte n ^ q of the plain transpose (0x5410 / 0x7632).
    std::uint32_t o[4];
    transpose_4x4_bytes(k0, g0, k1, g1, o, residue_nibbles(0x5410u, q), residue_nibbles(0x7632u, q));
    return make_uint4(o[0], o[1], o[2], o[3]);
  } else {
    // Lanes 0, 1 are the pair (k0, g0) for q < 2, else (k1, g1); lanes 2, 3 the other pair;
    // within a pair the two swap for odd q.
    const std::uint32_t p0 = hi2 ? k1 : k0, p1 = hi2 ? g1 : g0, p2 = hi2 ? k0 : k1, p3 = hi2 ? g0 : g1;
    const unsigned lo_sel = hi1 ? 0x1054u : 0x5410u, hi_sel = hi1 ? 0x3276u : 0x7632u;
    return make_uint4(__byte_perm(p0, p1, lo_sel), __byte_perm(p2, p3, lo_sel), __byte_perm(p0, p1, hi_sel),
                      __byte_perm(p2, p3, hi_sel));
  }
}

/**
 * One tile. INTERIOR: every staged row inside the matrix, every covering chunk inside the
 * input, every column of the tile inside the matrix and the tile neither the first nor the
 * last of its output rows (block-uniform); the edge tiles take the checked path.
 */
template <bool INTERIOR, class T>
__device__ __forceinline__ void residue_tile_body(const matrix_view<T>& m, const tile_coord& at, std::uintptr_t in_lo,
                                                  std::uintptr_t in_hi, uint4* staged) {
  constexpr int E = sizeof(T);
  using S = residue_shape<E>;
  constexpr int V = S::V;
  constexpr unsigned kAll = 0xFFFFFFFFu;
  constexpr int kRowsPerRound = S::THREADS / 8;
  const int tid = static_cast<int>(threadIdx.x);
  const int k = tid & 7, q = tid & 3, y_first = tid >> 3;

  // ---- 1. loads: staged row y = input row r0 - HALO + y, chunk k. Rows kRowsPerRound apart
  // (a multiple of 16) share their misalignment. ----
  const std::int64_t r_first = at.r0 - S::HALO + y_first;
  // (r_first may be negative in the first tile row: an address only, never read.)
  const std::uintptr_t a_first = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, 0) + at.c0) +
                                 static_cast<std::uintptr_t>(r_first * m.ld_in * E);
  const std::uintptr_t round_bytes = static_cast<std::uintptr_t>(kRowsPerRound * E) * static_cast<std::uintptr_t>(m.ld_in);
  const int shift = static_cast<int>(a_first & 15);
  uint4 raw[S::LOAD_ROUNDS], extra[S::LOAD_ROUNDS];
  bool in_rows[S::LOAD_ROUNDS], chunks_in[S::LOAD_ROUNDS];  // (edge tiles only)
#pragma unroll
  for (int u = 0; u < S::LOAD_ROUNDS; ++u) {
    const std::uintptr_t base = (a_first & ~std::uintptr_t{15}) + u * round_bytes;
    bool ok = true;
    if constexpr (!INTERIOR) {
      const std::int64_t r = r_first + u * kRowsPerRound;
      in_rows[u] = r >= 0 && r < m.rows;
      chunks_in[u] = base >= in_lo && base + 16 * 9 <= in_hi;
      ok = in_rows[u] && chunks_in[u];
    }
    raw[u] = ok ? residue_load16(base + 16 * static_cast<unsigned>(k)) : make_uint4(0, 0, 0, 0);
    extra[u] = ok && k == 7 ? residue_load16(base + 16 * 8) : make_uint4(0, 0, 0, 0);
  }
#pragma unroll
  for (int u = 0; u < S::LOAD_ROUNDS; ++u) {
    uint4 next = make_uint4(__shfl_down_sync(kAll, raw[u].x, 1, 8), __shfl_down_sync(kAll, raw[u].y, 1, 8),
                            __shfl_down_sync(kAll, raw[u].z, 1, 8), __shfl_down_sync(kAll, raw[u].w, 1, 8));
    if (k == 7) next = extra[u];
    uint4 c = funnel16(raw[u], next, shift);
    if constexpr (!INTERIOR) {
      // Rows whose covering chunks reach outside the input (the matrix's first or last) go
      // element by element; rows outside the matrix stay zero.
      if (in_rows[u] && !chunks_in[u]) {
        const T* src = m.in_row(at.b, r_first + u * kRowsPerRound);
        std::uint32_t w[4] = {0, 0, 0, 0};
#pragma unroll
        for (int i = 0; i < V; ++i) {
          const std::int64_t col = at.c0 + V * k + i;
          if (col < m.cols) w[i * E / 4] |= static_cast<std::uint32_t>(src[col]) << (8 * ((i * E) & 3));
        }
        c = make_uint4(w[0], w[1], w[2], w[3]);
      }
    }
    const int y = y_first + u * kRowsPerRound;
    staged[residue_slot<V>(y, 4 * k) / 4] = residue_interleave<E>(c, q);
  }
  __syncthreads();

  // ---- 2. stores: warp (block, group of 4 residues, group of 8 chunk indices), lane (chunk t,
  // residue p): chunk t of output rows c0 + 4V block + p + V n, n = 0 .. 3 ----
  const auto* words = reinterpret_cast<const std::uint32_t*>(staged);
  const int lane = tid & 31, warp = tid >> 5;
  const int blk = warp & 1, p = 4 * ((warp >> 1) % S::RESIDUE_GROUPS) + (lane >> 3);
  const int t = (lane & 7) + 8 * (warp / S::WARPS_PER_T);
  const std::int64_t j0 = at.c0 + 4 * V * blk + p;
  const auto b0 = reinterpret_cast<std::uintptr_t>(m.out_row(at.b, INTERIOR || j0 < m.cols ? j0 : 0) + at.r0);
  const int mis = static_cast<int>(b0 & 15);  // bytes; a multiple of E
  const std::uintptr_t pitch_v = static_cast<std::uintptr_t>(V * E) * static_cast<std::uintptr_t>(m.ld_out);
  const bool last = !INTERIOR && at.r0 + S::ROWS >= m.rows;
  if (t < (last ? S::T + 1 : S::T)) {
    // Rows y0 .. y0 + V - 1; the first mis / E of them lie in row group t, the rest in group t + 1.
    const int y0 = S::HALO + V * t - mis / E;
    const int word = E == 1 ? 16 * blk + p : 16 * blk + 2 * p;
    const unsigned row0 = static_cast<unsigned>(__cvta_generic_to_shared(words + 32 * y0));
    const unsigned in_t = residue_opaque(row0 + 4u * static_cast<unsigned>(word ^ (4 * (t & 7))));
    const unsigned in_t1 = residue_opaque(row0 + 4u * static_cast<unsigned>(word ^ (4 * ((t + 1) & 7))));
    const unsigned later = 0xFFFFu << (mis / E);  // bit i: row y0 + i lies in row group t + 1
    std::uint32_t o[4][4];                        // o[g][n]: word g of output row n's chunk
    if constexpr (E == 1) {
      std::uint32_t w[16];
#pragma unroll
      for (int i = 0; i < 16; ++i) w[i] = residue_lds32(((later >> i) & 1 ? in_t1 : in_t) + 128u * i);
#pragma unroll
      for (int g = 0; g < 4; ++g) transpose_4x4_bytes(w[4 * g], w[4 * g + 1], w[4 * g + 2], w[4 * g + 3], o[g]);
    } else {
      uint2 w[8];  // row i: elements of output rows 0, 1 (x) and 2, 3 (y)
#pragma unroll
      for (int i = 0; i < 8; ++i) w[i] = residue_lds64(((later >> i) & 1 ? in_t1 : in_t) + 128u * i);
#pragma unroll
      for (int g = 0; g < 4; ++g) {
        o[g][0] = __byte_perm(w[2 * g].x, w[2 * g + 1].x, 0x5410);
        o[g][1] = __byte_perm(w[2 * g].x, w[2 * g + 1].x, 0x7632);
        o[g][2] = __byte_perm(w[2 * g].y, w[2 * g + 1].y, 0x5410);
        o[g][3] = __byte_perm(w[2 * g].y, w[2 * g + 1].y, 0x7632);
      }
    }
    const std::uintptr_t chunk0 = (b0 & ~std::uintptr_t{15}) + 16 * static_cast<unsigned>(t);
#pragma unroll
    for (int n = 0; n < 4; ++n) {
      const uint4 v = make_uint4(o[0][n], o[1][n], o[2][n], o[3][n]);
      const std::uintptr_t dst = chunk0 + n * pitch_v;
      if constexpr (INTERIOR) {
        residue_store16(dst, v);
      } else {
        if (j0 + V * n >= m.cols) continue;
        // Owned bytes of the run, relative to (j, r0); lo: the chunk's first byte.
        const std::int64_t own_lo = at.r0 == 0 ? 0 : -mis;
        const std::int64_t own_hi = last ? (m.rows - at.r0) * E : 16 * S::T - mis;
        const std::int64_t lo = 16 * t - mis;
        if (lo >= own_lo && lo + 16 <= own_hi) {
          residue_store16(dst, v);
        } else {
          const std::uint32_t bytes[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
          for (int i = 0; i < 16; ++i) {
            if (lo + i >= own_lo && lo + i < own_hi) {
              reinterpret_cast<unsigned char*>(dst)[i] = static_cast<unsigned char>(bytes[i >> 2] >> (8 * (i & 3)));
            }
          }
        }
      }
    }
  }
  __syncthreads();  // the next tile reuses the staging rows
}

/**
 * One tile, on the interior path where it applies (every staged row and covering chunk inside the
 * input, every column inside the matrix), else on the checked one. in_lo, in_hi: the first and
 * one past the last byte of the whole input batch; no chunk outside them is read.
 */
template <class T>
__device__ __forceinline__ void residue_tile(const matrix_view<T>& m, const tile_coord& at, std::uintptr_t in_lo,
                                             std::uintptr_t in_hi, uint4* staged) {
  using S = residue_shape<sizeof(T)>;
  bool interior = at.r0 >= S::HALO && at.r0 + S::ROWS < m.rows && at.c0 + S::COLS <= m.cols;
  if (interior) {
    const auto first = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, at.r0 - S::HALO) + at.c0) & ~std::uintptr_t{15};
    const auto last = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, at.r0 + S::ROWS - 1) + at.c0) & ~std::uintptr_t{15};
    interior = first >= in_lo && last + 16 * 9 <= in_hi;
  }
  if (interior) {
    residue_tile_body<true>(m, at, in_lo, in_hi, staged);
  } else {
    residue_tile_body<false>(m, at, in_lo, in_hi, staged);
  }
}

/** The residue tile over the tiles of g (ROWS x COLS input elements each). */
template <class T, int MIN_BLOCKS>
__global__ void __launch_bounds__(residue_shape<sizeof(T)>::THREADS, MIN_BLOCKS)
    residue_tile_kernel(matrix_view<T> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  using S = residue_shape<sizeof(T)>;
  __shared__ uint4 staged[S::kSharedRows * 8];
  g.for_each_tile([&](const tile_coord& at) { residue_tile(m, at, in_lo, in_hi, staged); });
}

}  // namespace xpose::detail
