// In-place transpose of rectangular matrices: three line permutations (inplace_rect_maps.cuh),
// each staged through shared memory so that a block reads a whole line (a row, or a strip
// of w columns) before it writes any of it. Lines are disjoint, so blocks never race.
// A line too long for one block's shared memory is staged across a thread-block cluster (a
// row of an aligned element type, or a column strip of 8- or 16-byte elements), and one too
// long for that in the caller's workspace: max(rows, cols) elements, the only scratch the
// algorithm needs.
#include "cluster_shared.cuh"
#include "element_types.hpp"
#include "inplace_rect_maps.cuh"
#include "kernel_attributes.hpp"
#include "launchers.hpp"

#include "../core/device_checks.hpp"
#include "../core/raise.hpp"

#include <algorithm>
#include <numeric>
#include <type_traits>

#include <cooperative_groups.h>

namespace xpose::detail {
namespace {

using namespace inplace_rect;

constexpr int kColThreads = 512, kRowThreads = 1024, kUnroll = 4;
/** The most blocks of a cluster that stages one row, or one strip of columns (the portable
    cluster size). */
constexpr std::int64_t kRowClusterMax = 8, kColumnClusterMax = 8;

/** V bytes of consecutive elements, moved as one global access (one element, with the
    element's own alignment, when V is its size: byte-wise types stay byte-wise). */
template <class T, int V>
struct alignas(V == sizeof(T) ? alignof(T) : V) chunk {
  T e[V / sizeof(T)];
};

/**
 * Moves one line through the stage: every element is read (stage[place(k)] = element k),
 * then, after a barrier, every element written (element k = stage[take(k)]); gather maps
 * use place = identity, scatter maps take = identity. The line is `segments` runs of
 * `width` contiguous elements, run r at seg(r), element jj of run r being slot
 * k = r * stride + jj. Global accesses are V-byte chunks (the caller checked alignment),
 * kUnroll chunks in flight per thread before their stage writes.
 */
template <class T, int V, class Seg, class Place, class Take>
__device__ __forceinline__ void permute_line(T* stage, std::int64_t segments, std::int64_t width, std::int64_t stride,
                                             Seg seg, Place place, Take take) {
  constexpr int EPC = V / static_cast<int>(sizeof(T));
  using C = chunk<T, V>;
  const std::int64_t per_seg = width / EPC, chunks = segments * per_seg;
  auto slot = [&](std::int64_t c, std::int64_t& r) {
    r = per_seg == 1 ? c : c / per_seg;
    return r * stride + (c - r * per_seg) * EPC;
  };
  for (std::int64_t c0 = threadIdx.x; c0 < chunks; c0 += std::int64_t{kUnroll} * blockDim.x) {
    C v[kUnroll];
    std::int64_t k[kUnroll];  // each chunk's first slot, kept for the stage writes
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::int64_t c = c0 + std::int64_t{u} * blockDim.x;
      k[u] = -1;
      if (c < chunks) {
        std::int64_t r;
        k[u] = slot(c, r);
        v[u] = *reinterpret_cast<const C*>(seg(r) + (k[u] - r * stride));
      }
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (k[u] >= 0) {
#pragma unroll
        for (int e = 0; e < EPC; ++e) stage[place(k[u] + e)] = v[u].e[e];
      }
    }
  }
  __syncthreads();
  for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
    std::int64_t r;
    const std::int64_t k = slot(c, r);
    C v;
#pragma unroll
    for (int e = 0; e < EPC; ++e) v.e[e] = stage[take(k + e)];
    *reinterpret_cast<C*>(seg(r) + (k - r * stride)) = v;
  }
  __syncthreads();
}

/** Column op on strips of w = 2^log2_w columns of every matrix of the batch. kScatter: map
    gives the destination row of (r, j); otherwise the source row of destination (r, j). The
    stage is shared memory, or (kGlobalStage) this block's slot of s * w elements in the
    workspace. */
