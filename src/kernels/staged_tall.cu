// `auto` for few-columns matrices of 1- and 2-byte elements (core/plan.hpp: staged_few_cols,
// staged_tall_wins), the mirror image of the staged few-rows kernel (staged_wide.cu): packed
// input rows of 33 to kStagedTallMaxCols elements, output rows of any pitch, e.g. 4194303 x
// 48 bytes, whose output rows are not 16-byte aligned, or 166944 x 402 bytes, whose input rows
// are not. The general skinny and residue kernels stage such matrices element by element or
// realign them through wider tiles; here every global access is 16 bytes wide, and shared
// memory is read and written in 16-byte vectors.
//
// A block takes P whole input rows (micro_rows micro-rows of V = 16 / E rows; its input run
// of P * C elements, contiguous and 16-byte aligned) and:
// 1. stages the run as 16-byte chunks, all of a thread's in flight at once (cp.async; 2-byte
//    elements on aligned output rows load them into registers, below);
// 2. each thread reads one V x V micro-tile from the staged rows (a row's piece is misaligned
//    by the same shift in every thread: two vectors and funnel shifts) and transposes it in
//    registers (register_tile.cuh). Where output rows are 16-byte aligned (DIRECT), it stores
//    the micro-tile's V columns straight to their output rows, consecutive threads' chunks
//    side by side, and the tile is done. Otherwise it writes them into a column-major copy
//    (C runs of P elements) over the same shared memory, and
// 3. the block stores each output row's aligned 16-byte chunks: a chunk belongs to the block
//    holding its first element, so no output sector is written by two blocks, and the block
//    stages V rows more than it owns (a halo) for the last chunk of each row. The first block
//    also writes each row's head up to its first aligned chunk, the last block the elements
//    of the last partial chunk.
// The staged rows are a micro-row (V input rows, C vectors) each, C | 1 vectors apart: with an
// odd pitch, the eight threads of a quarter warp, reading the same offset of consecutive
// micro-rows, fall on different 16-byte bank groups. Bytes of 33 to 35 columns (and, on aligned
// output rows, 65-67 and 129-131) fold their last 1 to 3 columns into the micro-column before
// (core/plan.hpp: staged_tall_folded_cols): its threads gather those columns' 16-byte output
// chunks byte by byte from the staged rows, so that no thread transposes a micro-tile of one
// column and a block takes more rows (33 columns: 1024 instead of 672). Session 50: 4194304 x
// 33 87.15 -> 90.8% of memcpy, (1024, 1024, 33) 77.75 -> 88.05, 2097152 x 65 82.5 -> 91.4.
#include "async_copy.cuh"
#include "byte_shift.cuh"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "register_tile.cuh"

#include "../core/plan.hpp"
#include "../core/raise.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kThreads = kStagedTallThreads;  // one micro-tile each

/** The 16 bytes at byte `shift` (0-15) of vector `at`. */
__device__ __forceinline__ uint4 vector_at(const uint4* at, int shift) {
  return shift == 0 ? at[0] : funnel16_uniform(at[0], at[1], shift);
}

/** The first n (< 16 / sizeof(T)) elements of v, one store each. */
template <class T>
__device__ __forceinline__ void store_first(T* dst, const uint4& v, int n) {
  constexpr int E = sizeof(T), V = 16 / E;
  const std::uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (int k = 0; k < V - 1; ++k) {
    if (k < n) dst[k] = static_cast<T>(w[k * E / 4] >> (8 * ((k * E) % 4)));
  }
}

