// In-place transpose of R x L and L x R matrices, 2 <= R <= 7: rows 1 .. R-1 copied to the
// workspace, then three out-of-place interleaves (wide) or de-interleaves (tall) over
// column blocks; the steps and why they are safe are in src/core/row_interleave_schedule.hpp
// and docs/inplace.md.
//
// The steps chain with programmatic dependent launch (chain_with_neighbour_steps): on the
// H200 that took 2 x 16M bytes from 51% to 58% of memcpy and 16M x 2 from 52% to 61%
// (bench/results/h200/experiments/sweep13_two_rows_pdl.txt).
//
// Every block access is a 16-byte vector when the matrix and the workspace are 16-byte
// aligned: the block boundaries are multiples of 16 columns and the workspace rows start
// on 16-element boundaries, whatever L is. Only the row copies meet rows that start
// anywhere (row r of the matrix at r L); they build each aligned 16-byte chunk of their
// destination from the one or two aligned chunks of the source that cover it.
#include "../core/raise.hpp"
#include "../core/row_interleave_schedule.hpp"
#include "byte_interleave.cuh"
#include "chained_launch.cuh"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kThreads = 256;

// The row copies' launch: 16 blocks per SM, each thread moving several chunks, instead of
// one thread per chunk (up to 64 blocks per SM): 3 x 22369622 bytes 55.8 -> 57.4% of
// memcpy, 22369622 x 3 52.9 -> 55.4%, 3 x 5592406 fp32 55.4 -> 57.7% (sweep 21, run 5).
constexpr int kCopyBlocksPerSM = 16;

/** Byte copies that share a launch with a block (they touch none of its data), or the row
    copies of step 0 (R - 1 of them). */
struct side_copies {
  static constexpr int kMax = kMaxInterleaveRows - 1;
  const unsigned char* src[kMax] = {};
  unsigned char* dst[kMax] = {};
  std::int64_t bytes[kMax] = {};
  int count = 0;
};

__device__ __forceinline__ std::int64_t first_thread() {
  return static_cast<std::int64_t>(blockIdx.x) * kThreads + threadIdx.x;
}
__device__ __forceinline__ std::int64_t thread_stride() { return static_cast<std::int64_t>(gridDim.x) * kThreads; }

/**
 * Copies `bytes` bytes from src to dst (any alignment, no overlap) over the grid's threads:
 * the bytes before dst's first 16-byte boundary and after its last one singly, every
 * aligned 16-byte chunk of dst in between from the one or two aligned source chunks
 * covering it (a funnel shift when src and dst are not equally aligned). A source chunk
 * read that way holds at least one source byte, so it lies inside the source's
 * allocation. Two loads per chunk measured faster than a warp funnel (one load and a
 * shuffle): 3 x 22369622 bytes 57.0 against 57.4%, 22369622 x 3 53.4 against 55.4%
 * (sweep 21, run 5). Four chunks loaded ahead a thread before its stores measured 0.5-3.4
 * points of memcpy slower at 2 to 7 rows (session 38, copies), although ncu had the copies at
 * 3.6 TB/s with one load in flight a thread (7 x 4194304 fp32, four blocks a SM).
 */