template <class T, int V, class Map, bool kScatter, bool kGlobalStage>
__global__ void __launch_bounds__(kColThreads) column_permute_kernel(T* data, std::int64_t batch, grid_shape g,
                                                                      int log2_w, Map map, T* workspace) {
  extern __shared__ unsigned char shared_bytes[];
  const std::int64_t w = std::int64_t{1} << log2_w;
  T* stage = kGlobalStage ? workspace + blockIdx.x * g.s * w : reinterpret_cast<T*>(shared_bytes);
  const std::int64_t strips = (g.L + w - 1) >> log2_w;
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * g.s * g.L;
    for (std::int64_t strip = blockIdx.x; strip < strips; strip += gridDim.x) {
      const std::int64_t j0 = strip << log2_w, width = w < g.L - j0 ? w : g.L - j0;
      auto seg = [&](std::int64_t r) { return mat + r * g.L + j0; };
      auto mapped = [&](std::int64_t k) {
        const std::int64_t jj = k & (w - 1);
        return (map(k >> log2_w, j0 + jj) << log2_w) + jj;
      };
      auto same = [](std::int64_t k) { return k; };
      if constexpr (kScatter) {
        permute_line<T, V>(stage, g.s, width, w, seg, mapped, same);
      } else {
        permute_line<T, V>(stage, g.s, width, w, seg, same, mapped);
      }
    }
  }
}

/** This block's share of a line staged across its cluster: k blocks, this one the q-th,
    holding items [lo, hi) of n in parts of `part`, in a stage at shared address `local`. */
struct cluster_share {
  std::int64_t k, q, lo, hi;
  std::uint32_t local;
  __device__ cluster_share(const void* stage, std::int64_t part, std::int64_t n) {
    const cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    k = cluster.num_blocks();
    q = cluster.block_rank();
    lo = q * part;
    hi = lo + part < n ? lo + part : n;
    local = static_cast<std::uint32_t>(__cvta_generic_to_shared(stage));
  }
};

/** Column op for 8- and 16-byte elements on a cluster of k blocks, for columns longer than
    one block's shared memory: block q stages rows [q rows, (q + 1) rows) of each strip of
    w = 2^log2_w columns. Scattering, each element staged goes straight to the stage of the
    block that holds its destination row; gathering, each element written is loaded from the
    block that holds its source row. Both after a cluster barrier; a second, relaxed barrier
    ends each strip (no block stages the next strip into a stage still being read). */
template <class T, class Map, bool kScatter>
__global__ void __launch_bounds__(kColThreads) column_permute_cluster_kernel(T* data, std::int64_t batch,
                                                                              grid_shape g, int log2_w, Map map,
                                                                              divider by_rows) {
  extern __shared__ unsigned char shared_bytes[];
  T* stage = reinterpret_cast<T*>(shared_bytes);
  const cluster_share my(stage, by_rows.d, g.s);  // this block's rows
  const std::int64_t k = my.k, r_lo = my.lo;
  const std::uint32_t local = my.local;
  const std::int64_t w = std::int64_t{1} << log2_w, strips = (g.L + w - 1) >> log2_w;
  const std::int64_t slots = (my.hi > my.lo ? my.hi - my.lo : 0) << log2_w;
  auto remote = [&](std::int64_t row, std::int64_t jj) {  // the stage slot of (row, jj), in its block
    std::int64_t offset;
    const std::int64_t owner = by_rows.div(row, offset);
    return cluster_address(
        local + static_cast<std::uint32_t>(((offset << log2_w) + jj) * static_cast<std::int64_t>(sizeof(T))),
        static_cast<std::uint32_t>(owner));
  };
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * g.s * g.L;
    for (std::int64_t strip = blockIdx.x / k; strip < strips; strip += gridDim.x / k) {
      const std::int64_t j0 = strip << log2_w, width = w < g.L - j0 ? w : g.L - j0;
      for (std::int64_t i = threadIdx.x; i < slots; i += kColThreads) {
        const std::int64_t r = r_lo + (i >> log2_w), jj = i & (w - 1);
        if (jj >= width) continue;
        const T v = mat[r * g.L + j0 + jj];
        if constexpr (kScatter) {
          store_to_cluster(remote(map(r, j0 + jj), jj), v);
        } else {
          stage[i] = v;
        }
      }
      cooperative_groups::this_cluster().sync();
      for (std::int64_t i = threadIdx.x; i < slots; i += kColThreads) {
        const std::int64_t r = r_lo + (i >> log2_w), jj = i & (w - 1);
        if (jj >= width) continue;
        if constexpr (kScatter) {
          mat[r * g.L + j0 + jj] = stage[i];
        } else {
          mat[r * g.L + j0 + jj] = load_from_cluster<T>(remote(map(r, j0 + jj), jj));
        }
      }
      asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
      asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory");
    }
  }
}

