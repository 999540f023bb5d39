// `auto` for 1-, 2- and 4-byte matrices with at most kMaxInterleave rows (or columns), the
// side of the transpose that is contiguous being packed (2 x 16M, 16M x 2, 3 x N, 31 x N,
// N x 31). For 4-byte elements the "interleave" is whole words: no byte permutes, but the
// same 16-byte accesses on both sides.
//
// Few rows R (wide): each thread takes S bytes of every one of the R input rows (S / E
// columns; loaded directly, or from shared memory filled by asynchronous 16-byte copies),
// which are exactly S * R contiguous output bytes, interleaves them in registers with byte
// permutes (byte_interleave.cuh), and the block writes its output run with 16-byte stores.
// Few columns R (tall): the mirror image; the block copies a contiguous input run in
// (asynchronous copies again), each thread takes S / E whole input rows and builds S bytes
// of each of the R output rows, and the block writes each output row's span as 16-byte
// chunks.
//
// The strided side (input rows when wide, output rows when tall) may start at any byte.
// Wide, it is read as the aligned 16-byte chunks covering it, and a warp realigns its 32
// pieces by trading words through shuffles (or, staged, by reading shared memory at the
// row's offset); the last tile of such a row, and the first tile when its cover would start
// before the input, move element by element instead. Tall, each output row is written as
// the aligned chunks of its own address range (interleave_tall_kernel). The general skinny
// kernel (skinny.cu) stages single elements in shared memory, which for 1-byte elements
// costs 16 scalar shared accesses per 16 bytes and, with 31 rows, 4-way bank conflicts
// (docs/auto.md).
#include "byte_interleave.cuh"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"

#include "../core/plan.hpp"
#include "../core/raise.hpp"

#include <cuda_pipeline.h>

#include <type_traits>
#include <utility>

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;

/** Compile-time shape of the kernels for element size E and R rows (or columns). */
template <int E, int R>
struct interleave_shape {
  static constexpr int S = interleave_vector_bytes(R);  // bytes per strided row per thread
  static constexpr int W = S / 4;
  static constexpr int kSpan = kThreads * S / E;  // long-side elements per block
  static constexpr int kChunks = kThreads * S * R / 16;  // 16-byte chunks of the block's run
  static constexpr int kRowChunks = kThreads * S / 16 + 1;  // aligned cover of one strided row's segment
  /** 16-byte chunks the wide kernel stages its rows in, before its output run. */
  __host__ __device__ static constexpr int staged_chunks(bool staged) { return staged ? R * kRowChunks : 0; }
  static constexpr int wide_shared_bytes(bool staged) { return (staged_chunks(staged) + kChunks) * 16; }
};

/** Byte-level matrix description: a transpose only moves bytes. */
struct byte_view {
  const unsigned char* in;
  unsigned char* out;
  std::int64_t long_side;                      // columns (wide) or rows (tall)
  std::int64_t pitch_strided;                  // bytes between rows of the strided side
  std::int64_t stride_in, stride_out;          // bytes between matrices
};

using interleave::chunk_slot;

/** Word `word` of the staged run (Chunk: uint4 or const uint4). */
template <int R, class Chunk>
__device__ __forceinline__ auto& word_slot(Chunk* s, int word) {
  using Word = std::conditional_t<std::is_const_v<Chunk>, const std::uint32_t, std::uint32_t>;
  return reinterpret_cast<Word*>(s + chunk_slot<R>(word >> 2))[word & 3];
}

/** The 8 bytes at words [word, word + 2) of the staged run (word even; Chunk: uint4 or const uint4). */
template <int R, class Chunk>
__device__ __forceinline__ auto& half_chunk(Chunk* s, int word) {
  using Half = std::conditional_t<std::is_const_v<Chunk>, const uint2, uint2>;
  return reinterpret_cast<Half*>(s + chunk_slot<R>(word >> 2))[(word >> 1) & 1];
}

