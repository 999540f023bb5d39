// In-place transpose of 3 x L and L x 3 matrices: one sweep over column tiles taken in
// order by ticket, each tile waiting only for flags of tiles before it
// (core/three_row_schedule.hpp says what each tile reads, saves and overwrites, and why
// the waits suffice; docs/inplace.md "Three rows").
//
// Vector kernel: kUnroll 16-byte vectors of each row per thread, every global access a
// 16-byte vector, the interleave done in registers with byte permutes (the skinny kernels'
// maps). Rows need not be 16-byte aligned: a warp moves each row's 512-byte runs through
// funnels (aligned loads and shuffles; aligned stores inside, bytes at the ends). Its
// tiles are those whose runs and covers stay inside the rows; the last one or two go to
// the element kernel, in a launch after the sweep (wide) or before it (tall), which keeps
// their order. Element kernel: the same tiles, one element per access, for pointers that
// are not 16-byte aligned. Phases of a tile:
//   1. wait for the tiles whose saves it reads (tall: whose workspace writes it restores);
//   2. read its columns (wide: and save row 1's columns U + j into workspace slots j);
//   3. flag phase 1 done; wait for the readers of what it is about to overwrite;
//   4. write; (tall, from U on) flag phase 2 done.
// In the vector kernels each warp goes through the phases on its own: flags count warps.
#include "../core/raise.hpp"
#include "../core/three_row_schedule.hpp"
#include "byte_interleave.cuh"
#include "element_types.hpp"
#include "launchers.hpp"

#include <cuda_runtime.h>

#include <cstdint>

