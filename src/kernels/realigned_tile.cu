// `auto` for 1- and 2-byte elements whose output rows are not all 16-byte aligned (odd
// row counts such as 4095 x 4097, outputs inside larger buffers), on problems of 12 / 16
// MiB or more (plan.hpp), and for batched or strided 4-byte layouts with aligned input rows
// from 128 MiB (every other 4-byte layout takes sweep 36's element tile, element_tile.cu).
// The padded tile these fell back to moves one element per access and splits the 32-byte
// sectors at the ends of its output segments between two tiles (sweep 20).
//
// This tile keeps every global access a vector on an aligned address, and each output
// sector is written by one block:
//
//  1. Each thread loads micro-tiles of 16 / E rows x 16 bytes (bytes: 16 rows x 8 bytes).
//     When input rows are not aligned either, a row's piece comes from the aligned chunk
//     covering its start and the next one (the right neighbour's, by shuffle) and a funnel
//     shift. The micro-tile is transposed in registers and its output vectors (16 bytes
//     each) go to shared memory, one row of MT 16-byte chunks per output row of the tile.
//  2. Each warp then writes whole output rows of the tile as aligned 16-byte chunks, each
//     built from the two staged chunks covering it. A tile owns, in output row C, the bytes
//     from the sector boundary at or before (C, r0) to the one at or before (C, r0 + ROWS),
//     so no output sector is split between tiles. The up to 31 bytes before (C, r0) come
//     from input rows r0 - 32 / E .. r0 - 1, staged as two extra micro-rows (read shortly
//     before by the tile above: L2 hits).
//
// Shared memory is XOR-swizzled by 16-byte chunk (chunk x of output row cc is stored at
// x ^ ((cc / OUT) % 8), OUT output rows per micro-tile), so that the micro-tile stores and
// the row reads are free of bank conflicts with a pitch that is a multiple of 128 bytes.
// The first tile of an output row starts at its first element and the last ends at its
// last; their partial chunks, and micro-tiles cut by the matrix edge or whose covering
// chunks would reach outside the input, move element by element.
//
// Measured on an H200 (sweep 23, % of memcpy, padded tile -> this tile): bytes 4095 x 4097
// 58 -> 61%, 9001 x 7003 46 -> 62%, 16383 x 16385 38 -> 61%; 2 bytes 62.7 -> 66.5%,
// 60 -> 71%, 52 -> 68%; 4 bytes 76.9 -> 78.3%, 64 -> 78%, 60 -> 76%. Not taken: 8 bytes
// (70-79% against 73-84%) and inputs misaligned with aligned output rows (4096 x 4097: the
// padded tile 72% for 2 bytes and 88% for 4, against 62 and 72%).
#include "byte_shift.cuh"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "realigned_tile_shape.hpp"
#include "register_tile.cuh"

#include "../core/raise.hpp"

#include <cstdint>
#include <type_traits>