/** Words [first, first + N) of the staged run; 16- or 8-byte accesses when W is 4 or 2
 *  (first is then a multiple of W), so a quarter (half) warp's chunks meet in distinct banks. */
template <int R, int W, int N>
__device__ __forceinline__ void put_words(uint4* s, int first, const std::uint32_t (&w)[N]) {
  if constexpr (W == 4) {
#pragma unroll
    for (int j = 0; j < N / 4; ++j) s[chunk_slot<R>(first / 4 + j)] = make_uint4(w[4 * j], w[4 * j + 1], w[4 * j + 2], w[4 * j + 3]);
  } else if constexpr (W == 2) {
#pragma unroll
    for (int j = 0; j < N / 2; ++j) half_chunk<R>(s, first + 2 * j) = make_uint2(w[2 * j], w[2 * j + 1]);
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) word_slot<R>(s, first + i) = w[i];
  }
}

template <int R, int W, int N>
__device__ __forceinline__ void get_words(const uint4* s, int first, std::uint32_t (&w)[N]) {
  if constexpr (W == 4) {
#pragma unroll
    for (int j = 0; j < N / 4; ++j) {
      const uint4 u = s[chunk_slot<R>(first / 4 + j)];
      w[4 * j] = u.x, w[4 * j + 1] = u.y, w[4 * j + 2] = u.z, w[4 * j + 3] = u.w;
    }
  } else if constexpr (W == 2) {
#pragma unroll
    for (int j = 0; j < N / 2; ++j) {
      const uint2 u = half_chunk<R>(s, first + 2 * j);
      w[2 * j] = u.x, w[2 * j + 1] = u.y;
    }
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) w[i] = word_slot<R>(s, first + i);
  }
}

/**
 * The S = 4W bytes at `at` in shared memory, at any byte offset: W + 1 aligned words and a
 * funnel shift for each. Consecutive threads read consecutive words, so no bank conflicts
 * and no shuffles; a warp funnel here (a shuffle per word and lane 31's extra chunk) cost
 * 31 x N bytes 8 points (80 -> 88%, sweep 19). Reads up to 3 bytes past the S, which the
 * staged cover of a row holds.
 */
template <int W>
__device__ __forceinline__ void read_staged(const unsigned char* at, std::uint32_t* out) {
  const int offset = static_cast<int>(reinterpret_cast<std::uintptr_t>(at) & 3);
  const auto* words = reinterpret_cast<const std::uint32_t*>(at - offset);
  std::uint32_t w[W + 1];
#pragma unroll
  for (int i = 0; i <= W; ++i) w[i] = words[i];
#pragma unroll
  for (int i = 0; i < W; ++i) out[i] = __funnelshift_r(w[i], w[i + 1], 8u * static_cast<unsigned>(offset));
}

/**
 * The tiles that cannot take the vector path (the last of a row whose strided side is not
 * 16-byte aligned, a partial last one) run element by element and take far longer than
 * the others; blocks 0 and 1 of each matrix take them, so that they start first and
 * finish under the bulk instead of after it. Tile index k of `tiles` on the long side.
 */
__device__ __forceinline__ std::int64_t boundary_tiles_first(std::int64_t k, std::int64_t tiles) {
  return k == 0 ? tiles - 1 : k - 1;
}

/**
 * Copies n elements of E <= 4 bytes, element i from src(i) to dst(i), with kBatch loads
 * in flight per thread before their stores: the byte pointers may alias as far as the
 * compiler knows, so a plain loop waits for every load before the next, and a boundary
 * tile of 31 rows of bytes then takes longer than the rest of the transpose. Each element
 * is held in one word and addresses are recomputed for the stores, so that this path does
 * not raise the kernel's register count above its vector path's.
 */