namespace xpose::detail {
namespace {

// 3 blocks of 256 per SM at least: registers for two vectors of each row in flight without
// spills (85 at most). Sweep 17 measured 3 to 6 blocks and one or two vectors within a few
// points of each other; fewer registers (6 blocks, 40) spill and lose up to 7 points.
constexpr int kThreads = 256, kUnroll = kThreeRowUnroll, kMinBlocks = 3;
static_assert(kThreads * kUnroll * 16 == kThreeRowTileBytes, "a tile is kUnroll 16-byte vectors of each row per thread");

struct sweep_sync {
  unsigned* words;  // [0], [1]: ticket counters of the two launches; then phase-1 flags, then phase-2 flags
  std::int64_t tiles;
  __device__ unsigned* flag(int phase, std::int64_t tile) const { return words + 2 + phase * tiles + tile; }
};

/** The tiles [first, first + count) one launch sweeps, and its ticket counter. */
struct sweep_window {
  std::int64_t first = 0, count = 0;
  int counter = 0;
};

// Flags count warps: a tile's flag is complete at kWarps. The vector kernels' warps signal
// and wait each on their own (no block barrier between a warp's loads and its stores); the
// element kernels, whose blocks have more warps, add kWarps once per block.
constexpr unsigned kWarps = kThreads / 32;

/** The flag this lane watches: lane l, tile l % 8 of range l / 8 (ranges hold at most 8 tiles), or none. */
__device__ __forceinline__ const volatile unsigned* watched_flag(const tile_waits& waits, const sweep_sync& s) {
  const int lane = static_cast<int>(threadIdx.x % 32), which = lane / 8;
  if (which >= 3) return nullptr;
  const tile_range r = which == 0 ? waits.range[0] : which == 1 ? waits.range[1] : waits.range[2];
  const std::int64_t tile = r.first + lane % 8;
  return tile <= r.last ? s.flag(waits.phase, tile) : nullptr;
}

/** Warp-level: every tile of `waits` (the own tile included) has its flag complete. */
__device__ __forceinline__ void warp_wait_for(const tile_waits& waits, const sweep_sync& s) {
  const volatile unsigned* flag = watched_flag(waits, s);
  if (flag != nullptr) {
    while (*flag < kWarps) __nanosleep(64);
    __threadfence();  // acquire: what the flag's warps did before adding to it is visible
  }
  __syncwarp();
}

/** Warp-level: this warp's accesses so far are performed (loads returned, stores visible), then it counts. */
__device__ __forceinline__ void warp_signal_done(const sweep_sync& s, int phase, std::int64_t tile) {
  __threadfence();
  __syncwarp();
  if (threadIdx.x % 32 == 0) atomicAdd(s.flag(phase, tile), 1u);
}

/** Block-level versions for the element kernels. */
__device__ __forceinline__ void block_wait_for(const tile_waits& waits, const sweep_sync& s) {
  if (threadIdx.x < 32) warp_wait_for(waits, s);
  __syncthreads();
}

__device__ __forceinline__ void block_signal_done(const sweep_sync& s, int phase, std::int64_t tile) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(s.flag(phase, tile), kWarps);
}

/** Tickets in launch order: the wide sweep ascends, the tall one descends. */
__device__ __forceinline__ std::int64_t take_ticket(const sweep_sync& s, const sweep_window& win, bool ascending) {
  __shared__ std::int64_t tile;
  if (threadIdx.x == 0) {
    const std::int64_t k = atomicAdd(s.words + win.counter, 1u);
    tile = ascending ? win.first + k : win.first + win.count - 1 - k;
  }
  __syncthreads();
  return tile;
}

template <class T>
__device__ __forceinline__ unsigned char* bytes_at(T* p, std::int64_t i) {
  return reinterpret_cast<unsigned char*>(p + i);
}

__device__ __forceinline__ void store_words(unsigned char* p, const std::uint32_t* v) {
  std::uint32_t piece[4] = {v[0], v[1], v[2], v[3]};
  interleave::store_vector<4>(p, piece);
}

/** The first n (<= 16) bytes of v at p, byte by byte: a vector cut by the end of the saved columns. */
__device__ __forceinline__ void store_prefix(unsigned char* p, const std::uint32_t (&v)[4], std::int64_t n) {
  for (int k = 0; k < n && k < 16; ++k) p[k] = interleave::byte_at<4>(v, k);
}

/** Thread k's vector u: columns [j, j + V) of each row, and its warp's run from column jw. */
template <int V>
struct vector_slot {
  std::int64_t j, jw;
  __device__ vector_slot(std::int64_t a, int u) {
    const int k = static_cast<int>(threadIdx.x);
    j = a + static_cast<std::int64_t>(u * kThreads + k) * V;
    jw = a + static_cast<std::int64_t>(u * kThreads + (k & ~31)) * V;
  }
};

/** 3 x L -> L x 3; row 0 is already in ws[0, L). */
template <class T>
__global__ void __launch_bounds__(kThreads, kMinBlocks) wide_vector_kernel(T* data, T* ws, sweep_sync s, three_row_geometry g,
                                                               sweep_window win) {
  constexpr int E = sizeof(T), V = 16 / E;
  const std::int64_t t = take_ticket(s, win, true), a = g.begin(t), L = g.L, U = g.U, saved = g.saved();
  std::uint32_t x[kUnroll][12];
  warp_wait_for(g.wide_read_waits(t), s);
  {
    interleave::funnel_chunks<4> r1[kUnroll], r2[kUnroll], sv[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {  // issue every load first
      const vector_slot<V> at(a, u);
      interleave::load_vector<4>(bytes_at(ws, at.j), x[u]);
      if (a < U) {
        interleave::warp_funnel_issue<4>(bytes_at(data, L + at.jw), r1[u]);
      } else {
        interleave::load_vector<4>(bytes_at(ws, at.j - U), r1[u].own);
        r1[u].m = 0;
      }
      interleave::warp_funnel_issue<4>(bytes_at(data, 2 * L + at.jw), r2[u]);
      if (at.jw < saved) interleave::warp_funnel_issue<4>(bytes_at(data, L + U + at.jw), sv[u]);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const vector_slot<V> at(a, u);
      std::uint32_t v1[4], v2[4];
      interleave::warp_funnel_finish<4>(r1[u], v1);
      interleave::warp_funnel_finish<4>(r2[u], v2);
#pragma unroll
      for (int i = 0; i < 4; ++i) x[u][4 + i] = v1[i], x[u][8 + i] = v2[i];
      if (at.jw < saved) {  // slots [j, j + V) are consumed: this thread read row 0 there above
        std::uint32_t keep[4];
        interleave::warp_funnel_finish<4>(sv[u], keep);
        if (at.j + V <= saved) {
          store_words(bytes_at(ws, at.j), keep);
        } else if (at.j < saved) {
          store_prefix(bytes_at(ws, at.j), keep, (saved - at.j) * E);
        }
      }
    }
  }
  warp_signal_done(s, 0, t);
  warp_wait_for(g.wide_write_waits(t), s);
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const vector_slot<V> at(a, u);
    std::uint32_t y[12];
    interleave::gather_words<interleave::wide_map<E, 3, 4>>(x[u], y);
    unsigned char* out = bytes_at(data, 3 * at.j);
#pragma unroll
    for (int r = 0; r < 3; ++r) store_words(out + 16 * r, y + 4 * r);
  }
}

/** L x 3 -> 3 x L, row 0 left in ws[0, L) for the caller to copy out. */
template <class T>
__global__ void __launch_bounds__(kThreads, kMinBlocks) tall_vector_kernel(T* data, T* ws, sweep_sync s, three_row_geometry g,
                                                               sweep_window win) {
  constexpr int E = sizeof(T), V = 16 / E;
  const std::int64_t t = take_ticket(s, win, false), a = g.begin(t), L = g.L, U = g.U, saved = g.saved();
  std::uint32_t y[kUnroll][12], restored[kUnroll][4];
  warp_wait_for(g.tall_read_waits(t), s);
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const vector_slot<V> at(a, u);
    const unsigned char* in = bytes_at(data, 3 * at.j);
#pragma unroll
    for (int r = 0; r < 3; ++r) interleave::load_vector<4>(in + 16 * r, y[u] + 4 * r);
    if (at.jw < saved) interleave::load_vector<4>(bytes_at(ws, at.j), restored[u]);
  }
  warp_signal_done(s, 0, t);
  warp_wait_for(g.tall_write_waits(t), s);
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const vector_slot<V> at(a, u);
    std::uint32_t z0[4], z1[4], z2[4];
    interleave::gather_words<interleave::tall_map<E, 3, 0>>(y[u], z0);
    interleave::gather_words<interleave::tall_map<E, 3, 1>>(y[u], z1);
    interleave::gather_words<interleave::tall_map<E, 3, 2>>(y[u], z2);
    if (at.jw + 32 * V <= saved) {
      interleave::warp_store_funnel<4>(bytes_at(data, L + U + at.jw), restored[u]);
    } else if (at.j < saved) {  // the warp holding the last saved column
      store_prefix(bytes_at(data, L + U + at.j), restored[u], (saved - at.j) * E);
    }
    store_words(bytes_at(ws, at.j), z0);
    if (a < U) {
      interleave::warp_store_funnel<4>(bytes_at(data, L + at.jw), z1);
    } else {
      store_words(bytes_at(ws, at.j - U), z1);
    }
    interleave::warp_store_funnel<4>(bytes_at(data, 2 * L + at.jw), z2);
  }
  if (a >= U) warp_signal_done(s, 1, t);  // only tile(j - U) waits for it, to restore row 1's column j
}