/** Row op, one block per row, the row staged in shared memory. kScatter: map gives the
    destination column of (r, j); otherwise the source column of destination (r, j). */
template <class T, int V, class Map, bool kScatter>
__global__ void __launch_bounds__(kRowThreads) row_permute_kernel(T* data, std::int64_t batch, grid_shape g, Map map) {
  extern __shared__ unsigned char shared_bytes[];
  T* stage = reinterpret_cast<T*>(shared_bytes);
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    for (std::int64_t r = blockIdx.x; r < g.s; r += gridDim.x) {
      T* row = data + (m * g.s + r) * g.L;
      auto seg = [&](std::int64_t) { return row; };
      auto mapped = [&](std::int64_t k) { return map(r, k); };
      auto same = [](std::int64_t k) { return k; };
      if constexpr (kScatter) {
        permute_line<T, V>(stage, 1, g.L, g.L, seg, mapped, same);
      } else {
        permute_line<T, V>(stage, 1, g.L, g.L, seg, same, mapped);
      }
    }
  }
}

/** Row op for a row longer than one block's shared memory but not than a cluster's (up to
    kRowClusterMax blocks): cluster blocks q = 0..k-1 stage parts of `part` elements of the
    row, and after a cluster barrier (every part staged: the row is read whole before any of
    it is written) each block writes. Scattering, the elements it staged go to their
    destinations anywhere in the row, from its own stage; gathering, it writes its own part,
    loading each element from the block whose stage holds its source (distributed shared
    memory), and a second barrier keeps every stage until no block reads it. */
template <class T, class Map, bool kScatter>
__global__ void __launch_bounds__(kRowThreads) row_permute_cluster_kernel(T* data, std::int64_t batch, grid_shape g,
                                                                           Map map, divider by_part) {
  extern __shared__ unsigned char shared_bytes[];
  T* stage = reinterpret_cast<T*>(shared_bytes);
  const cluster_share my(stage, by_part.d, g.L);  // this block's part of each row
  const std::int64_t k = my.k, p0 = my.lo, p1 = my.hi;
  const std::uint32_t local = my.local;
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    for (std::int64_t r = blockIdx.x / k; r < g.s; r += gridDim.x / k) {
      T* row = data + (m * g.s + r) * g.L;
      for (std::int64_t j = p0 + threadIdx.x; j < p1; j += kRowThreads) stage[j - p0] = row[j];
      cooperative_groups::this_cluster().sync();
      if constexpr (kScatter) {
        for (std::int64_t j = p0 + threadIdx.x; j < p1; j += kRowThreads) row[map(r, j)] = stage[j - p0];
        __syncthreads();  // only this block reads its stage
      } else {
        for (std::int64_t j = p0 + threadIdx.x; j < p1; j += kRowThreads) {
          std::int64_t offset;
          const std::int64_t owner = by_part.div(map(r, j), offset);  // the block holding the source
          const auto at = local + static_cast<std::uint32_t>(offset * static_cast<std::int64_t>(sizeof(T)));
          row[j] = load_from_cluster<T>(cluster_address(at, static_cast<std::uint32_t>(owner)));
        }
        // Every remote load has returned (its value was stored): execution order is enough.
        asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
        asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory");
      }
    }
  }
}