/**
 * Whether the kernel stages by cp.async (async_copy.cuh) rather than by loads into registers,
 * and the blocks an SM it is compiled for (0: no bound). Before session 48 every form loaded
 * into registers, 8 or 16 a round (bench/results/h200/session47/call2). H200, % of memcpy, that
 * kernel -> cp.async, two rounds (bench/results/h200/session48/call5, call7):
 * - bytes, aligned output rows: 4 blocks (5: up to 2.45 points lower, 0.5 higher at 402
 *   columns; 6: up to 11.4 lower), without the 256-byte fetch, which the block's one
 *   contiguous run does not need (-0.1 to +1.6 points against it, call 7). 4194304 x 33
 *   74.75 -> 86.85, 671088 x 100 84.1 -> 86.25, 166944 x 402 81.45 -> 86.75, (2048, 256, 100)
 *   77.3 -> 87.2, (1024, 512, 48) 74.85 -> 86.1; but 4194304 x 48 88.55 -> 85.4, 4194304 x 56
 *   90.8 -> 89.75, 2097152 x 64 90.2 -> 89.6, 335552 x 200 77.35 -> 76.45 (call 7);
 * - bytes, misaligned output rows: 5 blocks (4: 0.35-6.55 points lower, 6: 6.1-10.65).
 *   4194303 x 33 58.1 -> 78.95, 4194303 x 48 72.25 -> 81.35, 2097151 x 64 73.45 -> 82.4,
 *   838861 x 80 68.75 -> 79.45;
 * - 2-byte elements, misaligned output rows: 6 blocks (4 and 5: 2-5 points lower). 4194303 x
 *   40 82.95 -> 85.05, 335545 x 100 75.75 -> 80.3;
 * - 2-byte elements on aligned output rows keep their loads, which cp.async lost to by 3-10
 *   points at any bound (2097152 x 33 85.1 -> 81.7, 223696 x 150 94.5 -> 90.15, 83472 x 402
 *   88.4 -> 78.7; 335544 x 100 78.35 -> 79.8).
 */
template <class T, bool DIRECT>
constexpr bool kStagesAsync = sizeof(T) == 1 || !DIRECT;
template <class T, bool DIRECT>
constexpr int kTallBlocksPerSm = !kStagesAsync<T, DIRECT> ? 0 : sizeof(T) == 2 ? 6 : DIRECT ? 4 : 5;

/** The folded columns (staged_folded_tail: bytes, the 1 to 3 columns after the last whole
 *  micro-column c0) of micro-row `row` (16 staged input rows of C bytes): f[j] is output row c0
 *  + j's 16-byte chunk of those rows, byte q from input row q. */
__device__ __forceinline__ void gather_folded_columns(uint4 (&f)[3], const unsigned char* row, int C, int c0,
                                                      int folded) {
#pragma unroll
  for (int j = 0; j < 3; ++j) {
    std::uint32_t w[4] = {0, 0, 0, 0};
    if (j < folded) {
#pragma unroll
      for (int q = 0; q < 16; ++q) w[q / 4] |= static_cast<std::uint32_t>(row[q * C + c0 + j]) << (8 * (q % 4));
    }
    f[j] = make_uint4(w[0], w[1], w[2], w[3]);
  }
}