template <int E, class Src, class Dst, class Keep>
__device__ __forceinline__ void move_elements(int n, Src src, Dst dst, Keep keep) {
  static_assert(E == 1 || E == 2 || E == 4, "elements of at most one word");
  constexpr int kBatch = 8;
  const int t = static_cast<int>(threadIdx.x);
#pragma unroll 1
  for (int i0 = t; i0 < n; i0 += kThreads * kBatch) {
    std::uint32_t buf[kBatch];
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      const int i = i0 + k * kThreads;
      std::uint32_t w = 0;
      if (i < n && keep(i)) {
        const unsigned char* from = src(i);
#pragma unroll
        for (int e = 0; e < E; ++e) w |= static_cast<std::uint32_t>(from[e]) << (8 * e);
      }
      buf[k] = w;
    }
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      const int i = i0 + k * kThreads;
      if (i < n && keep(i)) {
        unsigned char* to = dst(i);
#pragma unroll
        for (int e = 0; e < E; ++e) to[e] = static_cast<unsigned char>(buf[k] >> (8 * e));
      }
    }
  }
}

template <int E, int R, bool kStageRows>
__global__ void __launch_bounds__(kThreads) interleave_wide_kernel(byte_view v, tiling g, bool rows_aligned) {
  using shape = interleave_shape<E, R>;
  constexpr int S = shape::S, W = shape::W, kRowChunks = shape::kRowChunks;
  extern __shared__ uint4 smem[];
  uint4* const staged = smem;  // kStageRows: each row's segment, as the aligned chunks covering it
  uint4* const s = smem + shape::staged_chunks(kStageRows);  // the block's output run
  const int t = static_cast<int>(threadIdx.x);
  g.for_each_tile([&](const tile_coord& tile) {
    // Only with staged rows: with rows in registers the boundary tiles' extra code costs a
    // block per SM, more than their head start gains (7 x N bytes 80.5 -> 74.0%, sweep 14).
    tile_coord at = tile;
    if constexpr (kStageRows) at.c0 = boundary_tiles_first(tile.c0 / shape::kSpan, g.tiles_c) * shape::kSpan;
    const unsigned char* in = v.in + at.b * v.stride_in + at.c0 * E;
    unsigned char* out = v.out + at.b * v.stride_out + at.c0 * R * E;
    const std::int64_t width = min(static_cast<std::int64_t>(shape::kSpan), v.long_side - at.c0);
    // A row's aligned cover reaches up to 15 bytes before and after its segment. Before a
    // row's first tile it is the tail of the row above, inside the data, except for a
    // matrix's first row when that row's cover starts before the input (an input pointer not
    // 16-byte aligned); after its segment it must stay in the row, which rules out the last
    // tile. Those tiles move element by element.
    const bool cover_before_inside = at.c0 > 0 || in - (reinterpret_cast<std::uintptr_t>(in) & 15) >= v.in;
    const bool fast = width == shape::kSpan &&
                      (rows_aligned || (cover_before_inside && at.c0 + shape::kSpan + 16 / E <= v.long_side));
    if (!fast) {  // block-uniform
      const auto source = [&](int i) {  // output element i: column i / R, row i % R
        const int col = i / R, row = i - col * R;
        return in + row * v.pitch_strided + col * E;
      };
      if constexpr (kStageRows) {
        move_elements<E>(
            static_cast<int>(width) * R, source, [&](int i) { return out + i * E; }, [](int) { return true; });
      } else {
        for (int i = t; i < width * R; i += kThreads) {
          const unsigned char* src = source(i);
#pragma unroll
          for (int e = 0; e < E; ++e) out[i * E + e] = src[e];
        }
      }
      return;
    }
    std::uint32_t rows[R * W];
    if constexpr (kStageRows) {
      // Asynchronous copies: every load of the tile is in flight at once, holding no registers.
      for (int i = t; i < R * kRowChunks; i += kThreads) {
        const int r = i / kRowChunks, j = i - r * kRowChunks;
        const unsigned char* seg = in + r * v.pitch_strided;
        const int m = static_cast<int>(reinterpret_cast<std::uintptr_t>(seg) & 15);
        if (j < kRowChunks - 1 || m != 0) __pipeline_memcpy_async(staged + i, seg - m + 16 * j, 16);
      }
      __pipeline_commit();
      __pipeline_wait_prior(0);
      __syncthreads();
#pragma unroll
      for (int r = 0; r < R; ++r) {
        const int m = static_cast<int>(reinterpret_cast<std::uintptr_t>(in + r * v.pitch_strided) & 15);
        read_staged<W>(reinterpret_cast<const unsigned char*>(staged + r * kRowChunks) + m + t * S, rows + r * W);
      }
    } else {
#pragma unroll
      for (int r = 0; r < R; ++r) {
        std::uint32_t piece[W];
        interleave::warp_load_funnel<W>(in + r * v.pitch_strided + (t & ~31) * S, piece);
#pragma unroll
        for (int i = 0; i < W; ++i) rows[r * W + i] = piece[i];
      }
    }
    std::uint32_t words[R * W];
    interleave::gather_words<interleave::wide_map<E, R, W>>(rows, words);
    put_words<R, W>(s, t * R * W, words);
    __syncthreads();
    for (int q = t; q < shape::kChunks; q += kThreads) {
      __stcs(reinterpret_cast<uint4*>(out) + q, s[chunk_slot<R>(q)]);
    }
    __syncthreads();
  });
}