/** Row op for a row longer than shared memory, in two grid-wide launches through the
    workspace: first copy (scattering when kScatter), then write back (gathering otherwise). */
template <class T, class Map, bool kScatter>
__global__ void row_to_workspace_kernel(const T* row, T* workspace, std::int64_t r, grid_shape g, Map map) {
  for (std::int64_t j = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; j < g.L;
       j += std::int64_t{gridDim.x} * blockDim.x) {
    workspace[kScatter ? map(r, j) : j] = row[j];
  }
}

template <class T, class Map, bool kScatter>
__global__ void workspace_to_row_kernel(T* row, const T* workspace, std::int64_t r, grid_shape g, Map map) {
  for (std::int64_t j = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; j < g.L;
       j += std::int64_t{gridDim.x} * blockDim.x) {
    row[j] = workspace[kScatter ? j : map(r, j)];
  }
}

struct device_limits {
  int sms = 0;
  std::int64_t shared_optin = 0;  // bytes of shared memory one block may opt in to
};

device_limits query_limits() {
  device_limits lim;
  lim.sms = current_device_sms();
  lim.shared_optin = current_device_shared_optin();
  return lim;
}

unsigned capped(std::int64_t v, std::int64_t limit) { return static_cast<unsigned>(std::max<std::int64_t>(1, std::min(v, limit))); }

/** log2 of the strip width (in elements) of a column op: a strip row of at least one 32-byte
    sector and, for short columns, up to 512 bytes; at most 96 KiB of stage so that two blocks
    share an SM when they can. -1 when even one column does not fit in shared memory. */
int strip_log2_width(std::int64_t s, std::int64_t elem, std::int64_t shared_optin) {
  const std::int64_t preferred_bytes = 96 * 1024, max_row_bytes = 512;
  const int sector_log2 = elem >= 32 ? 0 : elem == 16 ? 1 : elem == 8 ? 2 : elem == 4 ? 3 : elem == 2 ? 4 : 5;
  auto stage_bytes = [&](int log2_w) { return s * (std::int64_t{1} << log2_w) * elem; };
  int log2_w = 0;
  while ((std::int64_t{2} << log2_w) * elem <= max_row_bytes && stage_bytes(log2_w + 1) <= preferred_bytes) ++log2_w;
  if (log2_w < sector_log2 && stage_bytes(sector_log2) <= shared_optin) log2_w = sector_log2;
  while (log2_w > 0 && stage_bytes(log2_w) > shared_optin) --log2_w;
  return stage_bytes(log2_w) <= shared_optin ? log2_w : -1;
}

/** Calls f(std::integral_constant<int, V>) with the widest chunk V (16, 8, 4 bytes, or one
    element) such that every line starts V-aligned: the data pointer and the row pitch
    L * sizeof(T) are multiples of V, and so is each strip's width (at least V bytes). */
template <class T, class F>
void with_chunk_bytes(const T* data, const grid_shape& g, std::int64_t min_run_bytes, F&& f) {
  const auto addr = reinterpret_cast<std::uintptr_t>(data);
  auto fits = [&](std::int64_t v) {
    return addr % v == 0 && (g.L * static_cast<std::int64_t>(sizeof(T))) % v == 0 && min_run_bytes % v == 0;
  };
  if constexpr (alignof(T) == sizeof(T)) {  // byte-wise types serve misaligned pointers: no vectors
    if constexpr (sizeof(T) < 16) {
      if (fits(16)) return f(std::integral_constant<int, 16>{});
    }
    if constexpr (sizeof(T) < 8) {
      if (fits(8)) return f(std::integral_constant<int, 8>{});
    }
    if constexpr (sizeof(T) < 4) {
      if (fits(4)) return f(std::integral_constant<int, 4>{});
    }
  }
  return f(std::integral_constant<int, static_cast<int>(sizeof(T))>{});
}

