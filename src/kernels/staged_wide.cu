// `auto` for few-rows matrices of 1- and 2-byte elements (core/plan.hpp: staged_few_rows,
// staged_misaligned_wide): 33 to 402 rows, input rows 16-byte aligned (or, up to
// staged_shifted_max_rows rows, element-aligned: staged_wide_shifted_kernel below), packed
// output rows, each matrix's output run 16-byte aligned, at least 8 MiB a call; e.g. 48 x 4M
// or 100 x 671088 bytes. The general skinny kernel (skinny.cu) stages such matrices element by element,
// 32 scalar shared-memory accesses per 16 bytes moved; here every global access is 16 bytes
// wide and shared memory is written in words.
//
// A block takes W = MC * V input columns (MC micro-columns) of all R rows (V = 16 / E), which
// are one contiguous output run of W * R elements. Each thread loads one V x V micro-tile (V
// 16-byte loads down V rows, all in flight at once), transposes it in registers
// (register_tile.cuh), and writes its V pieces (column c, rows r0 .. r0 + V - 1) into the
// staged run at byte (c * R + r0) * E (for bytes whose R is not a multiple of 4, each column
// padded to whole words: run_layout below). After one barrier the block stores the run as
// 16-byte vectors.
//
// What decided the speed (H200, bench/results/h200/session46, calls 1-4):
// - consecutive threads take consecutive micro-rows of one micro-column, so their pieces are
//   adjacent; a first form with threads along micro-columns wrote them 16 R bytes apart, on
//   the same banks whenever R is a multiple of 8, and lost everywhere (48 x 4M bytes 34%
//   against 68% on the general kernel);
// - the staged run is skewed by one word every 32 words, so that a warp's micro-columns,
//   16 R bytes apart, fall on different banks;
// - every piece is stored through one predicated path: the threads of a warp whose pieces
//   differ in offset and length (the last micro-row of an R that is not a multiple of V) do
//   not diverge. With a separate byte path for those pieces, R = 33, 63, 65, 100 and 167 bytes
//   read 18-22 points below the general kernel (session 46); storing only whole words, into
//   columns padded to words, took them 5-15 points higher again (session 49, run_layout);
// - one micro-tile a thread, 128 threads a block: 256 threads (two micro-tiles for some)
//   read 1-9 points lower at 14 of 15 shapes (48 rows of bytes: +1.5);
// - bytes of 33 to 35 rows fold their last 1 to 3 rows into the micro-row above (core/plan.hpp:
//   staged_folded_tail), whose threads load them and store one word a column, so that
//   no thread holds a micro-tile of one row: +4 to +6 points (session 50).
#include "async_copy.cuh"
#include "byte_shift.cuh"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "register_tile.cuh"

#include "../core/padded_run.hpp"
#include "../core/plan.hpp"
#include "../core/raise.hpp"

#include <algorithm>
#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kThreads = kStagedWideThreads;  // one micro-tile each

/** Staged-run word w sits at skew_word(w): the skinny kernels' skew (matrix_view.cuh) on words. */
__device__ __forceinline__ int skew_word(int w) { return skewed<std::uint32_t>(w); }
__device__ __forceinline__ int skew_byte(int b) { return 4 * skew_word(b >> 2) + (b & 3); }

