// In-place transpose of a tall L x s matrix (8 <= s <= 64, 1-, 2-, 4- or 8-byte elements) by the
// hold sweep run backwards (core/hold_sweep.hpp, docs/inplace.md): the tall transpose undoes the
// wide one, so the wide s x L plan's rounds, from the last to the first, with every load and
// store swapped, take the tall matrix to its s x L transpose. One persistent cooperative launch,
// one block an SM.
//
// The buffer is s rows of L positions; element (x, j) of the result sits at position j s + x of
// the tall matrix. Round [a, b), backwards:
//  - loads: this block's positions [c0 s, (c0 + W) s) of rows a..b-1 (the stage: whole runs, by
//    bulk copies), and its share of the moved cells, from their mirror cells into registers;
//  - after one grid barrier, stores: the carry the round before read for rows a..b-1 (their
//    columns of its bands), the moved cells home, and the stage's elements (x, j): home in
//    row x for rows x >= a, into the mirror cell (y, x) of row y for rows of rounds before the
//    next one; those of the next round's rows [ca, a) go into registers, for the next round to
//    store once it has read its rows.
// Nothing a round loads was written by the round before it, as in the wide sweep (the host
// simulation in tests/cpu/test_hold_unsweep.cpp checks it), so one barrier a round suffices.
#include "hold_sweep_device.cuh"