template <class T, bool kScatter, class Map>
void column_permute(T* data, std::int64_t batch, const grid_shape& g, Map map, T* workspace, const device_limits& lim,
                    cudaStream_t stream) {
  const int log2_w = strip_log2_width(g.s, sizeof(T), lim.shared_optin);
  if constexpr (has_vector_path<T> && sizeof(T) >= 8) {
    // Columns longer than one block's shared memory (s above 14,528 16-byte or 29,056 8-byte
    // elements): a cluster of the fewest blocks whose shares of the rows fit a 32-byte strip
    // stages the strips, as wide as the stage allows, instead of one column at a time in the
    // workspace. (Shorter columns keep one block: 4000 x 6000 16-byte measured 19.8% of
    // memcpy on one block against 14.9% on four, sweep 27 run 14.)
    constexpr std::int64_t elem = sizeof(T);
    for (std::int64_t k = 2; log2_w < 0 && k <= kColumnClusterMax && k <= g.s; ++k) {
      const std::int64_t rows = (g.s + k - 1) / k;
      if (rows * 32 > lim.shared_optin) continue;
      int wide_log2 = elem == 16 ? 1 : 2;  // a 32-byte strip
      while ((elem << (wide_log2 + 1)) <= 512 && rows * (elem << (wide_log2 + 1)) <= lim.shared_optin) ++wide_log2;
      const std::int64_t bytes = rows * (elem << wide_log2);
      auto kernel = column_permute_cluster_kernel<T, Map, kScatter>;
      allow_shared(kernel, bytes);
      const std::int64_t strips = (g.L + (std::int64_t{1} << wide_log2) - 1) >> wide_log2;
      const dim3 grid(capped(strips, 0x7FFFFFFF / k) * static_cast<unsigned>(k), capped(batch, 65535));
      launch_in_clusters(kernel, grid, dim3(kColThreads), static_cast<std::size_t>(bytes), stream,
                         static_cast<unsigned>(k), data, batch, g, wide_log2, map, divider(rows));
      check_launch("inplace column permute (cluster)");
      return;
    }
  }
  if (log2_w >= 0) {
    const std::int64_t w = std::int64_t{1} << log2_w;
    const std::int64_t bytes = g.s * w * static_cast<std::int64_t>(sizeof(T));
    with_chunk_bytes(data, g, w * static_cast<std::int64_t>(sizeof(T)), [&](auto v) {
      auto kernel = column_permute_kernel<T, decltype(v)::value, Map, kScatter, false>;
      allow_shared(kernel, bytes);
      const dim3 grid(capped((g.L + w - 1) / w, 0x7FFFFFFF), capped(batch, 65535));
      kernel<<<grid, kColThreads, static_cast<size_t>(bytes), stream>>>(data, batch, g, log2_w, map, nullptr);
    });
    check_launch("inplace column permute");
    return;
  }
  // A column longer than shared memory: one column per workspace slot of s elements
  // (the workspace holds L >= s elements, so there is at least one slot).
  const std::int64_t slots = g.L / g.s;
  const dim3 grid(capped(std::min<std::int64_t>(slots, std::int64_t{8} * lim.sms), 0x7FFFFFFF), 1);
  for (std::int64_t m = 0; m < batch; ++m) {
    column_permute_kernel<T, static_cast<int>(sizeof(T)), Map, kScatter, true>
        <<<grid, kColThreads, 0, stream>>>(data + m * g.s * g.L, 1, g, 0, map, workspace);
    check_launch("inplace column permute (workspace)");
  }
}

