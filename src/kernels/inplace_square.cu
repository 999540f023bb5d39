// In-place transpose of square matrices. 1- and 2-byte elements in 16-byte (or 8-byte) rows
// take pairs of register micro-tile regions (inplace_region_pairs.cuh); everything else tile pairs
// in shared memory, below: the block that owns tiles (i, j) and (j, i), i < j, reads both,
// transposes each through shared memory, and writes each into the other's place; a diagonal
// tile is transposed onto itself. Every element belongs to exactly one block, and a block loads
// both tiles before its first barrier and stores after its last, so no scratch memory and no
// inter-block ordering are needed. Padded by one bank word like the out-of-place tiles
// (tiled_tile.cuh).
#include "element_types.hpp"
#include "inplace_region_pairs.cuh"
#include "kernel_attributes.hpp"
#include "launchers.hpp"
#include "square_pairs.hpp"
#include "tiled_tile.cuh"
#include "vectorized_tile.cuh"

#include <cstdint>
#include <type_traits>

namespace xpose::detail {
namespace {

constexpr int kTile = 32, kRows = 8;

/** Threads per block of the 16-byte vector tile pairs (launch_squares says why). */
constexpr int kVectorThreads = 128;

/** The shared-memory carveout of the vector tile pairs on packed squares of whole tiles: 28% of an
 *  sm_90 SM's 228 KB is 64 KB, which holds the blocks their registers let in (below), and the rest
 *  of the SM's memory is L1. (The masked pairs keep the driver's choice: 4 or 6 blocks a SM.) */
constexpr int kVectorCarveoutPercent = 28;

/** Rows allocated for the vector tile pairs' shared tile. 8-byte elements take 72 registers, so
 *  7 blocks of 32 x 33 a SM would fit; 4 measured fastest (as the two-tile kernel ran, at 128
 *  registers), and 58 rows (15,312 bytes, 16 KB with the block's reserved 1 KB) let exactly 4 into
 *  the 64 KB carveout. 8192^2, % of memcpy: two tiles 92.9-93.1, one tile 4 a SM 93.2-93.4, 5 93.3,
 *  7 92.2-92.3, 3 91.6-91.8 (sweep 48). 4 and 16 bytes are held to 3 blocks by their registers. */
template <int E, int TILE>
__host__ __device__ constexpr int square_tile_rows_allocated() {
  return E == 8 ? 58 : TILE;
}

template <class T, class Layout>
__global__ void __launch_bounds__(kTile* kRows) inplace_square_kernel(T* data, std::int64_t batch, Layout layout,
                                                                      std::int64_t tiles) {
  const std::int64_t n = layout.n, ld = layout.ld();
  constexpr int PAD = pad_elements<T, 1>;
  __shared__ T a[kTile][kTile + PAD];
  __shared__ T b[kTile][kTile + PAD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t i = blockIdx.y; i < tiles; i += gridDim.y) {
      for (std::int64_t j = blockIdx.x; j < tiles; j += gridDim.x) {
        if (j < i) continue;  // the pair (j, i) is owned by the block of (i, j)
        const std::int64_t r0 = i * kTile, c0 = j * kTile;
        const bool diagonal = i == j;
        // Stage tile A = rows r0.., cols c0.. and tile B = rows c0.., cols r0...
#pragma unroll
        for (int k = 0; k < kTile; k += kRows) {
          const std::int64_t r = r0 + ty + k, c = c0 + tx;
          if (r < n && c < n) a[ty + k][tx] = mat[r * ld + c];
          if (!diagonal) {
            const std::int64_t rb = c0 + ty + k, cb = r0 + tx;
            if (rb < n && cb < n) b[ty + k][tx] = mat[rb * ld + cb];
          }
        }
        __syncthreads();
        // A^T goes to rows c0.., cols r0..; B^T (or A^T again for a diagonal tile) to rows r0.., cols c0...
#pragma unroll
        for (int k = 0; k < kTile; k += kRows) {
          const std::int64_t r = c0 + ty + k, c = r0 + tx;
          if (r < n && c < n) mat[r * ld + c] = a[tx][ty + k];
          if (!diagonal) {
            const std::int64_t rb = r0 + ty + k, cb = c0 + tx;
            if (rb < n && cb < n) mat[rb * ld + cb] = b[tx][ty + k];
          }
        }
        __syncthreads();
      }
    }
  }
}

/** A block's vectors v[k] of one tile (slot k of thread t: slot_position(t + k threads)) through
 *  the shared tile: afterwards v[k] holds the vectors of its transpose, slot for slot. in_tile
 *  (row, vector column): the slots inside the matrix. */
template <int VPR, int PER_THREAD, class T, int ROWS, int COLS, class InTile>
__device__ __forceinline__ void transpose_through_tile(uint4 (&v)[PER_THREAD], T (&tile)[ROWS][COLS], InTile in_tile) {
  constexpr int V = 16 / sizeof(T);
  union pack {
    uint4 v;
    T e[V];
  };
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    int row, vc;
    slot_position<VPR>(threadIdx.x + k * kVectorThreads, row, vc);
    pack p;
    p.v = v[k];
    if (in_tile(row, vc)) {
#pragma unroll
      for (int e = 0; e < V; ++e) tile[row][vc * V + e] = p.e[e];
    }
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < PER_THREAD; ++k) {
    int orow, ovc;
    slot_position<VPR>(threadIdx.x + k * kVectorThreads, orow, ovc);
    pack p;
#pragma unroll
    for (int e = 0; e < V; ++e) p.e[e] = tile[ovc * V + e][orow];
    v[k] = p.v;
  }
}

