// In place, a wide s x L matrix by the hold sweep (docs/inplace.md, "The hold sweep"): the rows
// of the result in groups, each group's data held on chip between its loads and its stores.
//
// The transpose sends element (r, j) to position j s + r, which lies in row y = (j s + r) / L
// of the buffer. Cut every row x into cells: cell (x, y) is the run of columns of row x whose
// elements land in row y of the result, [cell_start(x, y), cell_start(x, y + 1)). A round writes
// rows [a, b) of the result. It reads cell (x, y) for every row x and every y in [a, b) (the
// tile); after one grid barrier it writes rows a..b-1. Rows a..b-1 still hold cells other rounds
// need:
//  - the cells (w, y) of the next round's rows [b, b'), which the blocks carry in registers
//    into the next round's tile (no global round trip, so that the next round's loads need no
//    barrier of their own);
//  - the cells (w, z), z >= b', the moves: the round holds them in registers too and, after the
//    barrier, puts cell (w, z) into cell (z, w), which it has just read. A later round finds
//    cell (x, y) in row y at cell (y, x).
// Mirror cells differ in size by at most one element; the one that does not fit goes to a side
// slot side[x * s + y].
//
// Nothing a round reads was written by the round before it (its rows, the moves into rows past
// the next round's, the side slots of those): a round's loads may start while the previous
// round's stores drain, and one barrier a round suffices.
//
// Host and device share these; tests/cpu/test_hold_sweep.cpp checks the plan and runs the rounds
// on host arrays.
#pragma once

#include "fast_divider.hpp"
#include "hold_gather.hpp"
#include "hold_tables.hpp"
#include "plan.hpp"             // kMaxSkinny
#include "stacked_squares.hpp"  // XPOSE_HOST_DEVICE

#include <algorithm>
#include <cstdint>
#include <memory>