/**
 * How a tile's output run lies in shared memory:
 * - words: R * E is a multiple of 4, so every piece (one column's rows r0 .. r0 + V - 1)
 *   starts on a word and is stored as whole words, and each output vector is four words;
 * - halves: 2-byte elements, R odd; the columns lie packed, so every other column's pieces
 *   start in the middle of a word, and their end half words are stored as halves. Which
 *   columns is known at compile time (put_micro_tile); computed at run time, the shifts cost
 *   1-5 points (bench/results/h200/session49/call9: 33 x 2097152 87.45 -> 90.45, 33 x 2097151
 *   75.25 -> 79.3, (1024, 33, 512) 76.4 -> 81.3), while the half stores themselves cost nothing
 *   measurable (call 8: stored as whole words, wrong results, level);
 * - padded: bytes, R not a multiple of 4; each column starts on a word (core/padded_run.hpp)
 *   and the pieces are stored as whole words; each output vector is gathered from the six
 *   words that cover it, across the padding where it meets a column's end.
 * Packed bytes stored their partial words byte by byte, up to 7 byte stores a piece; the padded
 * run reads 4-15 points higher (H200, % of memcpy, bench/results/h200/session49/call3): aligned
 * input rows 33 x 4194304 70.5 -> 80.3, 65 x 1032448 72.1 -> 79.9, 402 x 166944 67.9 -> 72.8,
 * (1024, 33, 1024) 55.2 -> 69.75; misaligned 33 x 4194303 56.9 -> 65.7, 301 x 223697 62.1 -> 66.1.
 * For 2-byte elements the gather (about 80 instructions a vector against 5) costs more than the
 * two half stores it saves (call 2): 33 x 2097152 86.85 -> 81.5, 179 x 187456 83.25 -> 77.35.
 */
enum class run_layout { words, halves, padded };

/** The first n bytes of v (n a multiple of E) at logical byte ob of the skewed run. Every
 *  store predicated, so that the threads of a warp, whose pieces differ in offset and length,
 *  take one path. halves: `shift` is ob & 3, which the caller knows at compile time. */
template <int E, run_layout L>
__device__ __forceinline__ void put_piece(std::uint32_t* s, int ob, const uint4& v, int n, int shift) {
  const std::uint32_t w[4] = {v.x, v.y, v.z, v.w};
  const int w0 = ob >> 2;
  if constexpr (L != run_layout::halves) {  // ob on a word; a padded column's last word ends in its padding
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      if (4 * j < n) s[skew_word(w0 + j)] = w[j];
    }
  } else {
    static_assert(E == 2, "only 2-byte pieces start on half words");
    auto* sb = reinterpret_cast<unsigned char*>(s);
    const int end = shift + n;                  // the piece is bytes [shift, end) from word w0; shift is 0 or 2
    const int tail = end >> 2, rest = end & 3;  // word holding the piece's last half word; rest is 0 or 2
    std::uint32_t x[5], last = 0;
#pragma unroll
    for (int j = 0; j < 5; ++j) {
      x[j] = __funnelshift_l(j > 0 ? w[j - 1] : 0u, j < 4 ? w[j] : 0u, 8 * shift);
      if (4 * j >= shift && 4 * j + 4 <= end) s[skew_word(w0 + j)] = x[j];
      if (j == tail) last = x[j];
    }
    auto* head_half = reinterpret_cast<unsigned short*>(sb + 4 * skew_word(w0)) + 1;
    if (shift == 2 && end > 2) *head_half = static_cast<unsigned short>(x[0] >> 16);
    auto* tail_half = reinterpret_cast<unsigned short*>(sb + 4 * skew_word(w0 + tail));
    if (rest == 2 && (tail > 0 || shift == 0)) *tail_half = static_cast<unsigned short>(last);
  }
}

/** A micro-tile's V columns (v[k]: column cl + k, rows r0 .. r0 + rows_here - 1) into the
 *  block's output run, the first cols_here of them. */
template <int E, run_layout L, int V>
__device__ __forceinline__ void put_micro_tile(std::uint32_t* s, const uint4 (&v)[V], int R, int r0, int cl,
                                               int rows_here, int cols_here) {
#pragma unroll
  for (int k = 0; k < V; ++k) {
    if (k < cols_here) {
      const int ob = L == run_layout::padded ? (cl + k) * padded_run::pitch_of(R * E) + r0 * E
                                             : ((cl + k) * R + r0) * E;
      // halves: R is odd and cl and r0 are multiples of V, so column cl + k starts on a word
      // exactly when k is even: the shift is a constant of the unrolled loop.
      put_piece<E, L>(s, ob, v[k], rows_here * E, L == run_layout::halves ? 2 * (k & 1) : 0);
    }
  }
}

/** Output vector i of a padded run: its bytes before its column's end, then those after the
 *  padding (col_bytes > 16, so a vector meets at most one column end). */