// The same pairing with the out-of-place vectorized tile's layout (vectorized_tile.cuh):
// tiles of 16-byte rows (64 x 64 for 4-byte elements, 32 x 32 for 8 and 16), each thread
// moving whole 16-byte vectors. Needs 16-byte aligned rows (n a multiple of V). A 1-D grid of
// the owned pairs only (upper_triangle_pair), kVectorThreads threads each.
//
// Both tiles go through one shared tile: every load of the pair is issued first, A is staged and
// read back transposed into registers, then B through the same tile, and both are stored. A
// barrier orders the block's earlier loads before its later stores, so the stores may overwrite
// what was loaded. With one tile a block, the same resident blocks fit a 64 KB carveout, and the
// rest of the SM's 256 KB is L1, which holds the loads in flight: against two tiles a block
// (sweep 48, H200, % of memcpy) 8192^2 16-byte 87.3 -> 88.0, 32768^2 90.5 -> 91.3, 8-byte
// 93.0 -> 93.6 and 90.4 -> 90.8, 4-byte +0.2 to +0.7; forcing the largest carveout (L1 28 KB)
// had cost the two-tile kernel 6-10 points.
//
// MASKED (a square grid's squares, or packed squares whose side is not a multiple of TILE):
// the vectors outside the matrix are skipped. The masks cost registers, so packed squares of
// whole tiles take the unmasked instantiation; packed squares with edge tiles took scalar loops
// for them before (4100^2 4-byte 72 -> 86% of memcpy, 8200^2 8-byte 69 -> 78%).
template <class T, int TILE, class Layout, bool MASKED>
__global__ void __launch_bounds__(kVectorThreads)
    inplace_square_vector_kernel(T* data, std::int64_t batch, Layout layout, std::int64_t tiles) {
  const std::int64_t n = layout.n, ld = layout.ld();
  constexpr int E = sizeof(T), V = 16 / E, VPR = TILE / V, PER_THREAD = TILE * VPR / kVectorThreads;
  static_assert(VPR % 8 == 0 && (TILE * VPR) % kVectorThreads == 0, "tile shape must fit the warp layout");
  __shared__ T a[square_tile_rows_allocated<E, TILE>()][TILE + 1];
  const std::int64_t pairs = tiles * (tiles + 1) / 2;
  for (std::int64_t m = blockIdx.z; m < batch; m += gridDim.z) {
    T* mat = data + layout.base(m);
    for (std::int64_t x = blockIdx.x; x < pairs; x += gridDim.x) {
      std::int64_t i, j;  // i <= j
      upper_triangle_pair(x, tiles, i, j);
      const std::int64_t r0 = i * TILE, c0 = j * TILE;
      // A = rows r0.., cols c0.. and B = rows c0.., cols r0.., each clipped to the matrix:
      // a_rows x a_cols and a_cols x a_rows. n is a multiple of V (16-byte rows), so every
      // vector is wholly inside or outside.
      const bool diagonal = i == j;
      const int a_rows = static_cast<int>(min(std::int64_t{TILE}, n - r0));
      const int a_cols = static_cast<int>(min(std::int64_t{TILE}, n - c0));
      auto in_a = [&](int row, int vc) { return !MASKED || (row < a_rows && vc * V < a_cols); };
      auto in_b = [&](int row, int vc) { return !MASKED || (row < a_cols && vc * V < a_rows); };
      uint4 va[PER_THREAD], vb[PER_THREAD];
#pragma unroll
      for (int k = 0; k < PER_THREAD; ++k) {
        int row, vc;
        slot_position<VPR>(threadIdx.x + k * kVectorThreads, row, vc);
        if (in_a(row, vc)) va[k] = *reinterpret_cast<const uint4*>(mat + (r0 + row) * ld + c0 + vc * V);
        if (!diagonal && in_b(row, vc)) vb[k] = *reinterpret_cast<const uint4*>(mat + (c0 + row) * ld + r0 + vc * V);
      }
      transpose_through_tile<VPR>(va, a, in_a);
      if (!diagonal) {
        __syncthreads();  // A^T read out before B overwrites the tile
        transpose_through_tile<VPR>(vb, a, in_b);
      }
      // A^T goes to rows c0.., cols r0..; B^T to rows r0.., cols c0.. (A^T onto itself on the diagonal).
#pragma unroll
      for (int k = 0; k < PER_THREAD; ++k) {
        int orow, ovc;
        slot_position<VPR>(threadIdx.x + k * kVectorThreads, orow, ovc);
        if (in_b(orow, ovc)) *reinterpret_cast<uint4*>(mat + (c0 + orow) * ld + r0 + ovc * V) = va[k];
        if (!diagonal && in_a(orow, ovc)) *reinterpret_cast<uint4*>(mat + (r0 + orow) * ld + c0 + ovc * V) = vb[k];
      }
      __syncthreads();  // the next pair reuses the tile
    }
  }
}

