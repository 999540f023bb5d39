// `auto` for matrices with one side of at most kMaxSkinny elements (2 x 16M, 16M x 2,
// 31 x N, batches of tiny matrices), and for 1- and 2-byte matrices of up to 167 / 150 rows
// whose packed output rows are not 16-byte aligned (core/plan.hpp: short_misaligned_wide;
// skinny_chunk fits a chunk in shared memory up to 1024 rows). A tiled kernel wastes most
// of each tile there and writes runs of a few bytes; here one side of the transpose is
// contiguous:
//
//   few rows R, output rows packed (ld_out = R): columns [c0, c0 + C) of the input
//   (R row segments, read with 16-byte loads) are exactly output elements
//   [c0 * R, (c0 + C) * R), one contiguous run written with 16-byte stores;
//   few columns R, input rows packed (ld_in = R): the mirror image.
//
// Shared memory holds the chunk in the order of the contiguous side, so that side moves
// as 16-byte vectors; the other side gathers or scatters single elements.
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"
#include "staged_run.cuh"

#include "../core/plan.hpp"
#include "../core/raise.hpp"

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;
constexpr int kChunkBytes = static_cast<int>(kSkinnyChunkBytes);

template <class T>
struct skinny_args {
  matrix_view<T> m;
  std::int64_t small;   // R: rows (wide case) or cols (tall case)
  int chunk;            // C: elements of the long side per block (power of two, multiple of V)
  int chunk_shift;      // log2(C)
  bool elem_aligned;    // pointers are multiples of the element size
  bool vec_packed;      // the packed side's matrices start 16-byte aligned
};

// A row segment of `width` elements is moved in chunks: chunk 0 is the head up to the
// first 16-byte boundary, chunk j >= 1 the j-th 16-byte vector after it (the last one
// possibly partial). Every row of the strided side then moves as 16-byte vectors
// whatever its alignment, as long as elements are aligned to their size.
template <class T>
struct row_chunks {
  static constexpr int V = 16 / sizeof(T);
  int head;        // elements before the first 16-byte boundary
  bool vectors;    // element-aligned: chunks j >= 1 may be 16-byte accesses

  __device__ row_chunks(const T* row, int width, bool elem_aligned) {
    const auto misalign = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) & 15);
    vectors = elem_aligned;
    head = elem_aligned ? min(width, ((16 - misalign) & 15) / static_cast<int>(sizeof(T))) : 0;
  }
  /** Elements [lo, hi) of chunk j; full == a whole aligned 16-byte vector. */
  __device__ void bounds(int j, int width, int& lo, int& hi, bool& full) const {
    lo = j == 0 ? 0 : head + (j - 1) * V;
    hi = min(width, j == 0 ? head : head + j * V);
    full = vectors && j > 0 && hi - lo == V;
  }
};

// Few rows: input rows r < R at stride ld_in, output chunk contiguous. EVICT_FIRST: the
// input vectors are loaded evict-first (see wide_loads_ahead).
template <class T, int AHEAD, bool EVICT_FIRST>
__global__ void __launch_bounds__(kThreads) skinny_wide_kernel(skinny_args<T> a, tiling g) {
  constexpr int V = 16 / sizeof(T);
  __shared__ T s[skewed_size<T>(kChunkBytes / sizeof(T))];
  const auto& m = a.m;
  const int R = static_cast<int>(a.small);
  g.for_each_tile([&](const tile_coord& at) {
    const int width = static_cast<int>(min(static_cast<std::int64_t>(a.chunk), m.cols - at.c0));  // columns here
    // Load: R row segments; element (r, c) goes to s[c * R + r] (output order). AHEAD vectors
    // a thread are loaded before the first is staged.
    const int chunks = a.chunk / V + 1;
    for (int t0 = threadIdx.x; t0 < R * chunks; t0 += AHEAD * kThreads) {
      vector16<T> u[AHEAD];
      bool full[AHEAD];
      int lo[AHEAD], hi[AHEAD];
#pragma unroll
      for (int q = 0; q < AHEAD; ++q) {
        const int t = t0 + q * kThreads;
        full[q] = false, lo[q] = hi[q] = 0;
        if (t >= R * chunks) continue;
        const int r = t / chunks, j = t - r * chunks;
        const T* src = m.in_row(at.b, r) + at.c0;
        const row_chunks<T> rc(src, width, a.elem_aligned);
        rc.bounds(j, width, lo[q], hi[q], full[q]);
        if (full[q]) {
          const auto* v = reinterpret_cast<const uint4*>(src + lo[q]);
          u[q].v = EVICT_FIRST ? __ldcs(v) : *v;
        }
      }
#pragma unroll
      for (int q = 0; q < AHEAD; ++q) {
        const int t = t0 + q * kThreads;
        if (t >= R * chunks) continue;
        const int r = t / chunks;
        if (full[q]) {
#pragma unroll
          for (int k = 0; k < V; ++k) s[skewed<T>((lo[q] + k) * R + r)] = u[q].e[k];
        } else {
          const T* src = m.in_row(at.b, r) + at.c0;
          for (int c = lo[q]; c < hi[q]; ++c) s[skewed<T>(c * R + r)] = src[c];
        }
      }
    }
    __syncthreads();
    // Store: one contiguous run of width * R elements.
    T* dst = m.out_row(at.b, at.c0);
    const int n = width * R;
    store_run_skewed<T, kThreads>(s, n, a.vec_packed, dst);
    __syncthreads();
  });
}

