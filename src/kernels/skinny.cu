// `auto` for matrices with one side of at most kMaxSkinny elements (2 x 16M, 16M x 2,
// 31 x N, batches of tiny matrices). A tiled kernel wastes most of each tile there and
// writes runs of a few bytes; here one side of the transpose is contiguous:
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

#include "../core/raise.hpp"

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;
constexpr int kChunkBytes = 16384;  // shared memory per block

template <class T>
struct skinny_args {
  matrix_view<T> m;
  std::int64_t small;   // R: rows (wide case) or cols (tall case)
  int chunk;            // C: elements of the long side per block (power of two, multiple of V)
  int chunk_shift;      // log2(C)
  bool vec_strided;     // the strided side's rows are 16-byte aligned
  bool vec_packed;      // the packed side's matrices start 16-byte aligned
};

__device__ __forceinline__ bool aligned16(const void* p) { return (reinterpret_cast<std::uintptr_t>(p) & 15) == 0; }

// Few rows: input rows r < R at stride ld_in, output chunk contiguous.
template <class T>
__global__ void __launch_bounds__(kThreads) skinny_wide_kernel(skinny_args<T> a, tiling g) {
  constexpr int V = 16 / sizeof(T);
  __shared__ uint4 raw[kChunkBytes / 16];
  T* s = reinterpret_cast<T*>(raw);
  const auto& m = a.m;
  const int R = static_cast<int>(a.small);
  g.for_each_tile([&](const tile_coord& at) {
    const int width = static_cast<int>(min(static_cast<std::int64_t>(a.chunk), m.cols - at.c0));  // columns here
    const int vec_per_row = a.chunk / V;
    // Load: R row segments; element (r, c) goes to s[c * R + r] (output order).
    for (int t = threadIdx.x; t < R * vec_per_row; t += kThreads) {
      const int r = t >> (a.chunk_shift - __ffs(V) + 1);
      const int c = (t & (vec_per_row - 1)) * V;
      if (c >= width) continue;
      const T* src = m.in_row(at.b, r) + at.c0 + c;
      if (a.vec_strided && c + V <= width) {
        union {
          uint4 v;
          T e[V];
        } u;
        u.v = __ldcs(reinterpret_cast<const uint4*>(src));
#pragma unroll
        for (int k = 0; k < V; ++k) s[(c + k) * R + r] = u.e[k];
      } else {
        for (int k = 0; k < V && c + k < width; ++k) s[(c + k) * R + r] = src[k];
      }
    }
    __syncthreads();
    // Store: one contiguous run of width * R elements.
    T* dst = m.out_row(at.b, at.c0);
    const int n = width * R;
    if (a.vec_packed) {
      const int nv = n / V;
      for (int t = threadIdx.x; t < nv; t += kThreads) __stcs(reinterpret_cast<uint4*>(dst) + t, raw[t]);
      for (int f = nv * V + threadIdx.x; f < n; f += kThreads) dst[f] = s[f];
    } else {
      for (int f = threadIdx.x; f < n; f += kThreads) dst[f] = s[f];
    }
    __syncthreads();
  });
}

// Few columns: input chunk contiguous (rows r0.. of R elements each), output rows c < R
// at stride ld_out.
template <class T>
__global__ void __launch_bounds__(kThreads) skinny_tall_kernel(skinny_args<T> a, tiling g) {
  constexpr int V = 16 / sizeof(T);
  __shared__ uint4 raw[kChunkBytes / 16];
  T* s = reinterpret_cast<T*>(raw);
  const auto& m = a.m;
  const int R = static_cast<int>(a.small);
  g.for_each_tile([&](const tile_coord& at) {
    const int height = static_cast<int>(min(static_cast<std::int64_t>(a.chunk), m.rows - at.r0));  // rows here
    const T* src = m.in_row(at.b, at.r0);
    const int n = height * R;
    if (a.vec_packed) {
      const int nv = n / V;
      for (int t = threadIdx.x; t < nv; t += kThreads) raw[t] = __ldcs(reinterpret_cast<const uint4*>(src) + t);
      for (int f = nv * V + threadIdx.x; f < n; f += kThreads) s[f] = src[f];
    } else {
      for (int f = threadIdx.x; f < n; f += kThreads) s[f] = src[f];
    }
    __syncthreads();
    // Store: output row c gets elements s[r * R + c] for r < height.
    const int vec_per_row = a.chunk / V;
    for (int t = threadIdx.x; t < R * vec_per_row; t += kThreads) {
      const int c = t >> (a.chunk_shift - __ffs(V) + 1);
      const int r = (t & (vec_per_row - 1)) * V;
      if (r >= height) continue;
      T* dst = m.out_row(at.b, c) + at.r0 + r;
      if (a.vec_strided && r + V <= height) {
        union {
          uint4 v;
          T e[V];
        } u;
#pragma unroll
        for (int k = 0; k < V; ++k) u.e[k] = s[(r + k) * R + c];
        __stcs(reinterpret_cast<uint4*>(dst), u.v);
      } else {
        for (int k = 0; k < V && r + k < height; ++k) dst[k] = s[(r + k) * R + c];
      }
    }
    __syncthreads();
  });
}

int floor_log2(std::int64_t v) {
  int l = 0;
  while ((std::int64_t{2} << l) <= v) ++l;
  return l;
}

}  // namespace

template <class T>
void launch_skinny(const plan& p, bool wide) {
  constexpr int V = 16 / sizeof(T);
  skinny_args<T> a{};
  a.m = make_view<T>(p);
  a.small = wide ? p.rows : p.cols;
  const std::int64_t fit = kChunkBytes / (a.small * static_cast<std::int64_t>(sizeof(T)));
  a.chunk_shift = std::max(floor_log2(fit), floor_log2(V));
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
  a.vec_strided = wide ? p.vec_in : p.vec_out;
  const tiling g = wide ? make_tiling(p, static_cast<int>(p.rows), a.chunk) : make_tiling(p, a.chunk, static_cast<int>(p.cols));
  if (wide) {
    skinny_wide_kernel<T><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
  } else {
    skinny_tall_kernel<T><<<grid_for(g), kThreads, 0, p.stream>>>(a, g);
  }
  check_launch(wide ? "skinny (few rows)" : "skinny (few columns)");
}

#define XPOSE_INSTANTIATE(T) template void launch_skinny<T>(const plan&, bool);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