__device__ __forceinline__ uint4 gather_padded(const std::uint32_t* s, int i, const padded_run& run) {
  const int c = run.column_of(16 * i), off = 16 * i - c * run.col_bytes;
  const int at = c * run.pitch + off;  // position_of(16 i): the vector's first byte
  const int base = at >> 2, skewed_base = skew_word(base), lane_word = base & 31;
  std::uint32_t w[6];
#pragma unroll
  for (int j = 0; j < 6; ++j) w[j] = s[skewed_base + j + ((lane_word + j) >> 5)];  // skew_word(base + j)
  const unsigned shift = 8u * static_cast<unsigned>(at & 3);
  const int after = (at & 3) + run.pitch - run.col_bytes;  // where the bytes past the column end start, in w
  const bool next_word = after >= 4;
  const unsigned after_shift = 8u * static_cast<unsigned>(after & 3);
  const int head_bits = 8 * min(run.col_bytes - off, 16);
  std::uint32_t out[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const std::uint32_t head = __funnelshift_r(w[j], w[j + 1], shift);
    const std::uint32_t tail =
        __funnelshift_r(next_word ? w[j + 1] : w[j], next_word ? w[j + 2] : w[j + 1], after_shift);
    const std::uint32_t keep = ~__funnelshift_lc(0u, ~0u, static_cast<unsigned>(max(head_bits - 32 * j, 0)));
    out[j] = (head & keep) | (tail & ~keep);
  }
  return make_uint4(out[0], out[1], out[2], out[3]);
}

/** The staged output run (`bytes` long; columns of col_bytes) to dst, which starts 16-byte
 *  aligned: 16-byte streaming stores, the last partial vector byte by byte. */
template <run_layout L>
__device__ __forceinline__ void store_run(const std::uint32_t* s, unsigned char* dst, int bytes, int col_bytes,
                                          int tid) {
  const int vectors = bytes / 16;
  const auto* sb = reinterpret_cast<const unsigned char*>(s);
  if constexpr (L != run_layout::padded) {
    for (int i = tid; i < vectors; i += kThreads) {
      const std::uint32_t* w = s + 4 * i + (i >> 3);  // skew_word(4 i), 4 words in one run of 32
      __stcs(reinterpret_cast<uint4*>(dst) + i, make_uint4(w[0], w[1], w[2], w[3]));
    }
    for (int b = vectors * 16 + tid; b < bytes; b += kThreads) dst[b] = sb[skew_byte(b)];
  } else {
    const padded_run run = padded_run::of(col_bytes);
    for (int i = tid; i < vectors; i += kThreads) __stcs(reinterpret_cast<uint4*>(dst) + i, gather_padded(s, i, run));
    for (int b = vectors * 16 + tid; b < bytes; b += kThreads) dst[b] = sb[skew_byte(run.position_of(b))];
  }
}

/** The folded rows (staged_folded_tail: 1 to 3 rows past the last whole micro-row, padded
 *  run) of a micro-tile's columns: column cl + k's word at its logical byte (cl + k) pitch + r,
 *  r the first folded row (a multiple of 16, so on a word), holds byte k of each folded row;
 *  the rest of the word is the column's padding. */
__device__ __forceinline__ void put_folded_rows(std::uint32_t* s, const uint4 (&t)[3], int pitch, int r, int cl,
                                                int cols_here) {
  const std::uint32_t a[4] = {t[0].x, t[0].y, t[0].z, t[0].w}, b[4] = {t[1].x, t[1].y, t[1].z, t[1].w},
                      c[4] = {t[2].x, t[2].y, t[2].z, t[2].w};
#pragma unroll
  for (int k = 0; k < 16; ++k) {
    if (k < cols_here) {
      const unsigned sel = static_cast<unsigned>(k & 3);  // byte k's place in its word of each row
      const std::uint32_t two = __byte_perm(a[k / 4], b[k / 4], sel | ((sel + 4) << 4));
      const std::uint32_t word = __byte_perm(two, c[k / 4], 0x3010u | ((sel + 4) << 8));
      s[skew_word(((cl + k) * pitch + r) >> 2)] = word;
    }
  }
}

