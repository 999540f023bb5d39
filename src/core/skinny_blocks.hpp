// In place, a matrix with a short side s (8 <= s <= kMaxSkinny) and a long side L = K * m
// is K blocks of s x m elements. Wide, s x L = [s][K][m]: its transpose [L][s] = [K][m][s]
// is the s x K transpose of m-element super-elements ([s][K] -> [K][s], each block's s
// super-elements then contiguous) followed by K small transposes [s][m] -> [m][s] of
// contiguous blocks. Tall runs the two steps backwards: the small transposes
// [m][s] -> [s][m], then the K x s super-element transpose. Two passes over the matrix,
// every access a run of m elements at least, where the line permutations make three
// passes with one row at a time through the workspace (docs/inplace.md).
//
// The super-element transpose is the cycle following of core/stacked_squares.hpp, but its
// cycles are long (the order of s modulo sK - 1 runs into the thousands), so they are cut:
// every `every`-th position is a split point, whose super-element is saved in the workspace
// first (N / every of them: at most lines x L elements, kSkinnyBlocksWorkspaceLines). A
// walk starts at a split point, carrying its saved super-element, and stops at the next
// split point along the cycle, whose own super-element is already saved; the walks are
// disjoint and each moves about `every` super-elements. The few cycles without a split point
// are walked whole from their smallest position, as before.
// Host and device share these functions; tests/cpu/test_skinny_blocks.cpp runs them.
#pragma once

#include "plan.hpp"
#include "row_interleave_schedule.hpp"
#include "stacked_squares.hpp"

#include <cstdint>
#include <numeric>

