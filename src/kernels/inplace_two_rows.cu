// In-place transpose of 2 x L and L x 2 matrices: one row copied to the workspace, then
// three out-of-place interleaves (wide) or de-interleaves (tall) over column blocks; the
// steps and why they are safe are in src/core/two_row_schedule.hpp and docs/inplace.md.
//
// The four steps chain with programmatic dependent launch (chain_with_neighbour_steps):
// on the H200 that took 2 x 16M bytes from 51% to 58% of memcpy and 16M x 2 from 52% to 61%
// (bench/results/h200/experiments/sweep13_two_rows_pdl.txt).
//
// Traffic: 1.625x the matrix in and out (the copies move L + L/4 elements, the blocks 2L),
// against the three line permutations' 3x and their one-row-at-a-time launches, which
// held 2 x 16M at 1-2% of memcpy.
#include "../core/raise.hpp"
#include "../core/two_row_schedule.hpp"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;

// Two 16-byte vectors of rows 0 and 1 -> the 32 interleaved bytes (lo, hi), and back.
// E is the element size; byte permutes for 1 and 2 bytes, word moves otherwise.
template <int E>
__device__ __forceinline__ void interleave16(const uint4& r0, const uint4& r1, uint4& lo, uint4& hi) {
  if constexpr (E == 16) {
    lo = r0;
    hi = r1;
  } else if constexpr (E == 8) {
    lo = make_uint4(r0.x, r0.y, r1.x, r1.y);
    hi = make_uint4(r0.z, r0.w, r1.z, r1.w);
  } else if constexpr (E == 4) {
    lo = make_uint4(r0.x, r1.x, r0.y, r1.y);
    hi = make_uint4(r0.z, r1.z, r0.w, r1.w);
  } else {
    constexpr unsigned kLow = E == 2 ? 0x5410 : 0x5140, kHigh = E == 2 ? 0x7632 : 0x7362;
    lo = make_uint4(__byte_perm(r0.x, r1.x, kLow), __byte_perm(r0.x, r1.x, kHigh), __byte_perm(r0.y, r1.y, kLow),
                    __byte_perm(r0.y, r1.y, kHigh));
    hi = make_uint4(__byte_perm(r0.z, r1.z, kLow), __byte_perm(r0.z, r1.z, kHigh), __byte_perm(r0.w, r1.w, kLow),
                    __byte_perm(r0.w, r1.w, kHigh));
  }
}

template <int E>
__device__ __forceinline__ void deinterleave16(const uint4& lo, const uint4& hi, uint4& r0, uint4& r1) {
  if constexpr (E == 16) {
    r0 = lo;
    r1 = hi;
  } else if constexpr (E == 8) {
    r0 = make_uint4(lo.x, lo.y, hi.x, hi.y);
    r1 = make_uint4(lo.z, lo.w, hi.z, hi.w);
  } else if constexpr (E == 4) {
    r0 = make_uint4(lo.x, lo.z, hi.x, hi.z);
    r1 = make_uint4(lo.y, lo.w, hi.y, hi.w);
  } else {
    constexpr unsigned kEven = E == 2 ? 0x5410 : 0x6420, kOdd = E == 2 ? 0x7632 : 0x7531;
    r0 = make_uint4(__byte_perm(lo.x, lo.y, kEven), __byte_perm(lo.z, lo.w, kEven), __byte_perm(hi.x, hi.y, kEven),
                    __byte_perm(hi.z, hi.w, kEven));
    r1 = make_uint4(__byte_perm(lo.x, lo.y, kOdd), __byte_perm(lo.z, lo.w, kOdd), __byte_perm(hi.x, hi.y, kOdd),
                    __byte_perm(hi.z, hi.w, kOdd));
  }
}

/** A side copy that shares a launch with a block (it touches none of the block's data). */
template <class T>
struct side_copy {
  const T* src = nullptr;
  T* dst = nullptr;
  std::int64_t n = 0;
  bool vector = false;  // both ends 16-byte aligned
};

/**
 * Over the grid's threads: vector_body(v) for every whole 16-byte vector v of an n-element
 * range when kVector, then element_body(j) for the elements not covered by a vector.
 */
template <class T, bool kVector, class VectorBody, class ElementBody>
__device__ __forceinline__ void grid_stride(std::int64_t n, VectorBody&& vector_body, ElementBody&& element_body) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * kThreads;
  const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * kThreads + threadIdx.x;
  std::int64_t done = 0;
  if constexpr (kVector) {
    constexpr int V = 16 / sizeof(T);
    const std::int64_t vectors = n / V;
    for (std::int64_t v = first; v < vectors; v += stride) vector_body(v);
    done = vectors * V;
  }
  for (std::int64_t j = done + first; j < n; j += stride) element_body(j);
}