template <class T, run_layout L, bool Folded = false>
__global__ void __launch_bounds__(kThreads) staged_wide_kernel(matrix_view<T> m, tiling g, int micro_cols) {
  constexpr int E = sizeof(T), V = 16 / E;
  const int W = micro_cols * V;  // input columns a tile
  extern __shared__ std::uint32_t staged_words[];
  const int R = static_cast<int>(m.rows);
  // The padded run's rows past the last whole micro-row, when only 1 to 3, are loaded and
  // stored by the threads of the micro-row above instead of taking a micro-tile of their own.
  const int folded = Folded ? staged_folded_tail(R, E) : 0;
  const int micro_rows = (R + V - 1) / V - (folded > 0 ? 1 : 0);
  g.for_each_tile([&](const tile_coord& at) {
    const int width = static_cast<int>(min(static_cast<std::int64_t>(W), m.cols - at.c0));
    for (int task = threadIdx.x; task < micro_rows * micro_cols; task += kThreads) {
      const int mc = task / micro_rows, mr = task - mc * micro_rows;
      const int r0 = mr * V, cl = mc * V;  // the micro-tile's first row; first column within the tile
      if (cl >= width) continue;
      const int rows_here = min(V, R - r0), cols_here = min(V, width - cl);
      // Folded: rows V .. V + 2 of v are the folded rows, loaded by the last micro-row's threads.
      const bool folds = Folded && mr == micro_rows - 1;
      uint4 v[Folded ? V + 3 : V];
#pragma unroll
      for (int q = 0; q < (Folded ? V + 3 : V); ++q) {
        v[q] = make_uint4(0, 0, 0, 0);
        if (q < V ? q >= rows_here : !folds || q - V >= folded) continue;
        const T* src = m.in_row(at.b, r0 + q) + at.c0 + cl;
        if (cols_here == V) {
          v[q] = __ldcs(reinterpret_cast<const uint4*>(src));
        } else {  // the matrix's last columns: element by element, the rest zero
          std::uint32_t w[4] = {0, 0, 0, 0};
#pragma unroll
          for (int k = 0; k < V; ++k) {
            if (k < cols_here) {
              std::uint32_t bits;
              if constexpr (E == 2) {
                bits = *reinterpret_cast<const unsigned short*>(src + k);
              } else {
                bits = *reinterpret_cast<const unsigned char*>(src + k);
              }
              w[k * E / 4] |= bits << (8 * ((k * E) % 4));
            }
          }
          v[q] = make_uint4(w[0], w[1], w[2], w[3]);
        }
      }
      auto& tile = *reinterpret_cast<uint4(*)[V]>(v);  // the micro-tile: v's first V rows
      transpose_in_registers<E>(tile);
      put_micro_tile<E, L>(staged_words, tile, R, r0, cl, rows_here, cols_here);
      if constexpr (Folded) {
        static_assert(L == run_layout::padded, "the folded rows share their columns' padding words");
        if (folds) {
          put_folded_rows(staged_words, *reinterpret_cast<const uint4(*)[3]>(v + V), padded_run::pitch_of(R * E),
                          r0 + V, cl, cols_here);
        }
      }
    }
    __syncthreads();
    // The run starts 16-byte aligned (staged_few_rows).
    store_run<L>(staged_words, reinterpret_cast<unsigned char*>(m.out_row(at.b, at.c0)), width * R * E, R * E,
                 static_cast<int>(threadIdx.x));
    __syncthreads();
  });
}

/** Blocks an SM the shifted kernel is compiled for (H200, % of memcpy, bench/results/h200/
 *  session48/call2, call3; session49/call3): bytes 4 (128 registers; 5 at 96 and 6 at 80 spill:
 *  48 x 4194303 81.5 against 75.9 and 70.0), but 5 for the padded run, whose stores need fewer
 *  registers (94 at 5, no spill; 33 x 4194303 61.6 -> 65.7, 319 x 210001 64.3 -> 67.5 against
 *  4); 2-byte elements 7 (72 registers; 40 x 4194303 90.85 against 86.85 at 5 and 91.1 at 8,
 *  100 x 335545 84.3 against 76.25 and 83.45, 179 x 187457 71.15 against 65.45 and 70.15). */