// 1- and 2-byte elements with 16-byte rows take register micro-tile regions
// (inplace_region_pairs.cuh): the shared-memory tiles below spend 16 scalar shared accesses
// per 16 bytes on them and reach 66-86% of memcpy, the regions 88-102%. Regions of 8 x 8
// micro-tiles up to 8 KiB rows, 16 x 16 beyond; streaming hints for 2-byte elements only
// (without them 2-byte regions fall to 37-45%, with them 1-byte ones lose 1-3 points).
// Measured in bench/results/h200/experiments/sweep9b_inplace_region_pairs.txt.
template <class T, class Layout>
bool launch_inplace_square_regions(T* data, std::int64_t batch, Layout layout, cudaStream_t stream) {
  constexpr int E = sizeof(T);
  if constexpr ((E == 1 || E == 2) && alignof(T) == E) {
    constexpr bool streaming = E == 2;
    const bool rows16 = aligned16(data) && (layout.n * E) % 16 == 0 && (layout.ld() * E) % 16 == 0;
    const bool rows8 = reinterpret_cast<std::uintptr_t>(data) % 8 == 0 && (layout.n * E) % 8 == 0 &&
                       (layout.ld() * E) % 8 == 0;
    if (rows8 && !rows16) {
      // Rows only 8-byte aligned: regions of 8-byte micro-tiles, 32 x 32 of them with 4 per
      // thread. Against the scalar tiles (sweep 29): the 1000 x 1000 squares of 30000 x 7000
      // bytes 8.3 -> 22.4% of memcpy for the whole transpose, 8200^2 bytes 17 -> 60%, 8196^2
      // 2-byte 28 -> 56%. 8 x 8 regions with 1 micro-tile per thread (half the loads in flight)
      // reached 49% at 8200^2, 16 x 16 with 4 per thread 59%, and 32 x 32 leads at 16392^2
      // (58 against 54%); streaming hints as for 16-byte rows. The micro-tiles are exchanged
      // between lanes so that stores, too, write rows of 64 bytes (sweep 43, % of memcpy, H100 /
      // H200: 8200^2 bytes 68 -> 78 / 61 -> 68, 8196^2 2-byte 55 -> 65 / 51 -> 54, the squares
      // of 30000 x 7000 bytes 70 -> 77 / 62 -> 67).
      launch_inplace_region_pairs_exchange<T, streaming>(data, batch, layout, stream);
      check_launch("inplace_square (8-byte register regions)");
      return true;
    }
    if (!rows16) return false;
    if (layout.n * E <= 8192) {
      launch_inplace_region_pairs<T, 8, streaming>(data, batch, layout, stream);
    } else {
      launch_inplace_region_pairs<T, 16, streaming>(data, batch, layout, stream);
    }
    check_launch("inplace_square (register regions)");
    return true;
  }
  return false;
}