__device__ void copy_bytes(const unsigned char* src, unsigned char* dst, std::int64_t bytes) {
  const auto misalign = [](const void* p) { return static_cast<int>(reinterpret_cast<std::uintptr_t>(p) & 15); };
  const std::int64_t to_boundary = (16 - misalign(dst)) & 15, head = bytes < to_boundary ? bytes : to_boundary;
  const std::int64_t chunks = (bytes - head) / 16, tail = head + chunks * 16;
  const int m = misalign(src + head);
  const uint4* from = reinterpret_cast<const uint4*>(src + head - m);
  uint4* to = reinterpret_cast<uint4*>(dst + head);
  const std::int64_t first = first_thread(), stride = thread_stride();
  if (m == 0) {
    for (std::int64_t c = first; c < chunks; c += stride) __stcs(to + c, __ldcs(from + c));
  } else {
    for (std::int64_t c = first; c < chunks; c += stride) {
      const uint4 a = __ldcs(from + c), b = __ldg(from + c + 1);
      const std::uint32_t lo[4] = {a.x, a.y, a.z, a.w}, hi[4] = {b.x, b.y, b.z, b.w};
      std::uint32_t r[4];
      interleave::extract<4>(lo, hi, m, r);
      __stcs(to + c, make_uint4(r[0], r[1], r[2], r[3]));
    }
  }
  for (std::int64_t k = first; k < head + (bytes - tail); k += stride) {
    const std::int64_t at = k < head ? k : tail + (k - head);
    dst[at] = src[at];
  }
}

// Constant indices (the loop is unrolled): an indexed kernel parameter would be copied to
// local memory by every thread (56 bytes each), which cost two-row steps a third of their speed.
__device__ __forceinline__ void run_side_copies(const side_copies& c) {
#pragma unroll
  for (int i = 0; i < side_copies::kMax; ++i) {
    if (c.count > i) copy_bytes(c.src[i], c.dst[i], c.bytes[i]);
  }
}

/** The R rows of a block: row r's column j at row[r][j]. */
template <class T, int R>
struct block_rows {
  T* row[R];
};

/**
 * Over the grid's threads: vector_body(v) for every 16-byte vector v of the rows' first n
 * columns when kVector, then element_body(j) for the columns not covered by a vector.
 */