template <class T, bool DIRECT, bool Folded = false>
__global__ void __launch_bounds__(kThreads, kTallBlocksPerSm<T, DIRECT>)
    staged_tall_kernel(matrix_view<T> m, tiling g, int micro_rows, int own_rows, int pitch) {
  constexpr int E = sizeof(T), V = 16 / E;
  // Vectors a thread stages: micro_rows * C <= 128 micro-tiles * V; folded, up to 64 micro-rows
  // of 35 vectors (32 of 67, 16 of 131), 2240 <= 128 * (V + 2).
  constexpr int kLoads = Folded ? V + 2 : V;
  extern __shared__ uint4 stage[];
  const int C = static_cast<int>(m.cols);
  const std::int64_t R = m.rows;
  // Folded: the columns past the last whole micro-column, when only 1 to 3, are gathered by the
  // threads of the last whole one instead of taking a micro-tile of their own.
  const int folded = Folded ? C % V : 0;  // 1 to 3 (staged_tall_folded_cols decides)
  const int micro_cols = (C + V - 1) / V - (folded > 0 ? 1 : 0), P = micro_rows * V;
  const int chunks = own_rows / V;  // aligned output chunks a row per block
  const int halo_from = own_rows * C / V;  // the first vector of the rows the next block owns
  const int step_groups = kThreads / C, step_offset = kThreads % C;
  g.for_each_tile([&](const tile_coord& at) {
    const int tid = tile_loop_thread();
    const std::int64_t t0 = at.r0;
    // 1. Stage rows t0 .. t0 + P - 1 (vector L of the run at micro-row L / C, vector L % C).
    const int bytes = static_cast<int>(min(static_cast<std::int64_t>(P), R - t0)) * C * E;
    const int vectors = bytes >> 4;
    const auto* src = reinterpret_cast<const uint4*>(m.in_row(at.b, t0));
    // Counted from this thread's first vector, so that the bounds are immediates.
    const int mine = vectors - tid, owned = halo_from - tid;
    const uint4* from = src + tid;
    // Vector tid + k * kThreads sits at micro-row g, vector o; stepped, not divided.
    int g = tid / C, o = tid % C;
    if constexpr (kStagesAsync<T, DIRECT>) {
#pragma unroll
      for (int k = 0; k < kLoads; ++k) {
        if (k * kThreads < mine) cp_async_16<!DIRECT>(stage + g * pitch + o, from + k * kThreads);
        step_through_rows(g, o, step_groups, step_offset, C);
      }
    } else {  // all V loads in flight (4 a round: 4194303 x 40 77.0 against 83.0, session 47 call 2)
      uint4 r[kLoads];
#pragma unroll
      for (int k = 0; k < kLoads; ++k) {
        // Without a halo (DIRECT) `owned` covers `mine` and the __ldg is never taken; written
        // as plain __ldcs the kernel compiled to 62 registers instead of 80 and ran 10-14 points
        // slower (2097152 x 33 2-byte 85.15 -> 74.7, 223696 x 150 94.6 -> 80.2; session 48 call 9).
        r[k] = make_uint4(0, 0, 0, 0);  // else the registers of the last tile's loads stay live
        if (k * kThreads < mine) r[k] = k * kThreads < owned ? __ldcs(from + k * kThreads) : __ldg(from + k * kThreads);
      }
#pragma unroll
      for (int k = 0; k < kLoads; ++k) {
        if (k * kThreads < mine) stage[g * pitch + o] = r[k];
        step_through_rows(g, o, step_groups, step_offset, C);
      }
    }
    const auto* src_bytes = reinterpret_cast<const unsigned char*>(src);
    for (int b = vectors * 16 + tid; b < bytes; b += kThreads) {  // the matrix's last bytes
      const int L = b >> 4;
      reinterpret_cast<unsigned char*>(stage + L / C * pitch + L % C)[b & 15] = src_bytes[b];
    }
    if constexpr (kStagesAsync<T, DIRECT>) cp_async_wait_all();
    __syncthreads();
    // 2. Micro-tile (mr, mc): rows mr * V .., columns mc * V ..; row q's piece starts q * C * E
    //    + 16 mc bytes into the micro-row, the same offset for every thread.
    const int mc = tid / micro_rows, mr = tid - mc * micro_rows;
    const bool active = mc < micro_cols;
    uint4 v[V];
    if (active) {
#pragma unroll
      for (int q = 0; q < V; ++q) {
        const int offset = q * C * E + 16 * mc;
        v[q] = vector_at(stage + mr * pitch + (offset >> 4), offset & 15);
      }
      transpose_in_registers<E>(v);
    }
    // Folded: the last whole micro-column's threads hold the folded columns' chunks in f.
    const bool folds = Folded && active && mc == micro_cols - 1;
    uint4 f[3];
    if constexpr (Folded) {
      gather_folded_columns(f, reinterpret_cast<const unsigned char*>(stage + mr * pitch), C, micro_cols * V,
                            folds ? folded : 0);
    }
    if constexpr (DIRECT) {  // output rows 16-byte aligned: v[k] is a chunk of output row mc V + k
      const std::int64_t u = t0 + static_cast<std::int64_t>(mr) * V;
      auto put = [&](int c, const uint4& chunk) {
        T* dst = m.out_row(at.b, c) + u;
        if (u + V <= R) {
          __stcs(reinterpret_cast<uint4*>(dst), chunk);
        } else {
          store_first(dst, chunk, static_cast<int>(R - u));
        }
      };
      if (active && u < R) {
#pragma unroll
        for (int k = 0; k < V; ++k) {
          if (mc * V + k >= C) continue;
          put(mc * V + k, v[k]);
        }
        if constexpr (Folded) {
#pragma unroll
          for (int j = 0; j < 3; ++j) {
            if (folds && j < folded) put(micro_cols * V + j, f[j]);
          }
        }
      }
      __syncthreads();
      return;
    }
    __syncthreads();
    if (active) {
#pragma unroll
      for (int k = 0; k < V; ++k) {
        if (mc * V + k < C) stage[(mc * V + k) * micro_rows + mr] = v[k];  // column mc V + k, rows mr V ..
      }
      if constexpr (Folded) {
#pragma unroll
        for (int j = 0; j < 3; ++j) {
          if (folds && j < folded) stage[(micro_cols * V + j) * micro_rows + mr] = f[j];
        }
      }
    }
    __syncthreads();
    // 3. Output row c's chunk i: elements from t0 + s + i V, s the row's distance in elements
    //    from its start to 16 bytes (t0 E is a multiple of 16).
    for (int task = tid; task < C * chunks; task += kThreads) {
      const int c = task / chunks, i = task - c * chunks;
      T* row = m.out_row(at.b, c);
      const int shift = static_cast<int>((0u - static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(row))) & 15u);
      const uint4* run = stage + c * micro_rows;
      const std::int64_t u = t0 + shift / E + static_cast<std::int64_t>(i) * V;
      if (u < R) {
        const uint4 chunk = vector_at(run + i, shift);
        if (u + V <= R) {
          __stcs(reinterpret_cast<uint4*>(row + u), chunk);
        } else {
          store_first(row + u, chunk, static_cast<int>(R - u));
        }
      }
      if (t0 == 0 && i == 0) {  // the row's head, before its first aligned chunk
        const T* head = reinterpret_cast<const T*>(run);
        for (int j = 0; j < shift / E && j < R; ++j) row[j] = head[j];
      }
    }
    __syncthreads();
  });
}

}  // namespace

