// In-place transpose of a wide matrix of 8 to 64 rows of 1-, 2-, 4- or 8-byte elements by the hold
// sweep (core/hold_sweep.hpp): one persistent cooperative launch, one block an SM, the rounds
// one after another.
//
// A round writes rows [a, b) of the result. Every block loads its share of what the round reads:
// the tile (columns [c0, c0 + W) of every row's cells in bands a..b-1) into shared memory by
// bulk copies, a share of the cells that move into registers, and its columns of the next round
// of rows a..b-1 (the carry) into registers too. The grid meets at a barrier; then every block
// writes its part of rows a..b-1 from the tile and the held cells into their mirror cells, and,
// the tile read, puts its carry into the next round's tile. Nothing a round loads is written by
// the round before it, so one barrier a round suffices and a round's loads go out while the
// last round's stores drain.
//
// Tile rows x >= a are still in place; rows [ca, a) (the last round's) are carried; rows x < ca
// were written, and their cells of bands a..b-1 lie in the mirror cells (y, x) of rows y,
// shifted by an arbitrary number of columns: each run is copied as the aligned 16-byte vectors
// that cover it, and the output reads element (x, j) at a base a row and band (a column whose
// mirror is one short comes from its side slot).
#include "hold_sweep_device.cuh"

namespace xpose::detail {
namespace {

/** Output vectors a thread gathers at once: vectors o + s u, u < kGatherVectors, read their
    elements from the same rows, V u columns apart (V elements a vector), so that one walk over
    the rows and one lookup of each row's base serve them all. Bytes a vector at a time took ten
    instructions a byte. */
constexpr int kGatherVectors = 4;

/** Where a block's rows of two runs split (a band edge in its columns): every such row's split
    column lies in [lo, hi], at most a column apart (the edges of one band differ by at most one
    column from row to row). Rows of one run keep base1 == base0, so columns that lie on one side
    of the whole range read one base a row, as blocks without an edge do; only those straddling
    it pick per element. Before, every gather of an edge block picked per element, and the two
    edge blocks of each round of 31 x 2M fp32 ended their rounds about 2 us after the others, which
    every grid barrier waited for (session 41). */
struct two_run_bounds {
  int lo, hi;  ///< lo > hi: no row of two runs
  /** The block has rows of two runs (a band edge in its columns). */
  __device__ bool any() const { return lo <= hi; }
  /** Columns [first, last] meet rows whose element picks differ. */
  __device__ bool straddled_by(int first, int last) const { return any() && last >= lo && first < hi; }
  /** Offset into base01 of the bases for columns from `first` on, where not straddled. */
  __device__ int bases_from(int first) const { return any() && first >= hi ? kMaxSkinny : 0; }
};

/** Elements (x, V (j0 + u) + jj) of the tile for the positions V i + k = jj s + x, k < V, into
    element k of w[u], u < kGatherVectors; Rotated: element k holds position V i + (rot + k) mod V
    instead. TwoRuns: a row's columns from split_of[x] on are at base1[x] (a band edge in this
    block's columns), else every column at base0[x]. */
template <class T, bool TwoRuns, bool Rotated>
__device__ __forceinline__ void gather_words(unsigned (&w)[kGatherVectors][4], const bool (&in_tile)[kGatherVectors],
                                             int i, int j0, int s, int rot, const int* base0, const int* base1,
                                             const int* split_of, fast_divider by_s) {
  constexpr int V = 16 / sizeof(T);
  extern __shared__ uint4 hold_tile_memory[];  // the kernel's tile, addressed as shared memory
  const T* tile = reinterpret_cast<const T*>(hold_tile_memory);
  hold_gather_walk at = hold_gather_walk::of(V * i, Rotated ? rot : 0, V, s, by_s);
#pragma unroll
  for (int k = 0; k < V; ++k) {
    const int x = at.x, d = at.jj;
    if constexpr (!TwoRuns) {
      const T* row = tile + base0[x] + d + V * j0;
#pragma unroll
      for (int u = 0; u < kGatherVectors; ++u) {
        if (in_tile[u]) hold::put_element(w[u], row[V * u], k);
      }
    } else {
      const int split = split_of[x] - d, at0 = base0[x] + d, at1 = base1[x] + d;
#pragma unroll
      for (int u = 0; u < kGatherVectors; ++u) {
        const int jj = V * (j0 + u);
        if (in_tile[u]) hold::put_element(w[u], tile[(jj < split ? at0 : at1) + jj], k);
      }
    }
    if constexpr (Rotated) {
      at.next(k, s);
    } else if (++at.x == s) {
      at.x = 0;
      ++at.jj;
    }
  }
}

/** The output gather of a round: output vector o = i + s j (i < s, j < VW) of this block holds
    the tile's elements (x, jj) for positions V o + k = jj s + x, k < V, that is
    x = (V i + k) mod s and jj = V j + (V i + k) / s. Vectors outside [row_begin, row_end) are
    not written. Rotated: the lane reads each vector's elements from element rot on. */
template <class T, bool Rotated>
__device__ __forceinline__ void gather_vectors_from(T* matrix, int s, int VW, int rot, std::int64_t p0,
                                                    std::int64_t row_begin, std::int64_t row_end, two_run_bounds edge,
                                                    const int* base01, const int* split_of, fast_divider by_s) {
  constexpr int M = kGatherVectors, V = 16 / sizeof(T);
  const int groups = s * ((VW + M - 1) / M);
  for (int g = threadIdx.x; g < groups; g += kHoldThreads) {
    const int jb = static_cast<int>(by_s.div(static_cast<std::uint32_t>(g))), i = g - jb * s, j0 = jb * M;
    const std::int64_t pos0 = p0 + static_cast<std::int64_t>(i + s * j0) * V;
    bool in_tile[M], store[M];
#pragma unroll
    for (int u = 0; u < M; ++u) {
      const std::int64_t pos = pos0 + static_cast<std::int64_t>(s) * V * u;
      in_tile[u] = j0 + u < VW;
      store[u] = in_tile[u] && pos >= row_begin && pos < row_end;
    }
    unsigned w[M][4];
#pragma unroll
    for (int u = 0; u < M; ++u) w[u][0] = w[u][1] = w[u][2] = w[u][3] = 0;
    // Columns V j0 .. V (j0 + M) - 1: one base a row unless they straddle the block's band edge.
    // (A third call for blocks without an edge, as gather_one_vector has, grew the byte kernels by
    // ~950 instructions and cost 28 x 2M bytes 4 points: session41/bytes_form.)
    if (!edge.straddled_by(V * j0, V * (j0 + M) - 1)) {
      gather_words<T, false, Rotated>(w, in_tile, i, j0, s, rot, base01 + edge.bases_from(V * j0), nullptr, split_of,
                                      by_s);
    } else {
      gather_words<T, true, Rotated>(w, in_tile, i, j0, s, rot, base01, base01 + kMaxSkinny, split_of, by_s);
    }
#pragma unroll
    for (int u = 0; u < M; ++u) {
      if (store[u]) {
        const uint4 v = make_uint4(w[u][0], w[u][1], w[u][2], w[u][3]);
        *reinterpret_cast<uint4*>(matrix + pos0 + static_cast<std::int64_t>(s) * V * u) =
            Rotated ? hold::unrotate<T>(v, rot) : v;
      }
    }
  }
}

/** gather_vectors_from for the round's rotation m (uniform; 0: none). */
template <class T>
__device__ __forceinline__ void gather_vectors(T* matrix, int s, int VW, int rotation, std::int64_t p0,
                                               std::int64_t row_begin, std::int64_t row_end, two_run_bounds edge,
                                               const int* base01, const int* split_of, fast_divider by_s) {
  if (rotation == 0) {
    gather_vectors_from<T, false>(matrix, s, VW, 0, p0, row_begin, row_end, edge, base01, split_of, by_s);
  } else {
    const int rot = hold_gather_lane_rotation(rotation, static_cast<int>(threadIdx.x & 31), 16 / sizeof(T));
    gather_vectors_from<T, true>(matrix, s, VW, rot, p0, row_begin, row_end, edge, base01, split_of, by_s);
  }
}

// bench/experiments/hold_trace.cu: a build with XPOSE_HOLD_TRACE stamps each round's phases,
// thread 0 of each block, into the workspace from 1 MiB on (8 stamps a round and block: the
// caller's workspace must hold them, as hold_trace.cu's does). Off by default.
#ifdef XPOSE_HOLD_TRACE
#define XPOSE_HOLD_STAMP(ev)                                                                   \
  if (threadIdx.x == 0) {                                                                    \
    unsigned long long t;                                                                    \
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));                                    \
    reinterpret_cast<unsigned long long*>(reinterpret_cast<char*>(counter) + (1 << 20))       \
        [(round * 8 + (ev)) * gridDim.x + blockIdx.x] = t;                                    \
  }