template <class T, run_layout L>
constexpr int shifted_blocks_per_sm() { return sizeof(T) == 2 ? 7 : L == run_layout::padded ? 5 : 4; }

/**
 * The same transpose for input rows that are not 16-byte aligned. A block first stages, for
 * every row, the aligned 16-byte chunks that cover its W columns (micro_cols + 1 chunks, the
 * staged rows one chunk more apart every micro-row, so that consecutive threads' micro-rows
 * fall on different bank groups); a thread then reads its micro-tile's pieces from them with
 * its rows' shifts, transposes it, and writes the pieces into the output run over the same
 * shared memory once every thread has read. Chunks not wholly inside [in_lo, in_hi) (the
 * batch's first and last) are read byte by byte.
 *
 * The chunks come in by cp.async (async_copy.cuh), all of a thread's at once. Loaded into
 * registers 8 at a time, as before session 48, they held the block to one round of loads in
 * flight behind another (H200, % of memcpy, two rounds, bench/results/h200/session48/call2,
 * call3): bytes 48 x 4194303 64.6 -> 81.7, 100 x 671089 64.7 -> 73.7, 300 x 223697 59.65 ->
 * 71.65; 2-byte 40 x 4194303 80.8 -> 90.85, 179 x 187457 59.9 -> 71.15. The 256-byte fetch
 * measured -0.2 to +1.25 points against plain cp.async (call 2).
 */
template <class T, run_layout L, bool Folded = false>
__global__ void __launch_bounds__(kThreads, shifted_blocks_per_sm<T, L>())
    staged_wide_shifted_kernel(matrix_view<T> m, tiling g, int micro_cols, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  constexpr int E = sizeof(T), V = 16 / E;
  extern __shared__ uint4 staged_chunks[];
  auto* staged_words = reinterpret_cast<std::uint32_t*>(staged_chunks);
  const int W = micro_cols * V;
  const int R = static_cast<int>(m.rows);
  const int folded = Folded ? staged_folded_tail(R, E) : 0;
  const int micro_rows = (R + V - 1) / V - (folded > 0 ? 1 : 0);
  const int pitch = micro_cols + 1;  // chunks a staged row
  const int chunks = R * pitch;
  const int step_rows = kThreads / pitch, step_chunk = kThreads % pitch;
  g.for_each_tile([&](const tile_coord& at) {
    const int tid = tile_loop_thread();
    const int width = static_cast<int>(min(static_cast<std::int64_t>(W), m.cols - at.c0));
    // 1. Chunk k of row r: the k-th aligned 16 bytes from the one holding the row's column c0.
    int r = tid / pitch, k = tid % pitch;
    for (int i = tid; i < chunks; i += kThreads) {
      uint4* to = staged_chunks + r * pitch + r / V + k;
      const auto start = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, r) + at.c0);
      const std::uintptr_t chunk = (start & ~std::uintptr_t{15}) + 16u * static_cast<unsigned>(k);
      if (16 * k >= static_cast<int>(start & 15) + width * E) {  // past the row's columns
        *to = make_uint4(0, 0, 0, 0);
      } else if (chunk >= in_lo && chunk + 16 <= in_hi) {
        cp_async_16(to, reinterpret_cast<const void*>(chunk));
      } else {  // the batch's first or last bytes
        auto* b = reinterpret_cast<unsigned char*>(to);
        for (int j = 0; j < 16; ++j) {
          b[j] = chunk + j >= in_lo && chunk + j < in_hi ? *reinterpret_cast<const unsigned char*>(chunk + j) : 0;
        }
      }
      step_through_rows(r, k, step_rows, step_chunk, pitch);
    }
    cp_async_wait_all();
    __syncthreads();
    // 2. The micro-tile of micro-row mr, micro-column mc (one a thread), read with its rows' shifts.
    const int mc = tid / micro_rows, mr = tid - mc * micro_rows;
    const int r0 = mr * V, cl = mc * V;
    const bool active = mc < micro_cols && cl < width;
    const int rows_here = min(V, R - r0), cols_here = min(V, width - cl);
    uint4 v[V];
    if (active) {
#pragma unroll
      for (int q = 0; q < V; ++q) {
        v[q] = make_uint4(0, 0, 0, 0);
        if (q < rows_here) {
          const auto start = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, r0 + q) + at.c0);
          const uint4* row = staged_chunks + (r0 + q) * pitch + (r0 + q) / V + mc;
          v[q] = funnel16(row[0], row[1], static_cast<int>(start & 15));
        }
      }
      transpose_in_registers<E>(v);
    }
    if constexpr (Folded) {
      static_assert(L == run_layout::padded, "the folded rows share their columns' padding words");
      const bool folds = active && mr == micro_rows - 1;
      uint4 t[3];
#pragma unroll
      for (int q = 0; q < 3; ++q) {
        t[q] = make_uint4(0, 0, 0, 0);
        if (folds && q < folded) {
          const int r = r0 + V + q;
          const auto start = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, r) + at.c0);
          const uint4* row = staged_chunks + r * pitch + r / V + mc;
          t[q] = funnel16(row[0], row[1], static_cast<int>(start & 15));
        }
      }
      __syncthreads();
      if (active) put_micro_tile<E, L>(staged_words, v, R, r0, cl, rows_here, cols_here);
      if (folds) put_folded_rows(staged_words, t, padded_run::pitch_of(R * E), r0 + V, cl, cols_here);
    } else {
      __syncthreads();
      if (active) put_micro_tile<E, L>(staged_words, v, R, r0, cl, rows_here, cols_here);
    }
    __syncthreads();
    store_run<L>(staged_words, reinterpret_cast<unsigned char*>(m.out_row(at.b, at.c0)), width * R * E, R * E, tid);
    __syncthreads();
  });
}