template <class T>
void launch_staged_tall(const plan& p) {
  constexpr int E = sizeof(T), V = 16 / E;
  static_assert(E <= 2, "the staged few-columns kernel serves 1- and 2-byte elements");
  if (!staged_few_cols(p)) raise(status::internal_error, "staged few-columns kernel: unsupported layout");
  const int micro_rows = staged_tall_micro_rows(p.cols, E, p.vec_out);
  const int own_rows = staged_tall_own_rows(p.cols, E, p.vec_out);
  if (own_rows < V) raise(status::internal_error, "staged few-columns kernel: ", p.cols, " columns do not fit");
  const int pitch = static_cast<int>(p.cols) | 1;  // vectors per staged micro-row
  // One vector more: a misaligned piece of the last micro-row reads the vector after it.
  const std::int64_t shared = 16 * (static_cast<std::int64_t>(micro_rows) * pitch + 1);
  if (shared > 48 * 1024) raise(status::internal_error, "staged few-columns kernel: ", p.cols, " columns do not fit");
  // Column order puts the tiles of a matrix on the grid's x dimension (no 65535 cap).
  const tiling g = make_tiling(p, own_rows, static_cast<int>(p.cols), tile_order::columns);
  auto kernel = p.vec_out ? staged_tall_kernel<T, true> : staged_tall_kernel<T, false>;
  if constexpr (E == 1) {
    if (staged_tall_folded_cols(p.cols, E, p.vec_out) > 0) {
      kernel = p.vec_out ? staged_tall_kernel<T, true, true> : staged_tall_kernel<T, false, true>;
    }
  }
  kernel<<<grid_for(g), kThreads, static_cast<int>(shared), p.stream>>>(make_view<T>(p), g, micro_rows, own_rows, pitch);
  check_launch("staged few columns");
}

template void launch_staged_tall<std::uint8_t>(const plan&);
template void launch_staged_tall<std::uint16_t>(const plan&);

}  // namespace xpose::detail