template <class T, bool kScatter, class Map>
void row_permute(T* data, std::int64_t batch, const grid_shape& g, Map map, T* workspace, const device_limits& lim,
                 cudaStream_t stream) {
  const std::int64_t bytes = g.L * static_cast<std::int64_t>(sizeof(T));
  if (bytes <= lim.shared_optin) {
    with_chunk_bytes(data, g, bytes, [&](auto v) {
      auto kernel = row_permute_kernel<T, decltype(v)::value, Map, kScatter>;
      allow_shared(kernel, bytes);
      const dim3 grid(capped(g.s, 0x7FFFFFFF), capped(batch, 65535));
      kernel<<<grid, kRowThreads, static_cast<size_t>(bytes), stream>>>(data, batch, g, map);
    });
    check_launch("inplace row permute");
    return;
  }
  // A row longer than one block's shared memory but within a cluster's: the fewest blocks
  // whose parts fit stage it together (rows of aligned element types only: the cluster
  // loads move whole elements).
  if constexpr (has_vector_path<T>) {
    for (std::int64_t k = 2; k <= kRowClusterMax; ++k) {
      const std::int64_t part = (g.L + k - 1) / k, part_bytes = part * static_cast<std::int64_t>(sizeof(T));
      if (part_bytes > lim.shared_optin) continue;
      auto kernel = row_permute_cluster_kernel<T, Map, kScatter>;
      allow_shared(kernel, part_bytes);
      const dim3 grid(capped(g.s, 0x7FFFFFFF / k) * static_cast<unsigned>(k), capped(batch, 65535));
      launch_in_clusters(kernel, grid, dim3(kRowThreads), static_cast<std::size_t>(part_bytes), stream,
                         static_cast<unsigned>(k), data, batch, g, map, divider(part));
      check_launch("inplace row permute (cluster)");
      return;
    }
  }
  // A row longer than a cluster's shared memory: the whole GPU moves it through the
  // workspace, one row at a time (such rows belong to short, wide grids, so there are few of
  // them).
  const unsigned blocks = capped((g.L + 255) / 256, std::int64_t{16} * lim.sms);
  for (std::int64_t m = 0; m < batch; ++m) {
    for (std::int64_t r = 0; r < g.s; ++r) {
      T* row = data + (m * g.s + r) * g.L;
      row_to_workspace_kernel<T, Map, kScatter><<<blocks, 256, 0, stream>>>(row, workspace, r, g, map);
      workspace_to_row_kernel<T, Map, kScatter><<<blocks, 256, 0, stream>>>(row, workspace, r, g, map);
      check_launch("inplace row permute (workspace)");
    }
  }
}

}  // namespace

template <class T>
void launch_inplace_rectangular(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, T* workspace,
                                cudaStream_t stream) {
  const device_limits lim = query_limits();
  const bool wide = rows <= cols;
  grid_shape g;
  g.s = std::min(rows, cols);
  g.L = std::max(rows, cols);
  const std::int64_t c = std::gcd(g.s, g.L);
  g.by_s = divider(g.s);
  g.by_L = divider(g.L);
  g.by_b = divider(g.L / c);
  const rotate_map rotate{g, wide};
  const shuffle_map shuffle{g};
  const collect_map collect{g};
  if (wide) {
    if (c > 1) column_permute<T, false>(data, batch, g, rotate, workspace, lim, stream);
    row_permute<T, true>(data, batch, g, shuffle, workspace, lim, stream);
    column_permute<T, false>(data, batch, g, collect, workspace, lim, stream);
  } else {
    column_permute<T, true>(data, batch, g, collect, workspace, lim, stream);
    row_permute<T, false>(data, batch, g, shuffle, workspace, lim, stream);
    if (c > 1) column_permute<T, false>(data, batch, g, rotate, workspace, lim, stream);
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_rectangular<T>(T*, std::int64_t, std::int64_t, std::int64_t, T*, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