/**
 * The carveout the kernel asks for: the driver fits as many blocks as the registers allow, and
 * where their staged runs need more than 75% of the SM's shared memory it leaves L1, which
 * holds the loads in flight (16 x 16 bytes a thread for bytes), 28 of 256 KiB on an H200.
 * There the kernel asks for 75% (196 KiB: one block fewer, L1 60 KiB); elsewhere for the
 * driver's default. H200, % of memcpy, two rounds: 75% for every launch (bench/results/h200/
 * session46/call12, call13) read 48 x 4194304 bytes 79.2 -> 92.2 (six blocks of 33.5 KiB), but
 * where the blocks fit in 75% the driver's choice was as fast or faster (200 x 335552 bytes
 * 84.55 -> 82.85, 402 x 166944 67.9 -> 64.55, 150 x 223696 2-byte 83.75 -> 77.75). This rule
 * (call14): 48 x 4194304 79.4 -> 91.9, the nine other shapes within 0.6 points.
 */
template <class T, run_layout L, bool Folded = false>
int carveout_for(int shared) {
  constexpr int kCrowdedPercent = 75;
  static const int regs = [] {  // per kernel: its register count does not change
    cudaFuncAttributes attributes{};
    check_cuda(cudaFuncGetAttributes(&attributes, staged_wide_kernel<T, L, Folded>), "cudaFuncGetAttributes");
    return attributes.numRegs;
  }();
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  int sm_regs = 0, sm_shared = 0, reserved = 0;
  check_cuda(cudaDeviceGetAttribute(&sm_regs, cudaDevAttrMaxRegistersPerMultiprocessor, device), "cudaDeviceGetAttribute");
  check_cuda(cudaDeviceGetAttribute(&sm_shared, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device), "cudaDeviceGetAttribute");
  check_cuda(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device), "cudaDeviceGetAttribute");
  const int warp_regs = (regs * 32 + 255) / 256 * 256;  // allocated per warp in units of 256
  const int blocks = sm_regs / (warp_regs * (kThreads / 32));
  const bool crowded = static_cast<std::int64_t>(blocks) * (shared + reserved) * 100 >
                       static_cast<std::int64_t>(sm_shared) * kCrowdedPercent;
  return crowded ? kCrowdedPercent : static_cast<int>(cudaSharedmemCarveoutDefault);
}

}  // namespace