namespace xpose::detail {

/** The split points of the super-element cycles: positions every * (j + 1), j < count. */
struct cycle_splits {
  std::int64_t every = 1;
  std::int64_t count = 0;
  // The divisibility test's constants for every = 2^shift x odd (Hacker's Delight 10-17):
  // q is a multiple of every iff rotr(q x odd^-1 mod 2^32, shift) <= (2^32 - 1) / every.
  std::uint32_t inverse = 1, shift = 0, bound = 0xffffffffu;
  /** For N super-elements: every s-th position in (0, N - 1), the fixed N - 1 excluded.
      s >= 1 (the plans make it so; count and bound divide by it). */
  static constexpr cycle_splits of(std::int64_t super_elements, std::int64_t s) {
    cycle_splits c;
    c.every = s;
    c.count = super_elements >= 2 ? (super_elements - 2) / s : 0;
    auto odd = static_cast<std::uint32_t>(s);
    while ((odd & 1u) == 0) {
      odd >>= 1;
      ++c.shift;
    }
    std::uint32_t x = odd;  // Newton's iteration doubles the correct low bits: 3 -> 6 -> ... -> 48
    for (int i = 0; i < 4; ++i) x *= 2u - odd * x;
    c.inverse = x;
    c.bound = static_cast<std::uint32_t>(0xffffffffu / static_cast<std::uint64_t>(s));
    return c;
  }
  /** Positions are below 2^31 (the plans refuse more), so 32 bits do. The test is one
      multiply, a rotate and two compares: the remainder by a divisor known only at run time
      took a reciprocal (I2F, MUFU.RCP, F2I) and a dozen dependent instructions on every step
      of a walk's chain, and a fast_divider pushed the 16-byte walk kernel past its 64 registers
      (spills: 31 x 2M bytes 28.7 -> 19.6% of memcpy). */
  XPOSE_HOST_DEVICE bool contains(std::int64_t q) const {
    const auto x = static_cast<std::uint32_t>(q);
    const std::uint32_t r = x * inverse;
    const std::uint32_t rotated = (r >> shift) | (r << ((32u - shift) & 31u));
    return q > 0 && q <= every * count && rotated <= bound;
  }
  /** The workspace slot of split point q. */
  XPOSE_HOST_DEVICE std::int64_t slot(std::int64_t q) const {
    return static_cast<std::int64_t>(static_cast<std::uint32_t>(q) / static_cast<std::uint32_t>(every)) - 1;
  }
  XPOSE_HOST_DEVICE std::int64_t point(std::int64_t slot_index) const { return (slot_index + 1) * every; }
};

/** Whether p leads a cycle that has no split point (its smallest position). */
template <class Cycles>
XPOSE_HOST_DEVICE inline bool leads_unsplit_cycle(std::int64_t p, const Cycles& cycles, const cycle_splits& splits) {
  return leads_cycle(cycles, p, [&](std::int64_t q) { return splits.contains(q); });
}

/** Whether a walk starts at p: a split point, or the leader of a cycle without one.
    Cycles: super_element_cycles, or square_grid_cycles (core/square_grid.hpp). */
template <class Cycles>
XPOSE_HOST_DEVICE inline bool starts_walk(std::int64_t p, const Cycles& cycles, const cycle_splits& splits) {
  return splits.contains(p) || leads_unsplit_cycle(p, cycles, splits);
}

/** Pieces a split walk loads ahead before it stores them: 8 keeps the walk kernel at 64
    registers for 16-byte pieces, four blocks of 256 threads per SM (sweep 18). */
constexpr int kSplitWalkLookahead = 8;

/** Moves one piece of every super-element of the walk that starts at p one step along its
    cycle (super-element q's piece is base[q * stride], split slot j's is saved[j * stride]):
    stores the carried piece at next(p), what was there at the position after, and so on
    until it stores at the next split point (or back at p, for a cycle without one).
    Positions are held in 32 bits (make_skinny_blocks_plan keeps them below 2^31). */
template <int Lookahead = kSplitWalkLookahead, class Piece, class Cycles>
XPOSE_HOST_DEVICE inline void follow_split_walk(Piece* base, const Piece* saved, std::int64_t stride, std::int64_t p,
                                                const Cycles& cycles, const cycle_splits& splits) {
  const Piece carry = splits.contains(p) ? saved[splits.slot(p) * stride] : base[p * stride];
  walk_cycle<Lookahead, std::int32_t>(base, stride, p, carry, cycles,
                                      [&](std::int64_t q) { return q == p || splits.contains(q); });
}

/** Which kernel runs the small block transposes. */
enum class block_kernel {
  interleave,  ///< skinny_interleave.cu, staged in shared memory (16-byte aligned data)
  skinny,      ///< skinny.cu, the general kernel
};

struct skinny_blocks_plan {
  bool use = false;
  bool wide = false;
  std::int64_t s = 0;       // the short side
  std::int64_t m = 0;       // long-side elements per block: the super-element
  std::int64_t blocks = 0;  // K = L / m
  block_kernel kernel = block_kernel::skinny;
  super_element_cycles cycles;
  cycle_splits splits;
};

/** The shortest side the skinny blocks take. Sides of 4 to 7 went here until session 38; the
    row copies and three interleaves (row_interleave_schedule.hpp) measured faster there at
    every element size, both orientations (H200, session 38: 4 x 16M bytes 37.9 -> 50.4% of
    memcpy), but for 16M x 7 bytes, level (44.7 against 44.0-45.3 in three runs); at 4-28 MiB
    too, but for 6 x 1M bytes (37.4 -> 36.0) and 256K x 4 fp32 (39.0 -> 33.9). */
constexpr std::int64_t kMinSkinnyBlocksSide = kMaxInterleaveRows + 1;

/** Lines of L the size query answers for every short side of this path: two, so that split
    points come every ceil(s / 2) positions. The walks are bound by their longest member, about
    eight times the mean of `every` (31 x 2M bytes: 304 steps at every = 31): halving them
    measured 31 x 2097152 bytes 28.2 -> 36.0% of memcpy, fp32 35.8 -> 38.7%, 2097152 x 31
    bytes 26.8 -> 36.9%, 48 x 1048576 fp32 26.7 -> 32.5%, 20 x 2097152 bytes 19.0 -> 29.7%,
    8 x 2097152 bytes 29.6 -> 34.8% (64 rows level); quartering them (four lines) gained 1-4
    points more for s = 31 and lost at 16 rows (sweep 29). */
constexpr std::int64_t kSkinnyBlocksWorkspaceLines = 2;

/** Every this many positions a split point: ceil(s / lines), so that the N / every <= lines x K
    split points' super-elements fit lines x L elements. */
constexpr std::int64_t skinny_split_every(std::int64_t s) {
  const std::int64_t lines = kSkinnyBlocksWorkspaceLines;
  return (s + lines - 1) / lines;
}

/** The smallest spacing of split points from `every` on that shares no factor with `modulus`
    (N - 1 for N super-elements). The permutation is p -> p R mod (N - 1), so a cycle keeps
    gcd(p, N - 1): with a factor f of both, every split point has f in its gcd and the cycles
    without f (a fraction 1 - 1/f of the positions) have none. Those are walked whole, one
    thread each, after every position has walked its cycle to learn whether it leads it: with
    ceil(s / 2) = 24 at 47 x 2M bytes (3 divides both), two thirds of the positions, 0.2% of
    memcpy. `every` grows by a few at most; the workspace only gets fewer split points. */
constexpr std::int64_t coprime_split_every(std::int64_t every, std::int64_t modulus) {
  while (std::gcd(every, modulus) != 1) ++every;
  return every;
}

/** Super-elements at least this long, so that every move is a whole 128-byte line. */
constexpr std::int64_t kMinSkinnyBlockSuperElementBytes = 128;

/** Whether the interleave kernel may transpose the blocks in place: it must stage each
    block's whole input in shared memory before it writes any output, which holds for its
    tall kernel and for its wide one from 9 rows on (skinny_interleave.cu), and cover a
    block with exactly one tile of interleave_span elements on its fast path (16-byte
    aligned rows). */
constexpr bool interleave_blocks_in_place(std::int64_t s, std::int64_t elem_bytes, bool wide) {
  return interleave_serves(static_cast<std::size_t>(elem_bytes), s) && (!wide || interleave_vector_bytes(s) == 4);
}

/** Whether rows x cols takes the skinny-blocks path, and its blocks and cycles. `aligned16`:
    the data pointer is a multiple of 16. */
constexpr skinny_blocks_plan make_skinny_blocks_plan(std::int64_t rows, std::int64_t cols, std::int64_t elem_bytes,
                                                     bool aligned16) {
  skinny_blocks_plan p;
  const bool wide = rows < cols;
  const std::int64_t s = wide ? rows : cols, L = wide ? cols : rows;
  if (s < kMinSkinnyBlocksSide || s > kMaxSkinny || L <= s) return p;
  std::int64_t m = 0;
  block_kernel kernel = block_kernel::skinny;
  const std::int64_t span = interleave_span(static_cast<std::size_t>(elem_bytes), s);
  if (aligned16 && interleave_blocks_in_place(s, elem_bytes, wide) && L % span == 0) {
    m = span;
    kernel = block_kernel::interleave;
  } else {
    // The largest divisor of L whose block fits the general kernel's shared memory, whole
    // 16-byte pieces preferred: narrower pieces multiply the walks' accesses (7 x 9586980
    // bytes, whose divisors allow only 180-byte super-elements of 4-byte pieces: 5.3% of
    // memcpy, against 24.4% for fp32's 16-byte pieces, sweep 18).
    const std::int64_t lo = (kMinSkinnyBlockSuperElementBytes + elem_bytes - 1) / elem_bytes;
    std::int64_t largest = 0;  // the largest divisor in range, whatever its pieces
    for (std::int64_t d = skinny_chunk(s, elem_bytes); d >= lo && m == 0; --d) {
      if (L % d != 0) continue;
      if (largest == 0) largest = d;
      if (d * elem_bytes % 16 == 0) m = d;
    }
    if (m == 0) m = largest;
  }
  if (m == 0 || m * elem_bytes < kMinSkinnyBlockSuperElementBytes || L / m < 2) return p;
  const std::int64_t K = L / m, N = s * K;
  const std::int64_t R = wide ? s : K;  // rows of the super-element matrix
  // Positions fit 31 bits (cycle_splits) and next() stays exact (p * R < 2^52).
  if (N >= (std::int64_t{1} << 31) || N * R >= (std::int64_t{1} << 52)) return p;
  p.use = true;
  p.wide = wide;
  p.s = s;
  p.m = m;
  p.blocks = K;
  p.kernel = kernel;
  p.cycles = super_element_cycles::of(R, N / R);
  p.splits = cycle_splits::of(N, coprime_split_every(skinny_split_every(s), N - 1));
  return p;
}

}  // namespace xpose::detail