namespace xpose::detail {
namespace {

/** Where a lane's vector of the stage lies in order o (core/hold_gather.hpp, hold_stage_order):
    work item `item` of a warp's group (its lane / (32 / R)-th), vector v of the item's row, the
    lane's rotation. */
struct stage_lane {
  int item, v, rot;
  __device__ static stage_lane of(int group, int rows, int rotation, int V) {
    const int per_item = 32 / rows, lane = static_cast<int>(threadIdx.x & 31);
    const int v = lane % per_item;
    return {group * rows + lane / per_item, v, hold_gather_lane_rotation(rotation, v, V)};
  }
};

/** CarrySlots: the plan's carry (hold_plan::carry_slots); Ordered: the stores in the plan's order
    (hold_plan::stage_ordered; a kernel of its own: the rotation's code slowed the plain order by
    1-3 points, session34/unsweep3). */
template <class T, int CarrySlots, bool Ordered>
__global__ void __launch_bounds__(kHoldThreads, 1)
    hold_unsweep_kernel(T* __restrict__ matrix, T* __restrict__ side, unsigned* counter,
                        const __grid_constant__ hold_plan plan) {
  constexpr int V = 16 / sizeof(T);
  extern __shared__ uint4 hold_stage_memory[];
  T* stage = reinterpret_cast<T*>(hold_stage_memory);  // element (x, j) at (j - c0) s + x
  __shared__ std::int64_t lo[kMaxSkinny], hi[kMaxSkinny];  // this round's columns of row x
  __shared__ std::int64_t in_lo[kMaxSkinny], in_hi[kMaxSkinny];  // rows a..b-1 over the carry's columns
  // A row's stores, up to two runs: stage columns [d0 - shift, d1 - shift) to columns [d0, d1)
  // of row run_row, vectors from d0 / V on. fix: the stage column whose mirror is one short,
  // to side[x s + fix_row].
  __shared__ int run_row[2][kMaxSkinny], run_d0[2][kMaxSkinny], run_d1[2][kMaxSkinny], run_shift[2][kMaxSkinny];
  __shared__ int run_vectors[2][kMaxSkinny], fix_col[2][kMaxSkinny], fix_row[2][kMaxSkinny];
  const std::int64_t L = plan.L;
  const int s = plan.s;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  unsigned passed = 0;
  __shared__ alignas(8) std::uint64_t stage_landed;
  unsigned landed_phase = 0;
  if (threadIdx.x == 0) {
    tma::barrier_init(&stage_landed, 1);
    tma::fence_barrier_init();
  }

  // The moves, as in the wide kernel: a lane loads one aligned source vector and holds it; after
  // the barrier its vector and its upper neighbour's make its destination vector, 31 a warp.
  __shared__ int4 pair_load[kHoldBlockPairs], pair_store[kHoldBlockPairs];
  constexpr int kPairThread = 64;
  static_assert(kMaxSkinny <= kPairThread && kPairThread + kHoldBlockPairs <= kHoldThreads, "a free warp");
  hold::vector_of<T> mv[kHoldVectors];
#pragma unroll
  for (int u = 0; u < kHoldVectors; ++u) mv[u].v = make_uint4(0, 0, 0, 0);
  T overflow_value{};
  std::int64_t overflow_at = -1;  // the matrix element a held side slot goes to
  const cell_starts starts = cell_starts::of(s, L, plan.by_s);
  const auto load_moves = [&](const hold_round& R) {
    hold::for_each_move(plan, R, [&](int u, int k, int t) {
      const int4 q = pair_load[t];
      const int kk = (k - q.w) * kHoldMoveChunk + warp * 31 + lane;  // destination vector
      const int sv = q.y + kk;  // its aligned source vector (-1 only for elements not stored)
      if (kk <= q.z && sv >= 0 && static_cast<std::int64_t>(sv) * V < L) {
        mv[u].v = *reinterpret_cast<const uint4*>(matrix + static_cast<std::int64_t>(q.x) * L +
                                                  static_cast<std::int64_t>(sv) * V);
      }
    });
    const int o = static_cast<int>(blockIdx.x + threadIdx.x * gridDim.x);
    overflow_at = -1;
    if (o < R.pairs) {
      const hold_pair q = hold_unpair_of(plan, R, o, starts);
      if (q.overflow) {
        overflow_value = side[q.z * s + q.w];
        overflow_at = static_cast<std::int64_t>(q.z) * L + q.d0 + q.n;
      }
    }
  };
  const auto store_moves = [&](const hold_round& R) {
    hold::for_each_move(plan, R, [&](int u, int k, int t) {
      hold::store_moved_vector(matrix, L, pair_store[t], mv[u].v, k);
    });
    if (overflow_at >= 0) matrix[overflow_at] = overflow_value;
  };
  // The stage's elements (x, j), j in [j0, j0 + V), as one vector: columns outside [l, h) zero.
  // Rotated (the stores' order, uniform): a whole vector is read from element rot on (the lanes
  // of a warp then meet on fewer banks) and turned back.
  const auto stage_vector = [&](int x, std::int64_t j0, std::int64_t c0, std::int64_t l, std::int64_t h, bool rotated,
                                int rot) {
    unsigned w[4] = {0, 0, 0, 0};
    const int first = static_cast<int>(j0 - c0) * s + x;
    if (j0 >= l && j0 + V <= h) {
      if (!Ordered || !rotated) {
#pragma unroll
        for (int e = 0; e < V; ++e) hold::put_element(w, stage[first + e * s], e);
        return make_uint4(w[0], w[1], w[2], w[3]);
      }
      if constexpr (Ordered) {
#pragma unroll
        for (int k = 0; k < V; ++k) hold::put_element(w, stage[first + ((k + rot) & (V - 1)) * s], k);
        return hold::unrotate<T>(make_uint4(w[0], w[1], w[2], w[3]), rot);
      }
    }
#pragma unroll
    for (int e = 0; e < V; ++e) {
      if (j0 + e >= l && j0 + e < h) hold::put_element(w, stage[first + e * s], e);
    }
    return make_uint4(w[0], w[1], w[2], w[3]);
  };
  // Vector slot u's carried vector i: row first + i % rows, vector i / rows of the columns from c0.
  const auto carry_index = [&](int u) { return (kHoldVectors - 1 - u) * kHoldThreads + static_cast<int>(threadIdx.x); };

  for (int round = plan.rounds - 1; round >= 0; --round) {
    const hold_round& R = plan.round[round];
    const int a = R.a, b = R.b, W = R.W, VW = W / V;
    const std::int64_t c0 = R.c_first + static_cast<std::int64_t>(blockIdx.x) * W;
    // Rows [ca, a) are the next round's: it stores what this round reads of them.
    const int ca = round > 0 ? plan.round[round - 1].a : 0;
    const bool carried_in = round + 1 < plan.rounds;  // the round before read rows a..b-1 for this one
    const hold_round& N = plan.round[carried_in ? round + 1 : round];
    const int VWn = carried_in ? N.W / V : 0;
    const std::int64_t c0n = N.c_first + static_cast<std::int64_t>(blockIdx.x) * N.W;
    if (threadIdx.x < s) {
      const int x = threadIdx.x;
      const std::int64_t from = starts(x, a), to = starts(x, b);
      const std::int64_t l = c0 > from ? c0 : from, h = c0 + W < to ? c0 + W : to;
      lo[x] = l;
      hi[x] = h;
      run_vectors[0][x] = run_vectors[1][x] = 0;
      fix_col[0][x] = fix_col[1][x] = -1;
      const auto set_run = [&](int t, int row, std::int64_t d0, std::int64_t d1, std::int64_t shift) {
        run_row[t][x] = row;
        run_d0[t][x] = static_cast<int>(d0);
        run_d1[t][x] = static_cast<int>(d1);
        run_shift[t][x] = static_cast<int>(shift);
        run_vectors[t][x] = d1 > d0 ? static_cast<int>((d1 + V - 1) / V - d0 / V) : 0;
      };
      if (x >= a && x < b && carried_in) {
        const std::int64_t from_n = starts(x, N.a), to_n = starts(x, N.b);
        in_lo[x] = c0n > from_n ? c0n : from_n;
        in_hi[x] = c0n + N.W < to_n ? c0n + N.W : to_n;
      }
      if (l < h && x >= a) {
        set_run(0, x, l, h, 0);  // home
      } else if (l < h && x < ca) {
        int y0 = a;  // the band of column l
        while (y0 + 1 < b && starts(x, y0 + 1) <= l) ++y0;
        const std::int64_t band_end = starts(x, y0 + 1);
#pragma unroll
        for (int t = 0; t < 2; ++t) {
          const int y = y0 + t;
          const std::int64_t rs = t == 0 ? l : band_end, re = t == 0 ? (band_end < h ? band_end : h) : h;
          if (rs >= re) continue;
          const std::int64_t cs = starts(x, y), home = starts(y, x);
          const std::int64_t shift = home - cs, fits = cs + starts(y, x + 1) - home;
          const std::int64_t in_row_end = re < fits ? re : fits;  // columns [rs, in_row_end) go to row y
          if (in_row_end > rs) set_run(t, y, rs + shift, in_row_end + shift, shift);
          if (fits < re) {
            fix_col[t][x] = static_cast<int>(fits);
            fix_row[t][x] = y;
          }
        }
      }
    } else if (threadIdx.x >= kPairThread && threadIdx.x < kPairThread + kHoldBlockPairs) {  // the block's pairs
      const int t = static_cast<int>(threadIdx.x) - kPairThread;
      const int i = hold_share_of(plan, R, static_cast<int>(blockIdx.x), static_cast<int>(gridDim.x)).p_first + t;
      if (i < R.pairs) {
        const hold_pair q = hold_unpair_of(plan, R, i, starts);
        const int source = q.d0 / V * V + q.shift;  // the first destination vector's first source column
        const int sv0 = source >= 0 ? source / V : -((V - 1 - source) / V);
        pair_load[t] = make_int4(q.w, sv0, (q.d0 + q.n + V - 1) / V - q.d0 / V, q.chunk_begin);
        pair_store[t] = make_int4(q.z | (source - sv0 * V) << 8, q.d0, q.n, q.chunk_begin);
      }
    }
    __syncthreads();

    // The stage: positions [c0 s, (c0 + W) s) of rows a..b-1, whole runs of 16-byte vectors.
    {
      const std::int64_t p0 = c0 * s, p_lo = p0 > a * L ? p0 : a * L;
      const std::int64_t p_hi = (c0 + W) * s < b * L ? (c0 + W) * s : b * L;
      constexpr int kPieceBytes = 2048;
      const std::int64_t bytes = p_hi > p_lo ? (p_hi - p_lo) * static_cast<std::int64_t>(sizeof(T)) : 0;
      for (std::int64_t i = threadIdx.x; i * kPieceBytes < bytes; i += kHoldThreads) {
        const std::int64_t off = i * kPieceBytes;
        const unsigned piece = static_cast<unsigned>(bytes - off < kPieceBytes ? bytes - off : kPieceBytes);
        asm volatile("fence.proxy.async;" ::: "memory");  // after the generic accesses the barriers ordered
        hold::bulk_copy(reinterpret_cast<char*>(stage + (p_lo - p0)) + off,
                        reinterpret_cast<const char*>(matrix + p_lo) + off, piece, &stage_landed);
      }
    }
    load_moves(R);
    __syncthreads();  // every piece's bytes expected before the one arrival
    if (threadIdx.x == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(tma::smem_addr(&stage_landed)) : "memory");
    tma::wait_parity(&stage_landed, landed_phase);
    landed_phase ^= 1;
    passed += gridDim.x;
    hold::grid_barrier(counter, passed);

    // The carry the round before read: rows a..b-1 over its columns, home.
    const int in_rows = b - a;
#pragma unroll
    for (int u = kHoldVectors - CarrySlots; u < kHoldVectors; ++u) {
      const int i = carry_index(u);
      if (!carried_in || i >= in_rows * VWn) continue;
      const int x = a + i % in_rows;
      const std::int64_t j = c0n + static_cast<std::int64_t>(i / in_rows) * V;
      const std::int64_t l = in_lo[x], h = in_hi[x];
      if (j + V <= l || j >= h) continue;
      T* row = matrix + static_cast<std::int64_t>(x) * L;
      if (j >= l && j + V <= h) {
        *reinterpret_cast<uint4*>(row + j) = mv[u].v;
      } else {
        hold::store_edge(row, mv[u].v, static_cast<int>(j), static_cast<int>(l), static_cast<int>(h));
      }
    }
    store_moves(R);
    // The stage's rows, home or into mirror cells: work items (chunk c, row x) of 32 / R vectors,
    // R items a warp at once (plan.stage_rows). A row's runs cover at most VW + 4 vectors (two
    // runs, each at most one vector more than its columns at either end).
    const int stage_rows = Ordered ? plan.stage_rows : 4, stage_rotation = Ordered ? plan.stage_rotation : 0;
    const int per_item = 32 / stage_rows, chunks = (VW + 4 + per_item - 1) / per_item;
    for (int group = warp; group * stage_rows < chunks * s; group += kHoldThreads / 32) {
      const stage_lane at = stage_lane::of(group, stage_rows, stage_rotation, V);
      if (at.item >= chunks * s) continue;
      const int c = static_cast<int>(plan.by_s.div(static_cast<std::uint32_t>(at.item))), x = at.item - c * s;
      int v = c * per_item + at.v;
      const int n0 = run_vectors[0][x];
      if (v >= n0 + run_vectors[1][x]) continue;
      const int t = v < n0 ? 0 : 1;
      v -= t == 0 ? 0 : n0;
      const int d0 = run_d0[t][x], d1 = run_d1[t][x], shift = run_shift[t][x];
      const int vd = (d0 / V + v) * V;
      const uint4 out = stage_vector(x, vd - shift, c0, d0 - shift, d1 - shift, stage_rotation != 0, at.rot);
      T* row = matrix + static_cast<std::int64_t>(run_row[t][x]) * L;
      if (vd >= d0 && vd + V <= d1) {
        *reinterpret_cast<uint4*>(row + vd) = out;
      } else {
        hold::store_edge(row, out, vd, d0, d1);
      }
    }
    if (threadIdx.x < 2 * ca) {  // the columns whose mirror is one short
      const int x = threadIdx.x >> 1, t = threadIdx.x & 1;
      const int j = fix_col[t][x];
      if (j >= 0 && j >= lo[x] && j < hi[x]) side[x * s + fix_row[t][x]] = stage[static_cast<int>(j - c0) * s + x];
    }
    // The next round's rows over this round's columns, into the carry.
    const int out_rows = a - ca;
#pragma unroll
    for (int u = kHoldVectors - CarrySlots; u < kHoldVectors; ++u) {
      const int i = carry_index(u);
      if (i >= out_rows * VW) continue;
      const int x = ca + i % out_rows;
      mv[u].v = stage_vector(x, c0 + static_cast<std::int64_t>(i / out_rows) * V, c0, lo[x], hi[x], false, 0);
    }
    __syncthreads();  // the stage and the tables are read: the next round may overwrite them
  }
}

}  // namespace

template <class T>
bool launch_inplace_hold_unsweep(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, void* workspace,
                                 std::size_t workspace_bytes, cudaStream_t stream, bool every_plan) {
  if constexpr ((sizeof(T) != 1 && sizeof(T) != 2 && sizeof(T) != 4 && sizeof(T) != 8) || !has_vector_path<T>) {
    return false;
  } else {
    return hold::launch<T, true>({hold_unsweep_kernel<T, kHoldCarrySlots, false>,
                                  hold_unsweep_kernel<T, kHoldCarrySlotsWide, false>,
                                  hold_unsweep_kernel<T, kHoldCarrySlots, true>,
                                  hold_unsweep_kernel<T, kHoldCarrySlotsWide, true>},
                                 "inplace hold sweep backwards", data, batch, rows, cols, workspace, workspace_bytes,
                                 stream, every_plan);
  }
}

#define XPOSE_INSTANTIATE(T)                                                                                     \
  template bool launch_inplace_hold_unsweep<T>(T*, std::int64_t, std::int64_t, std::int64_t, void*, std::size_t, \
                                               cudaStream_t, bool);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