template <class T>
__device__ __forceinline__ void run_side_copy(const side_copy<T>& c) {
  auto vector = [&](std::int64_t v) {
    __stcs(reinterpret_cast<uint4*>(c.dst) + v, __ldcs(reinterpret_cast<const uint4*>(c.src) + v));
  };
  auto element = [&](std::int64_t j) { c.dst[j] = c.src[j]; };
  if (c.vector) {
    grid_stride<T, has_vector_path<T>>(c.n, vector, element);
  } else {
    grid_stride<T, false>(c.n, vector, element);
  }
}

/** The steps run back to back with programmatic dependent launch (sm_90): every block
    lets the next step's grid be scheduled, then waits until the previous step's grid has
    finished and its writes are visible. The launch gaps between the four steps then
    overlap the tails of the steps before them. */
__device__ __forceinline__ void chain_with_neighbour_steps() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
  cudaGridDependencySynchronize();
#endif
}

/** pairs[2j + i] = row_i[j] for j < n; row0, row1 and pairs do not overlap. */
template <class T, bool kVector>
__global__ void __launch_bounds__(kThreads) interleave_kernel(const T* __restrict__ row0, const T* __restrict__ row1,
                                                              T* __restrict__ pairs, std::int64_t n, side_copy<T> extra) {
  chain_with_neighbour_steps();
  grid_stride<T, kVector>(
      n,
      [&](std::int64_t v) {
        uint4 lo, hi;
        interleave16<sizeof(T)>(__ldcs(reinterpret_cast<const uint4*>(row0) + v),
                                __ldcs(reinterpret_cast<const uint4*>(row1) + v), lo, hi);
        __stcs(reinterpret_cast<uint4*>(pairs) + 2 * v, lo);
        __stcs(reinterpret_cast<uint4*>(pairs) + 2 * v + 1, hi);
      },
      [&](std::int64_t j) {
        const T a = row0[j], b = row1[j];
        pairs[2 * j] = a;
        pairs[2 * j + 1] = b;
      });
  run_side_copy(extra);
}

/** row_i[j] = pairs[2j + i] for j < n; the inverse of interleave_kernel. */
template <class T, bool kVector>
__global__ void __launch_bounds__(kThreads) deinterleave_kernel(const T* __restrict__ pairs, T* __restrict__ row0,
                                                                T* __restrict__ row1, std::int64_t n,
                                                                side_copy<T> extra) {
  chain_with_neighbour_steps();
  grid_stride<T, kVector>(
      n,
      [&](std::int64_t v) {
        uint4 r0, r1;
        deinterleave16<sizeof(T)>(__ldcs(reinterpret_cast<const uint4*>(pairs) + 2 * v),
                                  __ldcs(reinterpret_cast<const uint4*>(pairs) + 2 * v + 1), r0, r1);
        __stcs(reinterpret_cast<uint4*>(row0) + v, r0);
        __stcs(reinterpret_cast<uint4*>(row1) + v, r1);
      },
      [&](std::int64_t j) {
        const T a = pairs[2 * j], b = pairs[2 * j + 1];
        row0[j] = a;
        row1[j] = b;
      });
  run_side_copy(extra);
}

/** A matrix of at most two_row_staged_limit() columns: one block stages row 0 first. */
template <class T>
__global__ void __launch_bounds__(1024) interleave_staged_kernel(T* data, const T* __restrict__ row1, std::int64_t n) {
  extern __shared__ unsigned char stage_raw[];
  T* stage = reinterpret_cast<T*>(stage_raw);
  for (std::int64_t j = threadIdx.x; j < n; j += blockDim.x) stage[j] = data[j];
  __syncthreads();
  for (std::int64_t q = threadIdx.x; q < 2 * n; q += blockDim.x) data[q] = (q & 1) ? row1[q >> 1] : stage[q >> 1];
}

template <class T>
__global__ void __launch_bounds__(1024) deinterleave_staged_kernel(T* data, T* __restrict__ row1, std::int64_t n) {
  extern __shared__ unsigned char stage_raw[];
  T* stage = reinterpret_cast<T*>(stage_raw);
  for (std::int64_t q = threadIdx.x; q < 2 * n; q += blockDim.x) stage[q] = data[q];
  __syncthreads();
  for (std::int64_t j = threadIdx.x; j < n; j += blockDim.x) {
    data[j] = stage[2 * j];
    row1[j] = stage[2 * j + 1];
  }
}

unsigned blocks_for(std::int64_t items, int sms) {
  const std::int64_t want = (items + kThreads - 1) / kThreads;
  return static_cast<unsigned>(std::max<std::int64_t>(1, std::min<std::int64_t>(want, std::int64_t{64} * sms)));
}