namespace xpose::detail {

/** The first column of row x whose element lies in row y of the transposed buffer
    (0 <= x < s, 0 <= y <= s): ceil((y L - x) / s). */
XPOSE_HOST_DEVICE inline std::int64_t cell_start(std::int64_t x, std::int64_t y, std::int64_t s, std::int64_t L) {
  const std::int64_t v = y * L - x;
  return v <= 0 ? 0 : (v + s - 1) / s;
}

/** cell_start in 32-bit steps, for the kernel: y L - x = y q s + (y r - x) with L = q s + r,
    and y r - x lies in (-s, s^2). */
struct cell_starts {
  std::int64_t q;
  std::int32_t r, s;
  fast_divider by_s;
  XPOSE_HOST_DEVICE static cell_starts of(std::int64_t s, std::int64_t L, fast_divider by_s) {
    return {L / s, static_cast<std::int32_t>(L % s), static_cast<std::int32_t>(s), by_s};
  }
  /** cell_start(x, y, s, L) for 0 <= x < s, 0 <= y <= s. */
  XPOSE_HOST_DEVICE std::int64_t operator()(std::int32_t x, std::int32_t y) const {
    const std::int32_t n = y * r - x;
    return y * q + (n > 0 ? static_cast<std::int64_t>(by_s.div(static_cast<std::uint32_t>(n + s - 1))) : 0);
  }
};

/** Elements of cell (x, y). */
XPOSE_HOST_DEVICE inline std::int64_t cell_size(std::int64_t x, std::int64_t y, std::int64_t s, std::int64_t L) {
  return cell_start(x, y + 1, s, L) - cell_start(x, y, s, L);
}

/** One block an SM of this many threads holds a round. */
inline constexpr int kHoldThreads = 512;
/** Vectors (16 bytes) a thread holds in registers: its share of the round's moves from the
    first, of what it carries into the next round's tile in the top slots, kHoldCarrySlots at
    most, or kHoldCarrySlotsWide where that plan pays (hold_wide_carry_pays; a kernel of its own). A
    wider carry lets a round end where the next round's rows hold more of this round's cells:
    bytes of 18-24 rows at 2M columns go in two rounds instead of three (H100, session33/carry12:
    20 x 2M 47.8 -> 57.0-57.4% of memcpy; 2-byte 10 x 2M 54.3-54.6 -> 62.9-65.1). But the wide
    kernel was slower on the plans the wider carry leaves as they were (8-byte 31 x 2M 51.0 ->
    48.0, bytes 16 x 2M 61.5 -> 60.0: the slots it keeps live crowd the gather), so the narrow
    one keeps them. */
inline constexpr int kHoldVectors = 24;
inline constexpr int kHoldCarrySlots = 6;
inline constexpr int kHoldCarrySlotsWide = 12;
/** Destination vectors of the moves a block covers per chunk: 31 a warp, so that each lane's
    aligned source vector and its upper neighbour's make the lane's destination vector (lane 31
    only lends its vector). */
inline constexpr int kHoldMoveChunk = kHoldThreads / 32 * 31;
/** Shared memory a block's tile may take. */
inline constexpr std::int64_t kHoldTileBytes = 208 * 1024;
/** The plan travels as the kernel's parameter, under 4 KiB: a call's launch grows with it
    (bench/experiments/launch_cost.cu, H100: an idle kernel at the hold sweep's launch shape took
    7 us event to event with a parameter of up to 4 KiB, 12-15 us with the 27 KB plan that held
    every pair of cells). So the kernel computes a pair's cells (hold_pair_of); the plan holds
    where each pair's chunks begin. */
inline constexpr int kHoldMaxRounds = 64;
inline constexpr int kHoldMaxPairs = 880;
/** Pairs one block's share of a round's moves may touch: the kernel makes them in shared memory
    as the round begins. A share is at most kHoldVectors chunks and a pair at least one chunk
    (but for cells under a vector long: the plan counts). */
inline constexpr int kHoldBlockPairs = 32;
/** Tile columns a block pads a row with: two runs of aligned vectors a row, a vector apart. */
inline constexpr std::int64_t kHoldRowSlackVectors = 6;
/** Skewed tile rows (hold_plan::skewed_rows, 4-byte elements): row x starts hold_row_skew(x)
    vectors into its pitch, which has kHoldSkewVectors more vectors of slack for that. The
    one-vector gather's lanes read rows x, x + 4, x + 8, ... at one column; at an odd pitch of 4q
    words those rows start on two groups of four banks only (4 q mod 8 = 4), and (x / 8) mod 4
    vectors more spread eight of them over all eight groups (4 m + m / 2 mod 8, m = x / 4 mod 8).
    31 x 2M fp32 (ncu, H200, session 41): 12.1 -> 8.7 M shared-load wavefronts. With the edge
    blocks' gather (inplace_hold_sweep.cu, two_run_bounds), % of memcpy unskewed -> skewed: 31 x 2M
    45.6-45.8 -> 46.1-46.4, 43 x 1M 44.8-45.0 -> 46.7-46.8, 48 x 1M 45.8-46.0 -> 47.6-47.8; 8-24 x 2M
    level (session41/fastpath). Skewed, 2-byte rows measured 0.5-0.9 points
    slower (their four-vector gather has its own lane rotation), bytes level and 8-byte mixed
    (-0.6 to +0.4): they keep their rows unskewed. */
inline constexpr std::int64_t kHoldSkewVectors = 3;
XPOSE_HOST_DEVICE constexpr int hold_row_skew(int x) { return (x >> 3) & 3; }

/** Elements from one tile row to the next in a round of width W (V elements a vector): W plus
    the slack, plus one vector where that makes the count of vectors odd. The output gather reads
    many rows at nearly the same columns; rows a multiple of 128 bytes apart start on the same
    bank, and a pitch of 0 or 64 mod 128 bytes conflicted three to six times over (bank
    simulation, 23 x 2M bytes: 5.1 wavefronts a load for the four-vector gather against 2.0 with
    an odd pitch). Rows an odd number of vectors apart start on eight different groups of four
    banks. */
XPOSE_HOST_DEVICE constexpr std::int64_t hold_pitch(std::int64_t W, std::int64_t V, bool skewed = false) {
  const std::int64_t vectors = W / V + kHoldRowSlackVectors + (skewed ? kHoldSkewVectors : 0);
  return (vectors % 2 == 0 ? vectors + 1 : vectors) * V;
}

/** Cell (w, z) moves to cell (z, w): row z, columns [d0, d0 + n), from row w at column + shift. */
struct hold_pair {
  std::int32_t w, z;
  std::int32_t d0, n;
  std::int32_t shift;
  std::int32_t chunk_begin;  ///< first chunk (kHoldMoveChunk vectors) of this pair in its round
  std::int32_t overflow;     ///< cell (w, z) is one longer: its last element to side[w * s + z]
};

/** 16-bit counts: rows are at most kMaxSkinny, a round's pairs at most kHoldMaxPairs and its
    chunks at most kHoldVectors a block (the plan checks). */
struct hold_round {
  std::int16_t a, b;     ///< rows [a, b) of the result
  std::int16_t z_from;   ///< the moves go to rows [z_from, s): those past the next round's
  std::int16_t pairs, chunks, pair_begin;
  std::int16_t rotation;  ///< the four-vector gather's lane rotation m (core/hold_gather.hpp)
  std::int32_t W;         ///< tile columns a block (a multiple of the vector)
  std::int32_t c_first;   ///< block 0's first column (a multiple of the vector; columns < 2^30)
};

struct hold_plan {
  bool use = false;
  bool inverse = false;  ///< the rounds run backwards for a tall L x s matrix (hold_unpair_of)
  bool gather_one_vector = false;  ///< bytes: hold_bytes_gather_one_vector says so
  bool skewed_rows = false;  ///< tile rows at hold_row_skew vectors into their pitches (hold_pitch)
  std::int32_t carry_slots = kHoldCarrySlots;  ///< or kHoldCarrySlotsWide: the kernel to launch
  std::int32_t stage_rows = 4, stage_rotation = 0;  ///< backwards: the order of the stage's stores
  bool stage_ordered = false;  ///< backwards: not the plain order (four rows, no rotation): its own kernel
  std::int32_t s = 0, rounds = 0, widest = 0;  ///< widest: the largest W
  std::int64_t L = 0;
  fast_divider by_s;
  hold_round round[kHoldMaxRounds];
  std::int16_t chunk_begin[kHoldMaxPairs];  ///< each round's pairs' first chunks, from its pair_begin
};
static_assert(sizeof(hold_plan) <= 4096, "the plan is the kernel's parameter: its size is launch time");

/** Pair i of round R, the cells of rows [a, b) x [z_from, s) row by row. */
XPOSE_HOST_DEVICE inline hold_pair hold_pair_of(const hold_plan& plan, const hold_round& R, int i,
                                                const cell_starts& starts) {
  const int per_row = plan.s - R.z_from;
  hold_pair q;
  q.w = R.a + i / per_row;
  q.z = R.z_from + i % per_row;
  const std::int64_t d0 = starts(q.z, q.w), home = starts(q.w, q.z);
  q.d0 = static_cast<std::int32_t>(d0);
  q.n = static_cast<std::int32_t>(starts(q.z, q.w + 1) - d0);
  q.shift = static_cast<std::int32_t>(home - d0);
  q.overflow = starts(q.w, q.z + 1) - home > q.n ? 1 : 0;
  q.chunk_begin = plan.chunk_begin[R.pair_begin + i];
  return q;
}

/** Pair i of round R run backwards (the tall transpose, L x s to s x L, undoes the wide one, round
    by round from the last): cell (z, w)'s content goes home to cell (w, z), row w, columns
    [d0, d0 + n), from row z at column + shift. n is the shorter cell's size: a destination one
    longer takes its last element from side[w * s + z] (overflow), a source one longer holds a
    stray last element that nothing wrote. */
XPOSE_HOST_DEVICE inline hold_pair hold_unpair_of(const hold_plan& plan, const hold_round& R, int i,
                                                  const cell_starts& starts) {
  const int per_row = plan.s - R.z_from;
  const int w = R.a + i / per_row, z = R.z_from + i % per_row;
  const std::int64_t home = starts(w, z), mirror = starts(z, w);
  const std::int64_t home_n = starts(w, z + 1) - home, mirror_n = starts(z, w + 1) - mirror;
  hold_pair q;
  q.w = z;
  q.z = w;
  q.d0 = static_cast<std::int32_t>(home);
  q.n = static_cast<std::int32_t>(home_n < mirror_n ? home_n : mirror_n);
  q.shift = static_cast<std::int32_t>(mirror - home);
  q.overflow = home_n > mirror_n ? 1 : 0;
  q.chunk_begin = plan.chunk_begin[R.pair_begin + i];
  return q;
}

/** Block g of `blocks`' share of round R's moves: chunks [k0, k1), in pairs p_first..p_last. */
struct hold_share {
  int k0, k1, p_first, p_last;
};
XPOSE_HOST_DEVICE inline hold_share hold_share_of(const hold_plan& plan, const hold_round& R, int g, int blocks) {
  const std::int16_t* begin = plan.chunk_begin + R.pair_begin;
  const int per_block = (R.chunks + blocks - 1) / blocks;
  hold_share m;
  m.k0 = g * per_block;
  m.k1 = R.chunks < m.k0 + per_block ? R.chunks : m.k0 + per_block;
  const auto last_pair_at = [&](int k) {  // the last pair whose chunks begin at or before k
    int lo = 0, hi = R.pairs - 1;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (begin[mid] <= k) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  };
  m.p_first = last_pair_at(m.k0);
  m.p_last = m.k1 > m.k0 ? last_pair_at(m.k1 - 1) : m.p_first;
  return m;
}

/** Block 0's first column of round [a, b): the vector holding row s - 1's first column of band a. */
inline std::int64_t hold_first_column(std::int64_t a, std::int64_t s, std::int64_t L, std::int64_t V) {
  return cell_start(s - 1, a, s, L) / V * V;
}

/** Tile columns a block of round [a, b), whole vectors, `blocks` blocks covering the bands. */
inline std::int64_t hold_width(std::int64_t a, std::int64_t b, std::int64_t s, std::int64_t L, std::int64_t V,
                               std::int64_t blocks) {
  const std::int64_t band = cell_start(0, b, s, L) - hold_first_column(a, s, L, V);
  return ((band + blocks - 1) / blocks + V - 1) / V * V;
}

/** Vectors a block carries from round [a, b) into the next round, of width W: its W columns of
    every row a..b-1. */
inline std::int64_t hold_carry_vectors(std::int64_t a, std::int64_t b, std::int64_t W, std::int64_t V) {
  return (b - a) * (W / V);
}

/** Whether a thread's registers hold its share of `chunks` move chunks and `carry` carried
    vectors a block: the moves fill slots from the first, the carry from the top, in at most
    `carry_slots_max` slots. */
inline bool hold_fits_registers(std::int64_t chunks, std::int64_t carry, std::int64_t blocks,
                                std::int64_t carry_slots_max) {
  const std::int64_t carry_slots = (carry + kHoldThreads - 1) / kHoldThreads;
  return carry_slots <= carry_slots_max && (chunks + blocks - 1) / blocks + carry_slots <= kHoldVectors;
}

/** The rounds of make_hold_plan for a carry of at most `carry_slots` slots a thread (the plan's
    gather order is make_hold_plan's). */
inline void make_hold_rounds(hold_plan& plan, std::int64_t rows, std::int64_t cols, std::int64_t elem_bytes,
                             std::int64_t blocks, std::int64_t tile_bytes, int carry_slots, bool inverse = false) {
  plan.use = false;
  plan.inverse = inverse;
  plan.carry_slots = carry_slots;
  const std::int64_t s = rows, L = cols, V = 16 / elem_bytes;
  if (s < 8 || s > kMaxSkinny || s >= L || L >= (std::int64_t{1} << 30) || (L * elem_bytes) % 16 != 0 || blocks < 1 ||
      blocks * kHoldVectors > INT16_MAX) {  // a round's chunks in 16 bits
    return;
  }
  plan.L = L;
  plan.s = static_cast<std::int32_t>(s);
  plan.by_s = fast_divider::of(static_cast<std::uint32_t>(s));
  plan.rounds = 0;
  plan.widest = 0;
  plan.skewed_rows = !inverse && elem_bytes == 4;
  // The chunks of the moves of rows [a, b) to rows [z_from, s); with `write`, where each pair's
  // chunks begin, from plan.chunk_begin[first] on.
  const auto make_pairs = [&](std::int64_t a, std::int64_t b, std::int64_t z_from, std::int64_t first, bool write) {
    std::int64_t chunks = 0, i = first;
    for (std::int64_t w = a; w < b; ++w) {
      for (std::int64_t z = z_from; z < s; ++z, ++i) {
        if (write) plan.chunk_begin[i] = static_cast<std::int16_t>(chunks);
        // The destination's vectors: cell (z, w), or run backwards cell (w, z) (hold_unpair_of).
        const std::int64_t d0 = inverse ? cell_start(w, z, s, L) : cell_start(z, w, s, L);
        const std::int64_t n =
            inverse ? std::min(cell_size(w, z, s, L), cell_size(z, w, s, L)) : cell_size(z, w, s, L);
        const std::int64_t vectors = (d0 + n + V - 1) / V - d0 / V;
        chunks += (vectors + kHoldMoveChunk - 1) / kHoldMoveChunk;
      }
    }
    return chunks;
  };
  // A round's width must keep a block's columns within two bands of a row (W < L / s) and its
  // tile in shared memory.
  const auto fits = [&](std::int64_t W) {
    return hold_pitch(W, V, plan.skewed_rows) * s * elem_bytes <= tile_bytes && W < L / s;
  };
  // Round [a, b) with its moves to rows [z_from, s), carrying into a next round of width
  // next_W: a thread's share of both fits its registers.
  const auto holds = [&](std::int64_t a, std::int64_t b, std::int64_t z_from, std::int64_t next_W) {
    return hold_fits_registers(make_pairs(a, b, z_from, 0, false), hold_carry_vectors(a, b, next_W, V), blocks,
                               carry_slots);
  };
  std::int32_t pairs_used = 0;
  std::int64_t a = 0;
  while (a < s) {
    const hold_round* prev = plan.rounds > 0 ? &plan.round[plan.rounds - 1] : nullptr;
    // The largest b whose round fits, its moves counted as if the next round took one row.
    std::int64_t best_b = 0, best_W = 0;
    for (std::int64_t b = a + 1; b <= s; ++b) {
      const std::int64_t W = hold_width(a, b, s, L, V, blocks);
      if (!fits(W)) break;
      if (prev != nullptr && !holds(prev->a, prev->b, b, W)) break;  // the previous round, carrying into this one
      const std::int64_t next_W = b < s ? hold_width(b, b + 1, s, L, V, blocks) : 0;  // a next round of one row
      if (b < s && !fits(next_W)) break;
      const std::int64_t z_from = b < s ? b + 1 : s;
      const std::int64_t prev_pairs = prev != nullptr ? (prev->b - prev->a) * (s - b) : 0;
      if (pairs_used + prev_pairs + (b - a) * (s - z_from) > kHoldMaxPairs) break;
      if (!holds(a, b, z_from, next_W)) break;
      best_b = b;
      best_W = W;
    }
    if (best_b == 0 || plan.rounds == kHoldMaxRounds) return;
    // Now that this round's rows are known, the previous round's moves skip them.
    if (prev != nullptr) {
      hold_round& p = plan.round[plan.rounds - 1];
      p.pair_begin = static_cast<std::int16_t>(pairs_used);
      p.z_from = static_cast<std::int16_t>(best_b);
      p.pairs = static_cast<std::int16_t>((p.b - p.a) * (s - best_b));
      p.chunks = static_cast<std::int16_t>(make_pairs(p.a, p.b, best_b, pairs_used, true));
      pairs_used += p.pairs;
    }
    hold_round& r = plan.round[plan.rounds++];
    r.a = static_cast<std::int16_t>(a);
    r.b = static_cast<std::int16_t>(best_b);
    r.W = static_cast<std::int32_t>(best_W);
    r.z_from = static_cast<std::int16_t>(s);
    r.pairs = r.chunks = 0;  // made when the next round is known (the last round moves nothing)
    r.rotation = 0;          // chosen once every round is known
    r.pair_begin = static_cast<std::int16_t>(pairs_used);
    r.c_first = static_cast<std::int32_t>(hold_first_column(a, s, L, V));
    if (r.W > plan.widest) plan.widest = r.W;
    a = best_b;
  }
  // Every block's share of a round's moves within the pairs it makes in shared memory (only
  // cells under a vector long, chunks of none, could stretch a share over more).
  for (int k = 0; k < plan.rounds; ++k) {
    for (std::int64_t g = 0; g < blocks; ++g) {
      const hold_share m = hold_share_of(plan, plan.round[k], static_cast<int>(g), static_cast<int>(blocks));
      if (m.p_last - m.p_first >= kHoldBlockPairs) return;
    }
  }
  plan.use = true;
}

/** Move chunks of a plan's rounds. */
inline std::int64_t hold_plan_chunks(const hold_plan& plan) {
  std::int64_t chunks = 0;
  for (int k = 0; k < plan.rounds; ++k) chunks += plan.round[k].chunks;
  return chunks;
}

/** Whether the plan of the wide carry beats the narrow one: fewer rounds, or as many with a
    third fewer move chunks (the wider carry lets the second round take more rows, whose cells
    then need not move). H100, % of memcpy (session33/carry12, the wide kernel on every plan):
    bytes 20 x 2M (3 -> 2 rounds) 47.8 -> 57.0-57.4, 28 x 2M (3 rounds, 1170 -> 260 chunks)
    51.8 -> 55.4-55.7, 2-byte 14 x 2M (3 rounds, 1140 -> 456) 59.5 -> 60.1-61.3; but 2-byte
    20 x 2M (4 rounds, 1863 -> 1620) 57.5 -> 56.0, and 8-byte 31 x 2M (the same plan) 51.0 ->
    48.0. */
inline bool hold_wide_carry_pays(const hold_plan& wide, const hold_plan& narrow) {
  const std::int64_t narrow_chunks = hold_plan_chunks(narrow);
  return wide.rounds < narrow.rounds ||
         (wide.rounds == narrow.rounds && narrow_chunks > 0 && 3 * hold_plan_chunks(wide) <= 2 * narrow_chunks);
}

/** Whether the backward sweep takes a tall L x s shape it has a plan for (`rounds` rounds), or
    leaves it to the skinny blocks, the dispatch's next path. The sweep's rate is bound on the SMs
    (the H100 and the H200 run 31 x 2M at the same GB/s), the skinny blocks' by the memory, so on
    the H200's wider bus the blocks lead at long rows (bytes) and at plans of more rounds (2-byte
    elements). H200, % of memcpy, backward sweep against skinny blocks (bench/results/h200/
    session35/, final/tall.txt and rule/tall.txt):
    - bytes, L up to 2M: +1.7 to +16.8 points at 1-4 rounds (2M x 8 47.4 / 41.2, 2M x 12 46.8 /
      35.2, 2M x 31 45.9 / 41.3, 2M x 40 36.3 / 31.6, 1M x 48 39.8 / 23.0); 3M x 24 level (40.1 /
      40.7); from 4M -2.1 to -12.6 at 3-11 rounds (4M x 16 37.0 / 46.5, 8M x 8 34.0 / 44.4, 8M x
      16 32.7 / 45.3, 8M x 31 38.6 / 40.7);
    - 2-byte elements, 2 rounds: +0.8 to +5.5 (2M x 8, 2M x 12 42.5 / 37.0, 1M x 24); 3-16 rounds:
      -0.4 to -10.9 (1M x 31 level, 2M x 16 39.1 / 47.2, 4M x 8 39.6 / 45.0, 8M x 16 33.7 / 44.6);
    - 4 bytes mixed and kept (2M x 16, 6 rounds, -3.8; 2M x 31, 11 rounds, +3.0).
    On a five-stack H100 (kFiveStackBusBits) the sweep led at every plan measured but 2-byte 2M x
    16 and bytes 8M x 24 (session 34), and takes every plan. */
constexpr bool hold_unsweep_takes(int rounds, std::int64_t L, std::int64_t elem_bytes, int memory_bus_bits) {
  if (memory_bus_bits == kFiveStackBusBits) return true;
  if (elem_bytes == 1) return L <= (std::int64_t{3} << 20);
  return elem_bytes == 2 ? rounds <= 2 : true;
}

/** Plans rows x cols (wide: rows < cols, rows of whole 16-byte vectors) for `blocks` resident
    blocks of `tile_bytes` shared memory each: groups of rows as large as the tile and the
    registers allow, with the wide carry where that pays (hold_wide_carry_pays). A round's moves are the cells
    (w, z) with z past the next round's rows (those of the next round's rows the blocks carry in
    registers). plan.use is false where no plan fits (rows outside 8..kMaxSkinny, columns from
    2^30 on, a row of one block's share wider than its shared memory, more pairs than the
    parameter holds, or a block's share of a round's moves over more than kHoldBlockPairs
    pairs). With `inverse`, the plan of the wide rows x cols matrix whose transpose a tall
    cols x rows matrix is: the kernel runs its rounds backwards (hold_unpair_of), and the moves'
    chunks count the backward destinations. */
inline void make_hold_plan(hold_plan& plan, std::int64_t rows, std::int64_t cols, std::int64_t elem_bytes,
                           std::int64_t blocks, std::int64_t tile_bytes, bool inverse = false) {
  make_hold_rounds(plan, rows, cols, elem_bytes, blocks, tile_bytes, kHoldCarrySlots, inverse);
  if (plan.use && plan.rounds > 1) {
    const auto wide = std::make_unique<hold_plan>();
    make_hold_rounds(*wide, rows, cols, elem_bytes, blocks, tile_bytes, kHoldCarrySlotsWide, inverse);
    if (wide->use && hold_wide_carry_pays(*wide, plan)) plan = *wide;
  }
  if (!plan.use) return;
  if (inverse) {  // no output gather to order; the stage's stores instead
    const hold_stage_order o = hold_planned_stage_order(static_cast<int>(rows), static_cast<int>(elem_bytes));
    plan.stage_rows = o.rows;
    plan.stage_rotation = o.rotation;
    plan.stage_ordered = o.rows != 4 || o.rotation != 0;
    return;
  }
  const std::int64_t s = rows, V = 16 / elem_bytes;
  // The four-vector gather's rotation (bytes and 2-byte elements) by the bank model, which sees
  // the pitch only modulo the 128 bytes of a bank row (its answers tabulated: hold_tables.hpp).
  const auto rotation_at = [&](std::int64_t pitch) {
    return hold_planned_gather_rotation(static_cast<int>(s), pitch, static_cast<int>(elem_bytes));
  };
  const std::int64_t first_pitch = hold_pitch(plan.round[0].W, V);
  plan.gather_one_vector = elem_bytes == 1 && hold_planned_bytes_one_vector(static_cast<int>(s), plan.rounds, first_pitch,
                                                                           rotation_at(first_pitch));
  const bool four_vectors = elem_bytes == 2 || (elem_bytes == 1 && !plan.gather_one_vector);
  for (int k = 0; four_vectors && k < plan.rounds; ++k) {
    plan.round[k].rotation = static_cast<std::int16_t>(rotation_at(hold_pitch(plan.round[k].W, V)));
  }
}

}  // namespace xpose::detail