// Few columns: input chunk contiguous (rows r0.. of R elements each), output rows c < R
// at stride ld_out.
// Its contiguous input run goes four vectors a thread ahead of staging (one at a time before).
// H200, % of memcpy, one -> two -> four ahead, two rounds (bench/results/h200/session45/tall):
// fp32 2097152 x 48 82.3 -> 77.2 -> 92.5, (1024, 512, 48) 84.1 -> 80.7 -> 95.7, 1048575 x 40
// 65.1 -> 62.6 -> 67.2; fp64 1048576 x 40 83.0 -> 66.3 -> 88.0, 2097152 x 20 84.2 -> 67.3 ->
// 88.8; 16-byte 1048576 x 20 80.5 -> 73.0 -> 84.7; 2-byte 4194303 x 40 59.0 -> 60.1 -> 62.1;
// level: fp64 1048576 x 64, 2-byte 2097152 x 64, bytes 4194303 x 48 (54.6 -> 53.9 -> 54.1).
constexpr int kTallLoadsAhead = 4;

template <class T>
__global__ void __launch_bounds__(kThreads) skinny_tall_kernel(skinny_args<T> a, tiling g) {
  constexpr int V = 16 / sizeof(T);
  __shared__ T s[skewed_size<T>(kChunkBytes / sizeof(T))];
  const auto& m = a.m;
  const int R = static_cast<int>(a.small);
  g.for_each_tile([&](const tile_coord& at) {
    const int height = static_cast<int>(min(static_cast<std::int64_t>(a.chunk), m.rows - at.r0));  // rows here
    const T* src = m.in_row(at.b, at.r0);
    const int n = height * R;
    load_run_skewed<T, kThreads, kTallLoadsAhead>(src, n, a.vec_packed, s);
    __syncthreads();
    // Store: output row c gets elements s[r * R + c] for r < height.
    const int chunks = a.chunk / V + 1;
    for (int t = threadIdx.x; t < R * chunks; t += kThreads) {
      const int c = t / chunks, j = t - c * chunks;
      T* dst = m.out_row(at.b, c) + at.r0;
      const row_chunks<T> rc(dst, height, a.elem_aligned);
      int lo, hi;
      bool full;
      rc.bounds(j, height, lo, hi, full);
      if (full) {
        vector16<T> u;
#pragma unroll
        for (int k = 0; k < V; ++k) u.e[k] = s[skewed<T>((lo + k) * R + c)];
        __stcs(reinterpret_cast<uint4*>(dst + lo), u.v);
      } else {
        for (int r = lo; r < hi; ++r) dst[r] = s[skewed<T>(r * R + c)];
      }
    }
    __syncthreads();
  });
}