/** `batch` squares of `layout`, each transposed in place. */
template <class T, class Layout>
void launch_squares(T* data, std::int64_t batch, Layout layout, cudaStream_t stream) {
  constexpr int E = sizeof(T);
  if (launch_inplace_square_regions(data, batch, layout, stream)) return;
  const std::int64_t n = layout.n;
  if constexpr (alignof(T) == E) {
    const bool vector_rows = aligned16(data) && (n * E) % 16 == 0 && (layout.ld() * E) % 16 == 0;
    constexpr int TILE = tile_for<E>();
    if (vector_rows && n >= TILE) {
      const std::int64_t tiles = (n + TILE - 1) / TILE;
      // 128 threads (4 to 8 vectors of each tile per thread in flight) on the triangle grid,
      // against 256 threads on the square grid whose lower half exits at once: 8-byte
      // elements 90.0 -> 93.0% of memcpy at 8192^2, 86.7 -> 90.4% at 32768^2 (sweep 12; each
      // change alone gives part of it); 16-byte 4096^2 90.4 -> 91.5%, 16384^2 86.1 -> 87.6%,
      // 32768^2 88.8 -> 90.7%; 4-byte 16384^2 90.5 -> 92.0%, 32768^2 87.3 -> 88.6%, the
      // squares of 30000 x 7000 (square grid) 34.0 -> 35.8% for the whole transpose, 4096^2
      // level (sweep 31). 1- and 2-byte elements with 16-byte rows never get here (regions).
      const dim3 grid = upper_triangle_grid(tiles, batch);
      if (std::is_same_v<Layout, grid_squares> || n % TILE != 0) {
        inplace_square_vector_kernel<T, TILE, Layout, true><<<grid, kVectorThreads, 0, stream>>>(data, batch, layout, tiles);
      } else {
        const auto kernel = inplace_square_vector_kernel<T, TILE, Layout, false>;
        prefer_carveout(kernel, kVectorCarveoutPercent);
        kernel<<<grid, kVectorThreads, 0, stream>>>(data, batch, layout, tiles);
      }
      check_launch("inplace_square (16-byte vectors)");
      return;
    }
  }
  const std::int64_t tiles = (n + kTile - 1) / kTile;
  const dim3 grid = owned_pair_grid(tiles, batch);
  inplace_square_kernel<T, Layout><<<grid, dim3(kTile, kRows), 0, stream>>>(data, batch, layout, tiles);
  check_launch("inplace_square");
}

}  // namespace

template <class T>
void launch_inplace_square(T* data, std::int64_t batch, std::int64_t n, cudaStream_t stream) {
  launch_squares(data, batch, packed_squares{n}, stream);
}

template <class T>
void launch_inplace_grid_squares(T* data, std::int64_t count, const grid_squares& layout, cudaStream_t stream) {
  launch_squares(data, count, layout, stream);
}

#define XPOSE_INSTANTIATE(T)                                                          \
  template void launch_inplace_square<T>(T*, std::int64_t, std::int64_t, cudaStream_t); \
  template void launch_inplace_grid_squares<T>(T*, std::int64_t, const grid_squares&, cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