// Element kernels: kThreads * kUnroll threads, thread k with columns a + k + v * blockDim, v < V.

template <class T>
__global__ void __launch_bounds__(kThreads* kUnroll) wide_element_kernel(T* data, T* ws, sweep_sync s,
                                                                         three_row_geometry g, sweep_window win) {
  constexpr int V = 16 / sizeof(T);
  const std::int64_t t = take_ticket(s, win, true);
  const std::int64_t first = g.begin(t) + threadIdx.x, end = g.end(t);
  T x0[V], x1[V], x2[V];
  block_wait_for(g.wide_read_waits(t), s);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const std::int64_t j = first + v * kThreads * kUnroll;
    if (j < end) {
      x0[v] = ws[j];
      x1[v] = j < g.U ? data[g.L + j] : ws[j - g.U];
      x2[v] = data[2 * g.L + j];
      if (j < g.saved()) ws[j] = data[g.L + g.U + j];
    }
  }
  block_signal_done(s, 0, t);
  block_wait_for(g.wide_write_waits(t), s);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const std::int64_t j = first + v * kThreads * kUnroll;
    if (j < end) {
      data[3 * j] = x0[v];
      data[3 * j + 1] = x1[v];
      data[3 * j + 2] = x2[v];
    }
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads* kUnroll) tall_element_kernel(T* data, T* ws, sweep_sync s,
                                                                         three_row_geometry g, sweep_window win) {
  constexpr int V = 16 / sizeof(T);
  const std::int64_t t = take_ticket(s, win, false);
  const std::int64_t first = g.begin(t) + threadIdx.x, end = g.end(t);
  T y0[V], y1[V], y2[V], restored[V];
  block_wait_for(g.tall_read_waits(t), s);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const std::int64_t j = first + v * kThreads * kUnroll;
    if (j < end) {
      y0[v] = data[3 * j];
      y1[v] = data[3 * j + 1];
      y2[v] = data[3 * j + 2];
      if (j < g.saved()) restored[v] = ws[j];
    }
  }
  block_signal_done(s, 0, t);
  block_wait_for(g.tall_write_waits(t), s);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const std::int64_t j = first + v * kThreads * kUnroll;
    if (j < end) {
      if (j < g.saved()) data[g.L + g.U + j] = restored[v];
      ws[j] = y0[v];
      if (j < g.U) {
        data[g.L + j] = y1[v];
      } else {
        ws[j - g.U] = y1[v];
      }
      data[2 * g.L + j] = y2[v];
    }
  }
  if (g.begin(t) >= g.U) block_signal_done(s, 1, t);
}