// Vectors a thread of the few-rows kernel loads before staging them. One at a time left few
// loads in flight; with input rows 16-byte aligned, four (two for 2-byte elements) gained 3-10
// points of memcpy, but on misaligned rows (each row's vectors shifted by its own head) one
// stays ahead. H200, % of memcpy, one -> two -> four, two rounds (bench/results/h200/session45/
// ahead): bytes 48 x 4194304 60.0 -> 63.9 -> 67.7, 100 x 671088 60.2 -> 65.3 -> 67.6,
// (2048, 100, 256) 58.1 -> 63.0 -> 65.4; 2-byte 56 x 2097152 76.0 -> 83.0 -> 82.5, 100 x 335544
// 72.0 -> 80.8 -> 78.2; fp32 50 x 100000 82.4 -> 90.7 -> 92.7, 48 x 1048576 76.4 -> 82.7 ->
// 84.5; fp64 40 x 1048576 75.4 -> 72.1 -> 79.7. Misaligned input rows, bytes: 65 x 1032444
// 41.6 -> 39.8 -> 38.7, 120 x 559240 52.9 -> 49.1 -> 47.0, 167 x 401849 37.2 -> 35.1 -> 32.2.
template <class T>
int wide_loads_ahead(const plan& p) {
  if (!p.vec_in) return 1;
  return sizeof(T) == 2 ? 2 : 4;
}

// The few-rows kernel loads its input vectors evict-first where it loads several ahead (16-byte
// aligned input rows), plain where it loads one (misaligned rows). On misaligned rows each
// row's head and tail elements share 32-byte sectors with its first and last vectors and are
// read element by element by other threads, so an evicted sector is likely fetched twice (as
// with the vectorized tile's edge vectors, plan.hpp: stream_edge_vectors). H200, % of memcpy,
// evict-first -> plain, two rounds (bench/results/h200/session45/plain): fp32 50 x 1000001
// 69.8 -> 75.45; bytes 65 x 1032444 41.45 -> 42.4, (2048, 100, 250) 36.4 -> 37.45, 167 x 401849
// 37.35 -> 38.05, 120 x 559240 52.6 -> 52.3, 48 x 4194303 48.05 -> 48.0; 2-byte 65 x 516222
// 52.25 -> 52.75.

int floor_log2(std::int64_t v) {
  int l = 0;
  while ((std::int64_t{2} << l) <= v) ++l;
  return l;
}

}  // namespace

template <class T>
void launch_skinny(const plan& p, bool wide) {
  skinny_args<T> a{};
  a.m = make_view<T>(p);
  a.small = wide ? p.rows : p.cols;
  a.chunk_shift = floor_log2(skinny_chunk(a.small, static_cast<std::int64_t>(sizeof(T))));
  a.chunk = 1 << a.chunk_shift;
  if (a.chunk * a.small * static_cast<std::int64_t>(sizeof(T)) > kChunkBytes) {
    raise(status::internal_error, "skinny chunk does not fit shared memory (small side ", a.small, ")");
  }
  const auto e = static_cast<std::int64_t>(sizeof(T));
  const auto base_ok = [&](const void* ptr, std::int64_t stride) {
    return reinterpret_cast<std::uintptr_t>(ptr) % 16 == 0 && (p.batch == 1 || (stride * e) % 16 == 0);
  };
  // The packed side's run for chunk k starts at k * C * R elements: aligned when the matrix is.
  a.vec_packed = p.elem_aligned && (wide ? base_ok(p.out, p.stride_out) : base_ok(p.in, p.stride_in));
  a.elem_aligned = p.elem_aligned;
  const tiling g = wide ? make_tiling(p, static_cast<int>(p.rows), a.chunk, tile_order::rows)
                        : make_tiling(p, a.chunk, static_cast<int>(p.cols), tile_order::rows);
  if (wide) {
    // Aligned input rows load several ahead, evict-first; misaligned ones one ahead, plain.
    // Byte-wise element types (misaligned pointers) never have vector rows: only one ahead
    // is instantiated for them.
    const int ahead = has_vector_path<T> ? wide_loads_ahead<T>(p) : 1;
    if constexpr (has_vector_path<T>) {
      if (ahead == 4) skinny_wide_kernel<T, 4, true><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
      if (ahead == 2) skinny_wide_kernel<T, 2, true><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
    }
    if (ahead == 1) skinny_wide_kernel<T, 1, false><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
  } else {
    skinny_tall_kernel<T><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
  }
  check_launch(wide ? "skinny (few rows)" : "skinny (few columns)");
}

#define XPOSE_INSTANTIATE(T) template void launch_skinny<T>(const plan&, bool);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