template <int E, int R, int... Cs>
__device__ __forceinline__ void gather_tall_rows(const std::uint32_t (&rows)[R * (interleave_shape<E, R>::W)], uint4* s,
                                                 std::integer_sequence<int, Cs...>) {
  constexpr int W = interleave_shape<E, R>::W;
  const int t = static_cast<int>(threadIdx.x);
  (
      [&] {
        std::uint32_t words[W];
        interleave::gather_words<interleave::tall_map<E, R, Cs>>(rows, words);
        put_words<R, W>(s, (Cs * kThreads + t) * W, words);
      }(),
      ...);
}

/** Blocks per SM the tall kernel is compiled for: its registers would otherwise allow 2-3
 *  (up to 143 for 31 columns of bytes), and its copy-out keeps more blocks busy (sweep 19:
 *  N x 31 bytes 89% at 4 blocks; 16M x 2 bytes 76 -> 96% at 6). */
template <int R>
inline constexpr int kTallBlocksPerSM = R > 8 ? 4 : 6;

/**
 * Few columns R (tall). Output rows that do not start 16-byte aligned (an odd long side of
 * bytes) are written as the aligned 16-byte chunks of their own address range: for output
 * row c the block writes the bytes [r0 - m_c, r0 + span - m_c) of its span, m_c being the
 * row's misalignment, so every block stores whole aligned chunks and no chunk is shared
 * by two blocks. The m_c bytes before r0 are the previous tile's last columns: the block
 * builds them from the 16 bytes of input rows before its run (`head`). The first tile
 * stores its first chunk's bytes one by one, and the last tile, element by element, writes
 * from r0 - m_c to the end. Splitting chunks between neighbouring blocks instead, each
 * warp finishing its 512-byte run's two partial chunks byte by byte, left the kernel
 * instruction-bound: N x 31 bytes 55% of memcpy, 93% with aligned rows (sweep 19).
 */