template <class T, bool kVector, class VectorBody, class ElementBody>
__device__ __forceinline__ void over_columns(std::int64_t n, VectorBody&& vector_body, ElementBody&& element_body) {
  const std::int64_t first = first_thread(), stride = thread_stride();
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
__device__ __forceinline__ const unsigned char* vector_at(const T* p, std::int64_t v) {
  return reinterpret_cast<const unsigned char*>(p) + 16 * v;
}
template <class T>
__device__ __forceinline__ unsigned char* vector_at(T* p, std::int64_t v) {
  return reinterpret_cast<unsigned char*>(p) + 16 * v;
}

/**
 * out[R j + r] = rows.row[r][j] for j < n; the rows and out do not overlap. With vectors,
 * a warp's lanes interleave 32 consecutive vectors of each row and the warp stores the
 * 32 R vectors they become in order through shared memory, so that each store instruction
 * writes 512 contiguous bytes (lane by lane, R vectors 16 R bytes apart cover every
 * sector in R instructions: 3 x 5592406 fp32, step A 34 against 23 us for the inverse).
 */
template <class T, int R, bool kVector>
__global__ void __launch_bounds__(kThreads) interleave_kernel(block_rows<const T, R> rows, T* __restrict__ out,
                                                              std::int64_t n, side_copies extra) {
  chain_with_neighbour_steps();
  std::int64_t done = 0;
  if constexpr (kVector) {
    __shared__ uint4 staged[kThreads / 32][32 * R];
    constexpr int V = 16 / sizeof(T);
    const std::int64_t vectors = n / V;
    const int lane = static_cast<int>(threadIdx.x & 31);
    uint4* const s = staged[threadIdx.x / 32];
    for (std::int64_t base = first_thread() - lane; base < vectors; base += thread_stride()) {  // warp-uniform
      const std::int64_t v = base + lane;
      if (v < vectors) {
        std::uint32_t x[4 * R], y[4 * R];
#pragma unroll
        for (int r = 0; r < R; ++r) interleave::load_vector<4>(vector_at(rows.row[r], v), x + 4 * r);
        interleave::gather_words<interleave::wide_map<sizeof(T), R, 4>>(x, y);
#pragma unroll
        for (int r = 0; r < R; ++r) {
          s[interleave::chunk_slot<R>(R * lane + r)] = make_uint4(y[4 * r], y[4 * r + 1], y[4 * r + 2], y[4 * r + 3]);
        }
      }
      __syncwarp();
      const std::int64_t live = R * min(std::int64_t{32}, vectors - base);
#pragma unroll
      for (int k = 0; k < R; ++k) {
        const int q = 32 * k + lane;
        if (q < live) __stcs(reinterpret_cast<uint4*>(out) + R * base + q, s[interleave::chunk_slot<R>(q)]);
      }
      __syncwarp();
    }
    done = vectors * V;
  }
  for (std::int64_t j = done + first_thread(); j < n; j += thread_stride()) {
    T x[R];
#pragma unroll
    for (int r = 0; r < R; ++r) x[r] = rows.row[r][j];
#pragma unroll
    for (int r = 0; r < R; ++r) out[R * j + r] = x[r];
  }
  run_side_copies(extra);
}

/** z[C] = output row C's 16 bytes of the R vectors y (R consecutive input vectors), every C < R. */
template <class T, int R, int... C>
__device__ __forceinline__ void gather_rows(const std::uint32_t (&y)[4 * R], std::uint32_t (&z)[R][4],
                                            std::integer_sequence<int, C...>) {
  (interleave::gather_words<interleave::tall_map<sizeof(T), R, C>>(y, z[C]), ...);
}

/** Row r (0 < r < R) of `rows`, r not a compile-time constant: selected among constant indices,
    so that the parameter stays out of local memory (run_side_copies). */
template <class T, int R>
__device__ __forceinline__ T* row_at(const block_rows<T, R>& rows, int r) {
  auto p = rows.row[1];
#pragma unroll
  for (int k = 2; k < R; ++k) p = r == k ? rows.row[k] : p;
  return p;
}

/** Vector v of every row, from the R input vectors y that hold it interleaved. */
template <class T, int R>
__device__ __forceinline__ void store_deinterleaved(const std::uint32_t (&y)[4 * R], block_rows<T, R> rows,
                                                    std::int64_t v) {
  std::uint32_t z[R][4];
  gather_rows<T, R>(y, z, std::make_integer_sequence<int, R>{});
#pragma unroll
  for (int r = 0; r < R; ++r) interleave::store_vector<4>(vector_at(rows.row[r], v), z[r]);
}

/** Column j of every row, element by element. */
template <class T, int R>
__device__ __forceinline__ void deinterleave_column(const T* in, const block_rows<T, R>& rows, std::int64_t j) {
  T y[R];
#pragma unroll
  for (int r = 0; r < R; ++r) y[r] = in[R * j + r];
#pragma unroll
  for (int r = 0; r < R; ++r) rows.row[r][j] = y[r];
}

/** rows.row[r][j] = in[R j + r] for j < n; the inverse of interleave_kernel. With vectors and
    five rows or more, a warp loads the 32 R vectors its lanes de-interleave in order into
    shared memory (each load instruction 512 contiguous bytes) and each lane takes its R from
    there; with fewer, each lane loads its own R (16 R bytes apart across the lanes). H200, % of
    memcpy, lane loads -> staged (session 38, rows2): 7 columns 43.6-45.6 -> 44.2-47.2 at every
    element size, 6 columns 43.9-47.0 -> 44.5-47.6, 5 columns 46.8-48.1 -> 47.3-49.0; 4 columns
    level (-0.1 to -0.2), 3 columns -0.4 to -1.3 (16 bytes +0.2), 2 columns -0.3 to -2.0. */
template <class T, int R, bool kVector>
__global__ void __launch_bounds__(kThreads) deinterleave_kernel(const T* __restrict__ in, block_rows<T, R> rows,
                                                                std::int64_t n, side_copies extra) {
  chain_with_neighbour_steps();
  if constexpr (kVector && R >= 5) {
    __shared__ uint4 staged[kThreads / 32][32 * R];
    constexpr int V = 16 / sizeof(T);
    const std::int64_t vectors = n / V;
    const int lane = static_cast<int>(threadIdx.x & 31);
    uint4* const s = staged[threadIdx.x / 32];
    for (std::int64_t base = first_thread() - lane; base < vectors; base += thread_stride()) {  // warp-uniform
      const std::int64_t live = R * min(std::int64_t{32}, vectors - base);
#pragma unroll
      for (int k = 0; k < R; ++k) {
        const int q = 32 * k + lane;
        if (q < live) s[interleave::chunk_slot<R>(q)] = __ldcs(reinterpret_cast<const uint4*>(in) + R * base + q);
      }
      __syncwarp();
      const std::int64_t v = base + lane;
      if (v < vectors) {
        std::uint32_t y[4 * R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
          const uint4 u = s[interleave::chunk_slot<R>(R * lane + r)];
          y[4 * r] = u.x, y[4 * r + 1] = u.y, y[4 * r + 2] = u.z, y[4 * r + 3] = u.w;
        }
        store_deinterleaved<T, R>(y, rows, v);
      }
      __syncwarp();
    }
    const std::int64_t done = vectors * V;
    // The columns past the last vector, as over_columns does below (through deinterleave_column
    // here the staged kernels compiled to other register allocations than the measured ones).
    for (std::int64_t j = done + first_thread(); j < n; j += thread_stride()) {
      T y[R];
#pragma unroll
      for (int r = 0; r < R; ++r) y[r] = in[R * j + r];
#pragma unroll
      for (int r = 0; r < R; ++r) rows.row[r][j] = y[r];
    }
    run_side_copies(extra);
    return;
  }
  over_columns<T, kVector>(
      n,
      [&](std::int64_t v) {
        std::uint32_t y[4 * R];
#pragma unroll
        for (int r = 0; r < R; ++r) interleave::load_vector<4>(vector_at(in, R * v + r), y + 4 * r);
        store_deinterleaved<T, R>(y, rows, v);
      },
      [&](std::int64_t j) { deinterleave_column(in, rows, j); });
  run_side_copies(extra);
}

/** A matrix of at most row_interleave_staged_limit() columns, rows 1 .. R-1 already in the
    workspace: one block stages row 0, then writes every position. */
template <class T, int R>
__global__ void __launch_bounds__(1024) interleave_staged_kernel(T* data, block_rows<const T, R> rows, std::int64_t n) {
  extern __shared__ unsigned char stage_raw[];
  T* stage = reinterpret_cast<T*>(stage_raw);
  chain_with_neighbour_steps();
  for (std::int64_t j = threadIdx.x; j < n; j += blockDim.x) stage[j] = data[j];
  __syncthreads();
  for (std::int64_t q = threadIdx.x; q < R * n; q += blockDim.x) {
    const int r = static_cast<int>(q % R);
    data[q] = r == 0 ? stage[q / R] : row_at(rows, r)[q / R];
  }
}

/** The inverse: one block stages all R n elements, then writes row 0 in place and rows
    1 .. R-1 to the workspace. */
template <class T, int R>
__global__ void __launch_bounds__(1024) deinterleave_staged_kernel(T* data, block_rows<T, R> rows, std::int64_t n) {
  extern __shared__ unsigned char stage_raw[];
  T* stage = reinterpret_cast<T*>(stage_raw);
  chain_with_neighbour_steps();
  for (std::int64_t q = threadIdx.x; q < R * n; q += blockDim.x) stage[q] = data[q];
  __syncthreads();
  for (std::int64_t j = threadIdx.x; j < n; j += blockDim.x) {
    data[j] = stage[R * j];
#pragma unroll
    for (int r = 1; r < R; ++r) rows.row[r][j] = stage[R * j + r];
  }
}

/** What the launches need to know of the device, queried once per call. */
struct device_facts {
  int sms = 0;
  bool programmatic = false;  // has_programmatic_launch()
};

device_facts query_device() {
  device_facts f;
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&f.sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  f.programmatic = has_programmatic_launch();
  return f;
}

unsigned blocks_for(std::int64_t items, int sms) {
  const std::int64_t want = (items + kThreads - 1) / kThreads;
  return static_cast<unsigned>(std::max<std::int64_t>(1, std::min<std::int64_t>(want, std::int64_t{64} * sms)));
}

/** Turns the plan's element offsets into pointers of one matrix and its workspace. */
template <class T>
struct step_launcher {
  T* x;
  T* ws;
  device_facts dev;
  cudaStream_t stream;

  T* at(row_ref p) const { return (p.workspace ? ws : x) + p.offset; }

  side_copies copies_of(const row_interleave_step& s, bool inverted) const {
    side_copies c;
    for (int i = 0; i < s.copy_count; ++i) {
      const row_copy& k = s.copies[i];
      c.src[i] = reinterpret_cast<const unsigned char*>(at(inverted ? k.dst : k.src));
      c.dst[i] = reinterpret_cast<unsigned char*>(at(inverted ? k.src : k.dst));
      c.bytes[i] = k.n * static_cast<std::int64_t>(sizeof(T));
    }
    c.count = s.copy_count;
    return c;
  }

  /** Grid size: one thread per 16-byte vector of the block's rows (per column without
      vectors) and per 16-byte chunk of the copies. */
  unsigned grid(const row_interleave_step& s, bool vector) const {
    const std::int64_t E = sizeof(T);
    std::int64_t copied = 0;
    for (int i = 0; i < s.copy_count; ++i) copied += s.copies[i].n * E;
    if (s.n == 0) {  // the row copies alone
      return static_cast<unsigned>(
          std::min<std::int64_t>(blocks_for(copied / 16 + 1, dev.sms), std::int64_t{kCopyBlocksPerSM} * dev.sms));
    }
    return blocks_for((vector ? s.n * E / 16 : s.n) + copied / 16 + 1, dev.sms);
  }

  /** Step 0 of two wide rows (row 1 to the workspace) as a copy of the runtime, which measured
      faster than the copy kernel there: 2 x 16M bytes 58.1 -> 62.0% of memcpy, fp32 56.0 -> 58.9,
      2 x 1M 16-byte 58.3 -> 62.9 (H200, session 38, memcpy_rows). Not for tall shapes (the copy
      is then the last step: 16M x 2 bytes 59.3 -> 56.7, 1M x 2 16-byte 60.9 -> 58.0) nor for more
      rows, as one strided copy (4-7 rows 2.3-9.8 points slower; 3 x 22369622 bytes, unaligned
      pitches, 56.5 -> 11.9). */
  bool copy_row_with_runtime(const row_interleave_step& s, bool wide) const {
    if (s.n != 0 || s.copy_count != 1 || !wide) return false;
    const side_copies c = copies_of(s, false);
    check_cuda(cudaMemcpyAsync(c.dst[0], c.src[0], static_cast<std::size_t>(c.bytes[0]), cudaMemcpyDeviceToDevice, stream),
               "cudaMemcpyAsync (row interleave: row 1 to the workspace)");
    return true;
  }

  template <int kRows>
  void run(const row_interleave_step& s, bool wide) const {
    if (copy_row_with_runtime(s, wide)) return;
    bool vector = has_vector_path<T> && aligned16(at(s.out));
    for (int r = 0; r < kRows; ++r) vector = vector && aligned16(at(s.rows[r]));
    const side_copies extra = copies_of(s, !wide);
    if (wide) {
      block_rows<const T, kRows> rows{};
      for (int r = 0; r < kRows; ++r) rows.row[r] = at(s.rows[r]);
      launch_overlapping_previous(dev.programmatic,
                                  vector ? interleave_kernel<T, kRows, has_vector_path<T>> : interleave_kernel<T, kRows, false>,
                                  dim3(grid(s, vector)), dim3(kThreads), 0, stream, rows, at(s.out), s.n, extra);
    } else {
      block_rows<T, kRows> rows{};
      for (int r = 0; r < kRows; ++r) rows.row[r] = at(s.rows[r]);
      launch_overlapping_previous(
          dev.programmatic, vector ? deinterleave_kernel<T, kRows, has_vector_path<T>> : deinterleave_kernel<T, kRows, false>,
          dim3(grid(s, vector)), dim3(kThreads), 0, stream, static_cast<const T*>(at(s.out)), rows, s.n, extra);
    }
  }

  /** The staged kernels stay within the default 48 KiB of shared memory: the tall one holds
      kRows L elements (row_interleave_staged_limit, checked by the schedule test). */
  template <int kRows>
  void staged(std::int64_t L, bool wide) const {
    const std::int64_t bytes = (wide ? 1 : kRows) * L * static_cast<std::int64_t>(sizeof(T));
    if (wide) {
      block_rows<const T, kRows> rows{};
      for (int r = 1; r < kRows; ++r) rows.row[r] = ws + workspace_row(r, L);
      launch_overlapping_previous(dev.programmatic, interleave_staged_kernel<T, kRows>, dim3(1), dim3(1024),
                                  static_cast<std::size_t>(bytes), stream, x, rows, L);
    } else {
      block_rows<T, kRows> rows{};
      for (int r = 1; r < kRows; ++r) rows.row[r] = ws + workspace_row(r, L);
      launch_overlapping_previous(dev.programmatic, deinterleave_staged_kernel<T, kRows>, dim3(1), dim3(1024),
                                  static_cast<std::size_t>(bytes), stream, x, rows, L);
    }
  }
};

template <class T, int R>
void run_plan(T* data, std::int64_t batch, bool wide, std::int64_t L, T* workspace, cudaStream_t stream) {
  const row_interleave_plan plan = make_row_interleave_plan(R, L, row_interleave_staged_limit(R, sizeof(T)));
  step_launcher<T> go{nullptr, workspace, query_device(), stream};
  for (std::int64_t m = 0; m < batch; ++m) {
    go.x = data + m * R * L;
    if (wide) {
      for (int i = 0; i < plan.step_count; ++i) go.template run<R>(plan.steps[i], true);
      if (plan.staged) go.template staged<R>(L, true);
    } else {  // the wide steps backwards, each inverted
      if (plan.staged) go.template staged<R>(L, false);
      for (int i = plan.step_count - 1; i >= 0; --i) go.template run<R>(plan.steps[i], false);
    }
    check_launch(wide ? "inplace row interleave (wide)" : "inplace row interleave (tall)");
  }
}

}  // namespace

template <class T>
void launch_inplace_row_interleave(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, T* workspace,
                                   cudaStream_t stream) {
  const std::int64_t R = std::min(rows, cols), L = std::max(rows, cols);
  const bool wide = rows == R;
  static_assert(kMaxInterleaveRows == 7, "one case per row count");
  switch (R) {
    case 2: return run_plan<T, 2>(data, batch, wide, L, workspace, stream);
    case 3: return run_plan<T, 3>(data, batch, wide, L, workspace, stream);
    case 4: return run_plan<T, 4>(data, batch, wide, L, workspace, stream);
    case 5: return run_plan<T, 5>(data, batch, wide, L, workspace, stream);
    case 6: return run_plan<T, 6>(data, batch, wide, L, workspace, stream);
    case 7: return run_plan<T, 7>(data, batch, wide, L, workspace, stream);
    default: raise(status::internal_error, "row interleave: ", R, " rows (at most ", kMaxInterleaveRows, ")");
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_row_interleave<T>(T*, std::int64_t, std::int64_t, std::int64_t, T*, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