#else
#define XPOSE_HOLD_STAMP(ev)
#endif

/** CarrySlots: kHoldCarrySlots or kHoldCarrySlotsWide, the plan's (hold_plan::carry_slots). */
template <class T, int CarrySlots>
__global__ void __launch_bounds__(kHoldThreads, 1)
    hold_sweep_kernel(T* __restrict__ matrix, T* __restrict__ side, unsigned* counter,
                      const __grid_constant__ hold_plan plan) {
  constexpr int V = 16 / sizeof(T);
  extern __shared__ uint4 hold_tile_memory[];
  T* tile = reinterpret_cast<T*>(hold_tile_memory);  // [s][Pw]
  __shared__ std::int64_t lo[kMaxSkinny], hi[kMaxSkinny];
  __shared__ std::int64_t next_lo[kMaxSkinny], next_hi[kMaxSkinny];  // rows a..b-1's columns of the next round
  // Rows x < ca (those of rounds before the last): this block's columns of them lie in at most
  // two bands t, each read from its mirror cell in row ybase as nvec aligned vectors from
  // column src on, landing at dst in the row's shared memory; element (x, j) is then at
  // base0[x] + j - c0 below column c0 + split_of[x], at base1[x] + j - c0 from there. Column
  // fix takes side[x * s + ybase].
  __shared__ std::int64_t src[2][kMaxSkinny], fix[2][kMaxSkinny];
  __shared__ int ybase[2][kMaxSkinny], nvec[2][kMaxSkinny], dst[2][kMaxSkinny];
  __shared__ int base01[2 * kMaxSkinny], split_of[kMaxSkinny];  // base0, then base1
  int* const base0 = base01;
  int* const base1 = base01 + kMaxSkinny;
  __shared__ int edge_of_warp[2][2];  // the least and the greatest split of rows of two runs, warps 0 and 1
  const std::int64_t L = plan.L;
  const int s = plan.s;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  unsigned passed = 0;  // arrivals the barriers so far waited for
  __shared__ alignas(8) std::uint64_t tile_landed;  // the round's bulk copies, one arrival (thread 0)
  unsigned landed_phase = 0;
  if (threadIdx.x == 0) {
    tma::barrier_init(&tile_landed, 1);
    tma::fence_barrier_init();
  }

  // A round's moves, chunks [k0, k1) of them this block's: a lane loads one aligned source vector
  // into slot u and holds it unshifted (shifting there waited for every load in turn); after the
  // barrier its vector and its upper neighbour's make its destination vector. The pairs of the
  // block's share are made as the round begins, each as one 16-byte record for the loads
  // (row w, first aligned source vector, destination vectors, first chunk) and one for the
  // stores (z with the shift within a vector in bits 8 on, d0, n, first chunk): a lane reads
  // one record a held vector. Side slots: pair i's overflow by block i % grid, thread i / grid.
  __shared__ int4 pair_load[kHoldBlockPairs], pair_store[kHoldBlockPairs];
  constexpr int kPairThread = 64;  // the first thread of the warp that makes them (the row tables take s <= 64)
  static_assert(kMaxSkinny <= kPairThread && kPairThread + kHoldBlockPairs <= kHoldThreads, "a free warp");
  hold::vector_of<T> mv[kHoldVectors];
#pragma unroll
  for (int u = 0; u < kHoldVectors; ++u) mv[u].v = make_uint4(0, 0, 0, 0);
  T overflow_value{};
  int overflow_slot = -1;  // side[w * s + z] of the pair whose overflow this thread holds
  const cell_starts starts = cell_starts::of(s, L, plan.by_s);
  const auto load_moves = [&](const hold_round& R) {
    hold::for_each_move(plan, R, [&](int u, int k, int t) {
      const int4 q = pair_load[t];
      const int kk = (k - q.w) * kHoldMoveChunk + warp * 31 + lane;  // destination vector
      const int sv = q.y + kk;  // its aligned source vector (z >= 1: positive)
      // Held vectors (here and the carry's) are loaded L1::no_allocate: the tile takes all but about
      // 28 KB of the SM's L1 and shared memory, and these loads, up to 24 a thread, are the ones in
      // flight there. Against plain loads (H200, session52/call10, % of memcpy): 31 x 2M fp32 47.55
      // -> 48.25, bytes 46.9 -> 47.95, 2-byte 45.9 -> 46.6, 48 x 1M fp32 48.15 -> 49.25, 16 x 1M
      // 8-byte 53.25 -> 53.85, 46 x 2M bytes level; cache-global loads (L2 only) measured level.
      if (kk <= q.z && static_cast<std::int64_t>(sv) * V < L) {
        mv[u].v = load16_no_allocate(matrix + static_cast<std::int64_t>(q.x) * L + static_cast<std::int64_t>(sv) * V);
      }
    });
    const int o = static_cast<int>(blockIdx.x + threadIdx.x * gridDim.x);
    overflow_slot = -1;
    if (o < R.pairs) {
      const hold_pair q = hold_pair_of(plan, R, o, starts);
      if (q.overflow) {
        overflow_value = matrix[static_cast<std::int64_t>(q.w) * L + q.d0 + q.n + q.shift];
        overflow_slot = q.w * s + q.z;
      }
    }
  };
  const auto store_moves = [&](const hold_round& R) {
    hold::for_each_move(plan, R, [&](int u, int k, int t) {
      hold::store_moved_vector(matrix, L, pair_store[t], mv[u].v, k);
    });
    if (overflow_slot >= 0) side[overflow_slot] = overflow_value;
  };

  // The row tables take a dozen cell starts a round on the critical path; with 64-bit
  // divisions they took a microsecond.
  for (int round = 0; round < plan.rounds; ++round) {
    XPOSE_HOLD_STAMP(0);
    const hold_round& R = plan.round[round];
    const int a = R.a, b = R.b, W = R.W, VW = W / V, Pw = static_cast<int>(hold_pitch(W, V, plan.skewed_rows));
    const std::int64_t c0 = R.c_first + static_cast<std::int64_t>(blockIdx.x) * W;
    // Rows [ca, a) were carried into the tile by the round before; rows x < ca lie in mirror cells.
    const int ca = round > 0 ? plan.round[round - 1].a : 0;
    const bool carries = round + 1 < plan.rounds;
    const hold_round& N = plan.round[carries ? round + 1 : round];
    const int VWn = carries ? N.W / V : 0, Pwn = static_cast<int>(hold_pitch(N.W, V, plan.skewed_rows));
    // Where row x starts in its pitch: skewed rows spread the one-vector gather's loads over the banks.
    const auto row_start = [&](int x, int pitch) { return x * pitch + (plan.skewed_rows ? hold_row_skew(x) * V : 0); };
    const std::int64_t c0n = N.c_first + static_cast<std::int64_t>(blockIdx.x) * N.W;
    if (threadIdx.x < s) {
      const int x = threadIdx.x;
      const std::int64_t from = starts(x, a), to = starts(x, b);
      const std::int64_t l = c0 > from ? c0 : from, h = c0 + W < to ? c0 + W : to;
      lo[x] = l;
      hi[x] = h;
      int off0 = 0, off1 = 0, split = W;
      bool two = false;
      nvec[0][x] = nvec[1][x] = 0;
      fix[0][x] = fix[1][x] = -1;
      if (x >= a && x < b && carries) {
        const std::int64_t from_n = starts(x, N.a), to_n = starts(x, N.b);
        next_lo[x] = c0n > from_n ? c0n : from_n;
        next_hi[x] = c0n + N.W < to_n ? c0n + N.W : to_n;
      }
      if (x < ca && l < h) {
        int y0 = a;  // the band of column l
        while (y0 + 1 < b && starts(x, y0 + 1) <= l) ++y0;
        const std::int64_t band_end = starts(x, y0 + 1);
        split = static_cast<int>((band_end < h ? band_end : h) - c0);
        two = band_end < h;
        int next = 0;
#pragma unroll
        for (int t = 0; t < 2; ++t) {
          const int y = y0 + t;
          const std::int64_t rs = t == 0 ? l : band_end, re = t == 0 ? (band_end < h ? band_end : h) : h;
          if (rs >= re) continue;
          const std::int64_t cs = starts(x, y), home = starts(y, x);
          const std::int64_t shift = home - cs, fits = cs + starts(y, x + 1) - home;
          const std::int64_t in_row_end = re < fits ? re : fits;  // columns [rs, in_row_end) are in row y
          const std::int64_t first = (rs + shift) / V * V;
          const int count = in_row_end > rs ? static_cast<int>((in_row_end + shift + V - 1) / V - first / V) : 0;
          ybase[t][x] = static_cast<int>(y);
          src[t][x] = first;
          nvec[t][x] = count;
          dst[t][x] = next;
          const int o = static_cast<int>(next + (c0 + shift - first));
          if (t == 0) {
            off0 = o;
          } else {
            off1 = o;
          }
          fix[t][x] = fits < re ? fits : -1;
          next += (count + 1) * V;  // a vector apart: the fixed column may land just past the run
        }
      }
      if (!two) off1 = off0;  // one run: either base reads it
      base0[x] = row_start(x, Pw) + off0;
      base1[x] = row_start(x, Pw) + off1;
      split_of[x] = split;
      const int rows_here = s - (threadIdx.x & ~31);  // threads of this warp in the tables
      const unsigned mask = rows_here >= 32 ? 0xffffffffu : (1u << rows_here) - 1;
      const int least = __reduce_min_sync(mask, two ? split : W), most = __reduce_max_sync(mask, two ? split : -1);
      if (lane == 0) {
        edge_of_warp[warp][0] = least;
        edge_of_warp[warp][1] = most;
      }
    } else if (threadIdx.x >= kPairThread && threadIdx.x < kPairThread + kHoldBlockPairs) {  // the block's pairs
      const int t = static_cast<int>(threadIdx.x) - kPairThread;
      const int i = hold_share_of(plan, R, static_cast<int>(blockIdx.x), static_cast<int>(gridDim.x)).p_first + t;
      if (i < R.pairs) {
        const hold_pair q = hold_pair_of(plan, R, i, starts);
        const int source = q.d0 / V * V + q.shift;  // the first source element's column
        pair_load[t] = make_int4(q.w, source / V, (q.d0 + q.n + V - 1) / V - q.d0 / V, q.chunk_begin);
        pair_store[t] = make_int4(q.z | source % V << 8, q.d0, q.n, q.chunk_begin);
      }
    }
    __syncthreads();
    XPOSE_HOLD_STAMP(1);

    // The tile's rows x >= a, in place: their vectors that meet [lo, hi), in bulk copies of at
    // most kPieceVectors vectors, so that rows of few blocks' shares still go in several copies.
    constexpr int kPieceVectors = 128;
    const int slots = s * VW, pieces = (VW + kPieceVectors - 1) / kPieceVectors;
    for (int i = static_cast<int>(threadIdx.x); i < (s - a) * pieces; i += kHoldThreads) {
      const int x = a + i / pieces, piece = i % pieces;
      if (hi[x] <= lo[x]) continue;
      const int r0 = static_cast<int>((lo[x] - c0) / V), r1 = static_cast<int>((hi[x] - c0 + V - 1) / V);
      const int v0 = r0 + piece * kPieceVectors, v1 = min(r1, v0 + kPieceVectors);
      if (v0 >= v1) continue;
      asm volatile("fence.proxy.async;" ::: "memory");  // after the generic accesses the barriers ordered
      hold::bulk_copy(tile + row_start(x, Pw) + v0 * V, matrix + x * L + c0 + static_cast<std::int64_t>(v0) * V,
                     static_cast<unsigned>((v1 - v0) * 16), &tile_landed);
    }

    // Rows x < ca from their mirror cells, written by rounds before the last (the last round's
    // stores may still be draining: nothing here reads what they write). Every bulk copy goes out
    // before the register loads: a thread's loads stall once the memory system is full, and with
    // the mirror cells' copies issued after them the last block finished issuing 3-6 us after the
    // median one in rounds 5-9 of 31 x 2M fp32 (at most 2.8 us with them first), which every grid
    // barrier waited for (bench/experiments/hold_trace.cu). With them first: 31 x 2M
    // fp32 46.8 -> 47.4%, bytes 45.9 -> 46.9, 2-byte 45.4 -> 46.1, 24 x 2M fp32 49.4 -> 50.15
    // (H200, session52/call3; the register loads first instead lost 0.5-2.5 points).
    if (threadIdx.x < 2 * ca) {  // one bulk copy a run
      const int x = static_cast<int>(threadIdx.x) >> 1, t = threadIdx.x & 1;
      if (nvec[t][x] > 0) {
        asm volatile("fence.proxy.async;" ::: "memory");
        hold::bulk_copy(tile + row_start(x, Pw) + dst[t][x], matrix + static_cast<std::int64_t>(ybase[t][x]) * L + src[t][x],
                       static_cast<unsigned>(nvec[t][x] * 16), &tile_landed);
      }
    }
    load_moves(R);
    // The carry, in the top slots (the moves leave them free): rows a..b-1 over this block's
    // columns of the next round, vector i of them in slot kHoldVectors - 1 - i / kHoldThreads of
    // thread i % kHoldThreads.
    const int carry_count = (b - a) * VWn;
#pragma unroll
    for (int u = kHoldVectors - CarrySlots; u < kHoldVectors; ++u) {
      const int i = (kHoldVectors - 1 - u) * kHoldThreads + static_cast<int>(threadIdx.x);
      if (i >= carry_count) continue;
      const int x = a + i / VWn;
      const std::int64_t j = c0n + static_cast<std::int64_t>(i % VWn) * V;
      if (j + V > next_lo[x] && j < next_hi[x]) {
        mv[u].v = load16_no_allocate(matrix + static_cast<std::int64_t>(x) * L + j);
      }
    }
    XPOSE_HOLD_STAMP(2);
    __syncthreads();  // every run's bytes expected before the one arrival
    if (threadIdx.x == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(tma::smem_addr(&tile_landed)) : "memory");
    tma::wait_parity(&tile_landed, landed_phase);
    landed_phase ^= 1;
    XPOSE_HOLD_STAMP(3);
    if (threadIdx.x < 2 * ca) {  // the columns whose mirror is one short
      const int x = threadIdx.x >> 1, t = threadIdx.x & 1;
      const std::int64_t j = fix[t][x];
      if (j >= 0 && j >= lo[x] && j < hi[x]) {
        tile[(t == 0 ? base0[x] : base1[x]) + (j - c0)] = side[x * s + ybase[t][x]];
      }
    }
    // Everything the round reads is loaded, everywhere.
    passed += gridDim.x;
    hold::grid_barrier(counter, passed);
    XPOSE_HOLD_STAMP(4);

    // Rows a..b-1 of the result over this block's columns: positions j s + x, whole vectors.
    const two_run_bounds edge{s > 32 ? min(edge_of_warp[0][0], edge_of_warp[1][0]) : edge_of_warp[0][0],
                              s > 32 ? max(edge_of_warp[0][1], edge_of_warp[1][1]) : edge_of_warp[0][1]};
    const std::int64_t p0 = c0 * s, row_begin = static_cast<std::int64_t>(a) * L, row_end = static_cast<std::int64_t>(b) * L;
    // The output, one vector a thread at a time (4- and 8-byte elements, and bytes where
    // hold_bytes_gather_one_vector says so) or four (gather_vectors).
    const auto gather_one_vector = [&] {
      for (int o = threadIdx.x; o < slots; o += kHoldThreads) {
        const std::int64_t pos = p0 + static_cast<std::int64_t>(o) * V;
        if (pos < row_begin || pos >= row_end) continue;
        const int q = o * V;
        int jj = static_cast<int>(plan.by_s.div(static_cast<std::uint32_t>(q))), x = q - jj * s;
        hold::vector_of<T> out;
        const auto from_bases = [&](const int* base) {  // one base a row
#pragma unroll
          for (int k = 0; k < V; ++k) {
            out.e[k] = tile[base[x] + jj];
            if (++x == s) {
              x = 0;
              ++jj;
            }
          }
        };
        // Blocks without a band edge (most) skip the per-vector check: run in every block, it cost
        // fp32 1-3 points of memcpy at 8-31 x 2M (session41/sweep).
        if (!edge.any()) {
          from_bases(base0);
        } else if (const int jj_last = jj + (x + V - 1 >= s) + (x + V - 1 >= 2 * s);  // the vector's last column
                   !edge.straddled_by(jj, jj_last)) {
          from_bases(base01 + edge.bases_from(jj));
        } else {
#pragma unroll
          for (int k = 0; k < V; ++k) {
            out.e[k] = tile[(jj < split_of[x] ? base0[x] : base1[x]) + jj];
            if (++x == s) {
              x = 0;
              ++jj;
            }
          }
        }
        *reinterpret_cast<uint4*>(matrix + pos) = out.v;
      }
    };
    if constexpr (sizeof(T) <= 2) {
      // Bytes and 2-byte elements: the moves first, so that the gather has their registers.
      // Four vectors a thread measured 1-3 points slower for 4- and 8-byte elements
      // (session31/generic: 31 x 2M fp32 52.8 -> 51.4% of memcpy), 7-14 points faster for 2-byte.
      store_moves(R);
      XPOSE_HOLD_STAMP(5);
#pragma unroll
      for (int u = 0; u < kHoldVectors - CarrySlots; ++u) mv[u].v = make_uint4(0, 0, 0, 0);
      if (sizeof(T) == 1 && plan.gather_one_vector) {
        gather_one_vector();
      } else {
        gather_vectors(matrix, s, VW, R.rotation, p0, row_begin, row_end, edge, base01, split_of, plan.by_s);
      }
    } else {
      gather_one_vector();
      XPOSE_HOLD_STAMP(5);
      store_moves(R);
    }
    XPOSE_HOLD_STAMP(6);
    __syncthreads();  // the tile is read: the carried rows go into the next round's
#pragma unroll
    for (int u = kHoldVectors - CarrySlots; u < kHoldVectors; ++u) {
      const int i = (kHoldVectors - 1 - u) * kHoldThreads + static_cast<int>(threadIdx.x);
      if (i >= carry_count) continue;
      const int x = a + i / VWn;
      *reinterpret_cast<uint4*>(tile + row_start(x, Pwn) + (i % VWn) * V) = mv[u].v;
    }
    XPOSE_HOLD_STAMP(7);
  }
}

}  // namespace

template <class T>
bool launch_inplace_hold_sweep(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, void* workspace,
                               std::size_t workspace_bytes, cudaStream_t stream) {
  // 1-, 2-, 4- and 8-byte elements of the natural types (16-byte rows do not fit a block's
  // share; the byte-offset types never meet 16-byte aligned data): the kernel is built for
  // these four only.
  if constexpr ((sizeof(T) != 1 && sizeof(T) != 2 && sizeof(T) != 4 && sizeof(T) != 8) || !has_vector_path<T>) {
    return false;
  } else {
    return hold::launch<T, false>({hold_sweep_kernel<T, kHoldCarrySlots>, hold_sweep_kernel<T, kHoldCarrySlotsWide>},
                                  "inplace hold sweep", data, batch, rows, cols, workspace, workspace_bytes, stream,
                                  /*every_plan=*/true);
  }
}

#define XPOSE_INSTANTIATE(T)                                                                                   \
  template bool launch_inplace_hold_sweep<T>(T*, std::int64_t, std::int64_t, std::int64_t, void*, std::size_t, \
                                             cudaStream_t);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