template <class T>
void launch_window(void (*kernel)(T*, T*, sweep_sync, three_row_geometry, sweep_window), int threads, T* data,
                   T* ws, const sweep_sync& s, const three_row_geometry& g, const sweep_window& win,
                   cudaStream_t stream) {
  if (win.count == 0) return;
  kernel<<<static_cast<unsigned>(win.count), threads, 0, stream>>>(data, ws, s, g, win);
}

}  // namespace

template <class T>
void launch_inplace_three_rows(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, void* workspace,
                               cudaStream_t stream) {
  const bool wide = rows == 3;
  const std::int64_t L = wide ? cols : rows, E = static_cast<std::int64_t>(sizeof(T));
  const three_row_geometry g = make_three_row_geometry(L, three_row_tile_cols(E));
  T* const ws = static_cast<T*>(workspace);
  // The counters and flags follow the L elements, at the next 4-byte boundary.
  const std::uintptr_t words = (reinterpret_cast<std::uintptr_t>(ws + L) + 3) / 4 * 4;
  const sweep_sync s{reinterpret_cast<unsigned*>(words), g.tiles};
  const std::size_t sync_bytes = 4 * static_cast<std::size_t>(three_row_sync_words(L, E));
  const std::size_t row_bytes = static_cast<std::size_t>(L * E);
  auto element = wide ? wide_element_kernel<T> : tall_element_kernel<T>;
  for (std::int64_t m = 0; m < batch; ++m) {
    T* const x = data + m * 3 * L;
    if (wide) check_cuda(cudaMemcpyAsync(ws, x, row_bytes, cudaMemcpyDeviceToDevice, stream), "cudaMemcpyAsync");
    check_cuda(cudaMemsetAsync(s.words, 0, sync_bytes, stream), "cudaMemsetAsync");
    // 16-byte vectors need the matrix and the workspace 16-byte aligned (rows need not be).
    bool vector = false;
    if constexpr (has_vector_path<T>) vector = aligned16(x) && aligned16(ws);
    if (!vector) {
      launch_window(element, kThreads * kUnroll, x, ws, s, g, sweep_window{0, g.tiles, 0}, stream);
    } else if constexpr (has_vector_path<T>) {
      const std::int64_t whole = three_row_whole_tiles(g, 16 / E);
      const sweep_window main{0, whole, 0}, rest{whole, g.tiles - whole, 1};
      if (wide) {
        launch_window(wide_vector_kernel<T>, kThreads, x, ws, s, g, main, stream);
        launch_window(element, kThreads * kUnroll, x, ws, s, g, rest, stream);
      } else {
        launch_window(element, kThreads * kUnroll, x, ws, s, g, rest, stream);
        launch_window(tall_vector_kernel<T>, kThreads, x, ws, s, g, main, stream);
      }
    }
    check_launch(wide ? "inplace three rows (wide)" : "inplace three rows (tall)");
    if (!wide) check_cuda(cudaMemcpyAsync(x, ws, row_bytes, cudaMemcpyDeviceToDevice, stream), "cudaMemcpyAsync");
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_three_rows<T>(T*, std::int64_t, std::int64_t, std::int64_t, void*, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