template <int E, int R>
__global__ void __launch_bounds__(kThreads, kTallBlocksPerSM<R>) interleave_tall_kernel(byte_view v, tiling g) {
  using shape = interleave_shape<E, R>;
  constexpr int S = shape::S, W = shape::W;
  constexpr int kHead = 16 / E;                      // input rows whose bytes fill one chunk of each output row
  constexpr int kRowChunks = kThreads * S / 16;      // 16-byte chunks of one output row's span
  __shared__ uint4 s[shape::kChunks];
  __shared__ uint4 head[R];                          // output row c's kHead columns before r0
  const int t = static_cast<int>(threadIdx.x);
  // Every output row starts at the same offset within a chunk from one tile to the next
  // (spans are multiples of 16 bytes); whether any row is misaligned is known up front.
  const bool rows_aligned = ((reinterpret_cast<std::uintptr_t>(v.out) | static_cast<std::uintptr_t>(v.pitch_strided) |
                              static_cast<std::uintptr_t>(v.stride_out)) & 15) == 0;
  g.for_each_tile([&](const tile_coord& tile) {
    tile_coord at = tile;
    at.r0 = boundary_tiles_first(tile.r0 / shape::kSpan, g.tiles_r) * shape::kSpan;
    const unsigned char* in = v.in + at.b * v.stride_in + at.r0 * R * E;
    unsigned char* out = v.out + at.b * v.stride_out + at.r0 * E;
    const std::int64_t height = min(static_cast<std::int64_t>(shape::kSpan), v.long_side - at.r0);
    const bool last = at.r0 + shape::kSpan >= v.long_side;
    if (height < shape::kSpan || (last && !rows_aligned)) {  // element by element
      // Misaligned rows: row c from column r0 - m_c / E on, where the previous tile stopped.
      const int back = (rows_aligned || at.r0 == 0) ? 0 : kHead;
      const auto misaligned = [&](int c) {
        return static_cast<int>(reinterpret_cast<std::uintptr_t>(out + c * v.pitch_strided) & 15) / E;
      };
      // Element i: column i % R of input row r0 - back + i / R.
      const auto row_col = [&](int i) {
        const int row = i / R - back;
        return make_int2(row, i - (row + back) * R);
      };
      move_elements<E>(
          static_cast<int>(height + back) * R, [&](int i) { return in + (i - back * R) * E; },
          [&](int i) {
            const int2 rc = row_col(i);
            return out + rc.y * v.pitch_strided + rc.x * E;
          },
          [&](int i) {  // rows before r0: only the m_c / E the previous tile left
            const int2 rc = row_col(i);
            return rc.x >= 0 || rc.x >= -misaligned(rc.y);
          });
      return;
    }
    for (int q = t; q < shape::kChunks; q += kThreads) {
      __pipeline_memcpy_async(s + chunk_slot<R>(q), reinterpret_cast<const uint4*>(in) + q, 16);
    }
    __pipeline_commit();
    if (!rows_aligned && at.r0 > 0) {
      // Byte k of head[c] is byte k % E of column c of input row r0 - kHead + k / E.
      for (int q = t; q < 16 * R; q += kThreads) {
        const int c = q >> 4, k = q & 15;
        reinterpret_cast<unsigned char*>(head)[q] = in[((k / E - kHead) * R + c) * E + k % E];
      }
    }
    __pipeline_wait_prior(0);
    __syncthreads();
    std::uint32_t rows[R * W];
    get_words<R, W>(s, t * R * W, rows);
    __syncthreads();
    // The buffer now holds the output in row order: S bytes per thread per output row, so
    // the gather's stores and the copy-out below are both contiguous across lanes.
    gather_tall_rows<E, R>(rows, s, std::make_integer_sequence<int, R>{});
    __syncthreads();
#pragma unroll 1
    for (int q = t; q < R * kRowChunks; q += kThreads) {
      const int c = q / kRowChunks, j = q - c * kRowChunks;
      unsigned char* row = out + c * v.pitch_strided;
      const int m = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) & 15);
      std::uint32_t hi[4];
      get_words<R, 4>(s, q * 4, hi);
      if (m == 0) {
        interleave::store_vector<4>(row + 16 * j, hi);
        continue;
      }
      std::uint32_t lo[4], chunk[4];
      if (j > 0) {
        get_words<R, 4>(s, (q - 1) * 4, lo);
      } else if (at.r0 > 0) {
        const uint4 h = head[c];
        lo[0] = h.x, lo[1] = h.y, lo[2] = h.z, lo[3] = h.w;
      } else {  // only the chunk's bytes from m on are stored, all from hi
        lo[0] = lo[1] = lo[2] = lo[3] = 0;
      }
      interleave::extract<4>(lo, hi, 16 - m, chunk);
      unsigned char* dst = row - m + 16 * j;
      if (j == 0 && at.r0 == 0) {  // the chunk starts before the row
        for (int k = m; k < 16; ++k) dst[k] = interleave::byte_at<4>(chunk, k);
      } else {
        interleave::store_vector<4>(dst, chunk);
      }
    }
    __syncthreads();
  });
}