template <class T>
void launch_staged_wide(const plan& p) {
  constexpr int E = sizeof(T), V = 16 / E;
  static_assert(E <= 2, "the staged few-rows kernel serves 1- and 2-byte elements");
  if (!staged_few_rows(p)) raise(status::internal_error, "staged few-rows kernel: unsupported layout");
  const int tile_cols = staged_wide_tile_cols(p.rows, E);
  constexpr run_layout kPartWords = E == 1 ? run_layout::padded : run_layout::halves;  // R * E not a multiple of 4
  const bool whole_words = (p.rows * E) % 4 == 0;
  const run_layout layout = whole_words ? run_layout::words : kPartWords;
  const bool folds = layout == run_layout::padded && staged_folded_tail(p.rows, E) > 0;  // bytes only
  // The padded run's gather reads up to six words from a vector's first: 8 more words keep the
  // last vector's reads inside the allocation.
  const std::int64_t words =
      layout == run_layout::padded
          ? static_cast<std::int64_t>(tile_cols) * padded_run::pitch_of(static_cast<int>(p.rows * E)) / 4 + 8
          : (static_cast<std::int64_t>(tile_cols) * p.rows * E + 3) / 4;
  const std::int64_t run_shared = 4 * (skewed_size<std::uint32_t>(static_cast<int>(words)) + 1);
  const tiling g = make_tiling(p, static_cast<int>(p.rows), tile_cols, tile_order::rows);
  if (!p.vec_in) {  // the input rows' aligned chunks staged first (micro_cols + 1 a row, a chunk more a micro-row)
    const std::int64_t pitch = tile_cols / V + 1, micro_rows = (p.rows + V - 1) / V;
    const std::int64_t shared = std::max(run_shared, 16 * (p.rows * pitch + micro_rows + 1));
    if (shared > 48 * 1024) raise(status::internal_error, "staged few-rows kernel: ", p.rows, " rows do not fit");
    auto kernel = whole_words ? staged_wide_shifted_kernel<T, run_layout::words> : staged_wide_shifted_kernel<T, kPartWords>;
    if constexpr (E == 1) {
      if (folds) kernel = staged_wide_shifted_kernel<T, run_layout::padded, true>;
    }
    kernel<<<grid_for(g), kThreads, static_cast<int>(shared), p.stream>>>(
        make_view<T>(p), g, tile_cols / V, reinterpret_cast<std::uintptr_t>(p.in), input_end<T>(p));
    check_launch("staged few rows (shifted)");
    return;
  }
  // At most kThreads micro-tiles of 256 bytes: 33 KiB, under the 48 KiB a launch gets unasked.
  if (run_shared > 48 * 1024) raise(status::internal_error, "staged few-rows kernel: ", p.rows, " rows do not fit");
  const int bytes = static_cast<int>(run_shared);
  auto kernel = whole_words ? staged_wide_kernel<T, run_layout::words> : staged_wide_kernel<T, kPartWords>;
  int carveout = 0;
  if constexpr (E == 1) {
    if (folds) {
      kernel = staged_wide_kernel<T, run_layout::padded, true>;
      carveout = carveout_for<T, run_layout::padded, true>(bytes);
    }
  }
  if (!folds) carveout = whole_words ? carveout_for<T, run_layout::words>(bytes) : carveout_for<T, kPartWords>(bytes);
  prefer_carveout(kernel, carveout);
  kernel<<<grid_for(g), kThreads, bytes, p.stream>>>(make_view<T>(p), g, tile_cols / V);
  check_launch(folds ? "staged few rows (folded rows)" : "staged few rows");
}

template void launch_staged_wide<std::uint8_t>(const plan&);
template void launch_staged_wide<std::uint16_t>(const plan&);

}  // namespace xpose::detail