namespace xpose::detail {
namespace {

constexpr int kSectorBytes = 32;
static_assert(kRealignedExtraMicroRows * 16 == kSectorBytes, "the extra micro-rows cover one output sector");

template <class T>
union vector_of {
  uint4 v;
  T e[16 / sizeof(T)];
};

/** A micro-tile off the vector path (cut by the matrix edge, covering chunks outside the
 *  input, or in a warp with such a micro-tile), element by element; zeros outside the matrix. */
template <class T>
__device__ __forceinline__ void load_elements(const T* src, std::int64_t ld, std::int64_t rows_left,
                                              std::int64_t cols_left, uint4 (&v)[16 / sizeof(T)]) {
  constexpr int V = 16 / sizeof(T);
#pragma unroll
  for (int q = 0; q < V; ++q) {
    vector_of<T> x{};
    if (q < rows_left) {
#pragma unroll
      for (int k = 0; k < V; ++k) {
        if (k < cols_left) x.e[k] = src[q * ld + k];
      }
    }
    v[q] = x.v;
  }
}

/** Staged chunk x of tile output row cc (rows of MT chunks; OUT rows per micro-tile). */
template <int OUT, int MT>
__device__ __forceinline__ int staged_slot(int cc, int x) {
  return cc * MT + (x ^ ((cc / OUT) & 7));
}

/**
 * Phase 2: output rows c0 + cc of the tile, each from one sector boundary to the next, as
 * aligned 16-byte chunks built from the two staged chunks covering them. S: the tile shape
 * (ROWS, COLS, HALO, MT, OUT output rows per micro-tile, THREADS).
 */
template <class T, class S>
__device__ __forceinline__ void write_rows(const matrix_view<T>& m, const tile_coord& at, const uint4* staged,
                                           int warp, int lane) {
  constexpr int E = sizeof(T);
  const std::int64_t end_row = at.r0 + S::ROWS < m.rows ? at.r0 + S::ROWS : m.rows;
  for (int cc = warp; cc < S::COLS && at.c0 + cc < m.cols; cc += S::THREADS / 32) {
    unsigned char* row = reinterpret_cast<unsigned char*>(m.out_row(at.b, at.c0 + cc));
    const auto base = reinterpret_cast<std::uintptr_t>(row);
    const std::uintptr_t sector = ~std::uintptr_t{kSectorBytes - 1};
    // Owned byte range [lo, hi) of the output row, as addresses.
    const std::uintptr_t lo = at.r0 == 0 ? base : (base + at.r0 * E) & sector;
    const std::uintptr_t hi = end_row == m.rows ? base + m.rows * E : (base + end_row * E) & sector;
    // Staged byte s holds output address stage0 + s.
    const std::uintptr_t stage0 = base + (at.r0 - S::HALO) * E;
    const std::uintptr_t a1 = (lo + 15) & ~std::uintptr_t{15}, a2 = hi & ~std::uintptr_t{15};
    const int o = static_cast<int>((a1 - stage0) & (16 - E));  // the same for every chunk of the row
    const int chunks = a1 < a2 ? static_cast<int>((a2 - a1) / 16) : 0;
    for (int t = lane; t < chunks; t += 32) {
      const std::uintptr_t a = a1 + 16u * static_cast<unsigned>(t);
      const int x = static_cast<int>((a - stage0) >> 4);
      const uint4 low = staged[staged_slot<S::OUT, S::MT>(cc, x)];
      const uint4 high = o != 0 ? staged[staged_slot<S::OUT, S::MT>(cc, x + 1)] : low;
      store16<true>(reinterpret_cast<void*>(a), funnel16(low, high, o));
    }
    // Partial chunks at the row's first and last byte (first and last tiles only).
    const std::uintptr_t head_end = a1 < hi ? a1 : hi;
    const std::uintptr_t tail_begin = a2 > head_end ? a2 : head_end;
    const int head = static_cast<int>((head_end - lo) / E), tail = static_cast<int>((hi - tail_begin) / E);
    if (lane < head + tail) {
      const std::uintptr_t a = lane < head ? lo + lane * E : tail_begin + (lane - head) * E;
      const auto s = static_cast<int>(a - stage0);
      const auto* chunk = reinterpret_cast<const unsigned char*>(&staged[staged_slot<S::OUT, S::MT>(cc, s >> 4)]);
      *reinterpret_cast<T*>(a) = *reinterpret_cast<const T*>(chunk + (s & 15));
    }
  }
}

/**
 * in_lo, in_hi: the first and one past the last byte of the whole input batch; a covering
 * chunk outside them is not read (the matrix may start or end anywhere in its chunk).
 * IN_ALIGNED: every input row is 16-byte aligned (one load per row, no shift).
 */
template <class T, bool IN_ALIGNED>
__global__ void __launch_bounds__(realigned_shape<T, IN_ALIGNED>::THREADS, realigned_shape<T, IN_ALIGNED>::MIN_BLOCKS)
    realigned_tile_kernel(matrix_view<T> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  using S = realigned_shape<T, IN_ALIGNED>;
  constexpr int E = S::E, V = S::V;
  extern __shared__ uint4 staged[];
  const int mj = static_cast<int>(threadIdx.x) % kRealignedMicroCols;
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;

  g.for_each_tile([&](const tile_coord& at) {
    // ---- 1. my micro-tiles: input rows r .. r + V - 1, columns c .. c + V - 1 ----
    const std::int64_t c = at.c0 + static_cast<std::int64_t>(mj) * V;
#pragma unroll
    for (int u = 0; u < S::U; ++u) {
      const int mi = static_cast<int>(threadIdx.x) / kRealignedMicroCols + u * (S::THREADS / kRealignedMicroCols);
      const std::int64_t r = at.r0 - S::HALO + static_cast<std::int64_t>(mi) * V;
      const bool helper = S::HELPER && mj == kRealignedMicroCols - 1;
      const bool exists = !helper && r >= 0 && r < m.rows && c < m.cols;  // rows above the first tile are never written out
      const std::int64_t rr = r < 0 ? 0 : r;  // (addresses only)
      const T* src = m.in_row(at.b, rr) + c;
      const auto first = reinterpret_cast<std::uintptr_t>(src) & ~std::uintptr_t{15};
      const auto last = (reinterpret_cast<std::uintptr_t>(src + (V - 1) * m.ld_in) & ~std::uintptr_t{15}) + 16;
      const bool rows_in = r >= 0 && r + V <= m.rows;
      // Whole: every element inside, and both covering chunks of each row inside the input.
      const bool whole = exists && rows_in && c + V <= m.cols && (IN_ALIGNED || (first >= in_lo && last + 16 <= in_hi));
      uint4 v[V];
      if constexpr (S::HELPER) {
        // One load per row per lane; a lane's second chunk is its right neighbour's first.
        // The shuffles need the whole warp, so a warp with a cut micro-tile goes element by element.
        const bool loads = rows_in && first >= in_lo && last <= in_hi;
        if (__all_sync(0xFFFFFFFFu, whole || !exists)) {
#pragma unroll
          for (int q = 0; q < V; ++q) {
            const auto a = reinterpret_cast<std::uintptr_t>(src + q * m.ld_in);
            const uint4 lo = loads ? load16<true>(reinterpret_cast<const void*>(a & ~std::uintptr_t{15}))
                                   : make_uint4(0, 0, 0, 0);
            const uint4 hi = make_uint4(__shfl_down_sync(0xFFFFFFFFu, lo.x, 1, kRealignedMicroCols),
                                        __shfl_down_sync(0xFFFFFFFFu, lo.y, 1, kRealignedMicroCols),
                                        __shfl_down_sync(0xFFFFFFFFu, lo.z, 1, kRealignedMicroCols),
                                        __shfl_down_sync(0xFFFFFFFFu, lo.w, 1, kRealignedMicroCols));
            // (a & (16 - E)): the offset is a multiple of E, so the compiler drops the byte shifts for E >= 4.
            v[q] = funnel16(lo, hi, static_cast<int>(a & (16 - E)));
          }
        } else if (exists) {
          load_elements(src, m.ld_in, m.rows - r, m.cols - c, v);
        }
      } else if (whole) {
#pragma unroll
        for (int q = 0; q < V; ++q) v[q] = load16<true>(src + q * m.ld_in);
      } else if (exists) {
        load_elements(src, m.ld_in, m.rows - r, m.cols - c, v);
      }
      if (!exists) continue;
      transpose_in_registers<E>(v);
#pragma unroll
      for (int k = 0; k < V; ++k) staged[staged_slot<S::OUT, S::MT>(mj * V + k, mi)] = v[k];
    }
    __syncthreads();

    write_rows<T, S>(m, at, staged, warp, lane);
    __syncthreads();  // the next tile reuses the staging rows
  });
}

/** Bytes [o, o + 8) of lo ++ hi, o in [0, 8) at run time. */
__device__ __forceinline__ uint2 funnel8(const uint2& lo, const uint2& hi, int o) {
  const bool by1 = (o & 4) != 0;
  const std::uint32_t z0 = by1 ? lo.y : lo.x, z1 = by1 ? hi.x : lo.y, z2 = by1 ? hi.y : hi.x;
  const unsigned shift = 8u * static_cast<unsigned>(o & 3);
  return make_uint2(__funnelshift_r(z0, z1, shift), __funnelshift_r(z1, z2, shift));
}

/** w[q]: 8 bytes of input row q (16 rows); v[k]: output row k, the 16 bytes k of w[0..15]. */
__device__ __forceinline__ void transpose_16x8_bytes(const uint2 (&w)[16], uint4 (&v)[8]) {
  std::uint32_t out[8][4];
#pragma unroll
  for (int I = 0; I < 4; ++I) {
#pragma unroll
    for (int J = 0; J < 2; ++J) {
      auto word = [&](int q) { return J == 0 ? w[q].x : w[q].y; };
      std::uint32_t o[4];
      transpose_4x4_bytes(word(4 * I), word(4 * I + 1), word(4 * I + 2), word(4 * I + 3), o);
#pragma unroll
      for (int x = 0; x < 4; ++x) out[4 * J + x][I] = o[x];
    }
  }
#pragma unroll
  for (int k = 0; k < 8; ++k) v[k] = make_uint4(out[k][0], out[k][1], out[k][2], out[k][3]);
}

/** The realigned tile for bytes: the same two phases on 16 x 8-byte micro-tiles. */
template <bool IN_ALIGNED>
__global__ void __launch_bounds__(realigned_byte_shape<IN_ALIGNED>::THREADS, realigned_byte_shape<IN_ALIGNED>::MIN_BLOCKS)
    realigned_byte_kernel(matrix_view<std::uint8_t> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  using S = realigned_byte_shape<IN_ALIGNED>;
  extern __shared__ uint4 staged[];
  const int mj = static_cast<int>(threadIdx.x) % S::GROUP;
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
  constexpr unsigned kAll = 0xFFFFFFFFu;

  g.for_each_tile([&](const tile_coord& at) {
    const std::int64_t c = at.c0 + static_cast<std::int64_t>(mj) * S::OUT;
#pragma unroll
    for (int u = 0; u < S::U; ++u) {
      const int mi = static_cast<int>(threadIdx.x) / S::GROUP + u * (S::THREADS / S::GROUP);
      const std::int64_t r = at.r0 - S::HALO + static_cast<std::int64_t>(mi) * S::IN;
      const bool helper = S::HELPER && mj == S::GROUP - 1;
      const bool exists = !helper && r >= 0 && r < m.rows && c < m.cols;
      const std::int64_t rr = r < 0 ? 0 : r;  // (addresses only)
      const std::uint8_t* src = m.in_row(at.b, rr) + c;
      const auto first = reinterpret_cast<std::uintptr_t>(src) & ~std::uintptr_t{7};
      const auto last = (reinterpret_cast<std::uintptr_t>(src + (S::IN - 1) * m.ld_in) & ~std::uintptr_t{7}) + 8;
      const bool rows_in = r >= 0 && r + S::IN <= m.rows;
      const bool whole = exists && rows_in && c + S::OUT <= m.cols && (IN_ALIGNED || (first >= in_lo && last + 8 <= in_hi));
      uint2 w[S::IN];
      bool have = false;
      if constexpr (S::HELPER) {
        const bool loads = rows_in && first >= in_lo && last <= in_hi;
        if (__all_sync(kAll, whole || !exists)) {
#pragma unroll
          for (int q = 0; q < S::IN; ++q) {
            const auto a = reinterpret_cast<std::uintptr_t>(src + q * m.ld_in);
            const uint2 lo = loads ? __ldcs(reinterpret_cast<const uint2*>(a & ~std::uintptr_t{7})) : make_uint2(0, 0);
            const uint2 hi = make_uint2(__shfl_down_sync(kAll, lo.x, 1, S::GROUP), __shfl_down_sync(kAll, lo.y, 1, S::GROUP));
            w[q] = funnel8(lo, hi, static_cast<int>(a & 7));
          }
          have = true;
        }
      } else if (whole) {
#pragma unroll
        for (int q = 0; q < S::IN; ++q) w[q] = __ldcs(reinterpret_cast<const uint2*>(src + q * m.ld_in));
        have = true;
      }
      if (!exists) continue;
      if (!have) {  // cut by the matrix edge, or covering chunks outside the input
#pragma unroll
        for (int q = 0; q < S::IN; ++q) {
          unsigned long long bytes = 0;
          if (r + q < m.rows) {
#pragma unroll
            for (int k = 0; k < S::OUT; ++k) {
              if (c + k < m.cols) bytes |= static_cast<unsigned long long>(src[q * m.ld_in + k]) << (8 * k);
            }
          }
          w[q] = make_uint2(static_cast<std::uint32_t>(bytes), static_cast<std::uint32_t>(bytes >> 32));
        }
      }
      uint4 v[S::OUT];
      transpose_16x8_bytes(w, v);
#pragma unroll
      for (int k = 0; k < S::OUT; ++k) staged[staged_slot<S::OUT, S::MT>(mj * S::OUT + k, mi)] = v[k];
    }
    __syncthreads();
    write_rows<std::uint8_t, S>(m, at, staged, warp, lane);
    __syncthreads();  // the next tile reuses the staging rows
  });
}

/** Launches a realigned kernel on tiles of shape S; in_lo / in_hi bound the whole input batch. */
template <class S, class T>
void launch_on_tiles(void (*kernel)(matrix_view<T>, tiling, std::uintptr_t, std::uintptr_t), const plan& p) {
  const tiling g = make_tiling(p, S::ROWS, S::COLS, p.order);
  const auto in_lo = reinterpret_cast<std::uintptr_t>(p.in);
  const std::uintptr_t in_hi = input_end<T>(p);
  allow_shared(kernel, S::kSharedBytes);
  kernel<<<grid_for(g), S::THREADS, S::kSharedBytes, p.stream>>>(make_view<T>(p), g, in_lo, in_hi);
}

}  // namespace

template <class T>
void launch_realigned_tile(const plan& p) {
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    if (p.vec_in) {
      launch_on_tiles<realigned_byte_shape<true>>(realigned_byte_kernel<true>, p);
    } else {
      launch_on_tiles<realigned_byte_shape<false>>(realigned_byte_kernel<false>, p);
    }
    check_launch("realigned_tile");
  } else if constexpr (has_vector_path<T> && (sizeof(T) == 2 || sizeof(T) == 4)) {
    if (p.vec_in) {
      launch_on_tiles<realigned_shape<T, true>>(realigned_tile_kernel<T, true>, p);
    } else {
      launch_on_tiles<realigned_shape<T, false>>(realigned_tile_kernel<T, false>, p);
    }
    check_launch("realigned_tile");
  } else {
    raise(status::internal_error, "realigned tile planned for ", sizeof(T), "-byte elements");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_realigned_tile<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