template <int E, int R, bool kStageRows>
void launch_wide(const plan& p, const byte_view& v) {
  using shape = interleave_shape<E, R>;
  const tiling g = make_tiling(p, R, shape::kSpan, tile_order::rows);
  const auto kernel = interleave_wide_kernel<E, R, kStageRows>;
  const int shared_bytes = shape::wide_shared_bytes(kStageRows);
  allow_shared(kernel, shared_bytes);
  prefer_shared_memory(kernel);
  kernel<<<grid_for(g), kThreads, shared_bytes, p.stream>>>(v, g, p.vec_in);
}

template <int E, int R>
void launch_shape(const plan& p, bool wide) {
  using shape = interleave_shape<E, R>;
  const auto e = static_cast<std::int64_t>(E);
  byte_view v{};
  v.in = static_cast<const unsigned char*>(p.in);
  v.out = static_cast<unsigned char*>(p.out);
  v.long_side = wide ? p.cols : p.rows;
  v.pitch_strided = (wide ? p.ld_in : p.ld_out) * e;
  v.stride_in = p.stride_in * e;
  v.stride_out = p.stride_out * e;
  if (wide) {
    // The rows are staged in shared memory by asynchronous copies (one memory round trip per
    // tile, no registers held per load in flight) always with 4-byte pieces (R > 8), and
    // with 8-byte pieces (5 to 8 rows) when they are not 16-byte aligned (p.vec_in), where
    // the register funnel's second round trip costs more (sweep 19, bytes: 7 x N 79 -> 90%,
    // 8 x N 64 -> 82%, but 4 x N 80 -> 77%). Aligned rows, 4 rows, and 2 or 3 rows load
    // straight into registers (staged: 4 x 16M bytes 96 -> 82%; with 16-byte pieces three
    // blocks per SM; docs/auto.md).
    if constexpr (shape::S == 4) {
      launch_wide<E, R, true>(p, v);
    } else if constexpr (shape::S == 8 && R >= 5) {
      p.vec_in ? launch_wide<E, R, false>(p, v) : launch_wide<E, R, true>(p, v);
    } else {
      launch_wide<E, R, false>(p, v);
    }
  } else {
    const tiling g = make_tiling(p, shape::kSpan, R, tile_order::rows);
    prefer_shared_memory(interleave_tall_kernel<E, R>);
    interleave_tall_kernel<E, R><<<grid_for(g), kThreads, 0, p.stream>>>(v, g);
  }
}

template <int E, int... Rs>
void launch_for_rows(const plan& p, bool wide, std::int64_t r, std::integer_sequence<int, Rs...>) {
  const bool launched = ((r == Rs + 1 ? (launch_shape<E, Rs + 1>(p, wide), true) : false) || ...);
  if (!launched) raise(status::internal_error, "interleave kernel planned for ", r, " rows");
}

}  // namespace

void launch_skinny_interleave(const plan& p, bool wide) {
  const std::int64_t r = wide ? p.rows : p.cols;
  constexpr auto sizes = std::make_integer_sequence<int, kMaxInterleave>{};
  switch (p.elem_bytes) {
    case 1: launch_for_rows<1>(p, wide, r, sizes); break;
    case 2: launch_for_rows<2>(p, wide, r, sizes); break;
    case 4: launch_for_rows<4>(p, wide, r, sizes); break;
    default: raise(status::internal_error, "interleave kernel planned for ", p.elem_bytes, "-byte elements");
  }
  check_launch(wide ? "interleave (few rows)" : "interleave (few columns)");
}

}  // namespace xpose::detail