template <class T>
side_copy<T> make_side_copy(const T* src, T* dst, std::int64_t n) {
  return side_copy<T>{src, dst, n, aligned16(src) && aligned16(dst)};
}

/** Launches the vector kernel when `vector`, else the element kernel, sized for `elements`. */
/** What the launches need to know of the device, queried once per call. */
struct device_facts {
  int sms = 0;
  bool programmatic = false;  // has_programmatic_launch()
};

template <class T, class Kernel, class... Args>
void launch_grid_stride(Kernel vector_kernel, Kernel element_kernel, bool vector, std::int64_t elements,
                        const device_facts& dev, cudaStream_t stream, Args... args) {
  const std::int64_t items = vector ? elements * static_cast<std::int64_t>(sizeof(T)) / 16 + 1 : elements;
  launch_overlapping_previous(dev.programmatic, vector ? vector_kernel : element_kernel,
                              dim3(blocks_for(items, dev.sms)), dim3(kThreads), 0, stream, args...);
}

template <class T>
void interleave(const T* row0, const T* row1, T* pairs, std::int64_t n, const device_facts& dev, cudaStream_t stream,
                side_copy<T> extra = {}) {
  const bool vector = has_vector_path<T> && aligned16(row0) && aligned16(row1) && aligned16(pairs);
  launch_grid_stride<T>(interleave_kernel<T, has_vector_path<T>>, interleave_kernel<T, false>, vector, n + extra.n,
                        dev, stream, row0, row1, pairs, n, extra);
}

template <class T>
void deinterleave(const T* pairs, T* row0, T* row1, std::int64_t n, const device_facts& dev, cudaStream_t stream,
                  side_copy<T> extra = {}) {
  const bool vector = has_vector_path<T> && aligned16(row0) && aligned16(row1) && aligned16(pairs);
  launch_grid_stride<T>(deinterleave_kernel<T, has_vector_path<T>>, deinterleave_kernel<T, false>, vector,
                        n + extra.n, dev, stream, pairs, row0, row1, n, extra);
}

device_facts query_device() {
  device_facts f;
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&f.sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  f.programmatic = has_programmatic_launch();
  return f;
}

}  // namespace

template <class T>
void launch_inplace_two_rows(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, T* workspace,
                             cudaStream_t stream) {
  const bool wide = rows == 2;
  const std::int64_t L = wide ? cols : rows;
  const two_row_plan plan = make_two_row_plan(L, two_row_staged_limit(sizeof(T)));
  const std::int64_t a1 = plan.a1, a2 = plan.a2;
  const device_facts dev = query_device();
  // The row copies are side copies of an empty interleave, so that they chain with the
  // steps (a cudaMemcpyAsync would not).
  auto copy = [&](T* dst, const T* src, std::int64_t n) {
    interleave<T>(nullptr, nullptr, nullptr, 0, dev, stream, make_side_copy<T>(src, dst, n));
  };
  T* const ws = workspace;
  for (std::int64_t m = 0; m < batch; ++m) {
    T* const x = data + m * 2 * L;
    if (wide) {
      copy(ws, x + L, L);
      if (plan.staged) {
        interleave_staged_kernel<T><<<1, 1024, static_cast<std::size_t>(L) * sizeof(T), stream>>>(x, ws, L);
      } else {
        interleave(x + a1, ws + a1, x + 2 * a1, L - a1, dev, stream);
        // Steps 3 and 4 share a launch: the copy touches none of the block's data.
        interleave(x + a2, ws + a2, x + 2 * a2, a1 - a2, dev, stream, make_side_copy<T>(x, ws + a1, a2));
        interleave(ws + a1, ws, x, a2, dev, stream);
      }
      check_launch("inplace two rows (wide)");
    } else {  // the wide steps backwards, each inverted
      if (plan.staged) {
        auto kernel = deinterleave_staged_kernel<T>;
        const std::int64_t bytes = 2 * L * static_cast<std::int64_t>(sizeof(T));
        allow_shared(kernel, bytes);
        kernel<<<1, 1024, static_cast<std::size_t>(bytes), stream>>>(x, ws, L);
      } else {
        deinterleave(x, ws + a1, ws, a2, dev, stream);
        deinterleave(x + 2 * a2, x + a2, ws + a2, a1 - a2, dev, stream, make_side_copy<T>(ws + a1, x, a2));
        deinterleave(x + 2 * a1, x + a1, ws + a1, L - a1, dev, stream);
      }
      copy(x + L, ws, L);
      check_launch("inplace two rows (tall)");
    }
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_two_rows<T>(T*, std::int64_t, std::int64_t, std::int64_t, T*, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
