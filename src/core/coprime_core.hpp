// In place, a rectangle whose rows fit in shared memory (one block's, or up to 8 blocks' of a
// cluster) after one split of one side is transposed in two passes over the matrix
// (docs/inplace.md, "the coprime core"). With the columns split as b * e, where e collects
// every prime power of the columns whose prime divides the rows (so gcd(L, b) = 1 for L the
// rows), an L x (b e) matrix is [L][b][e] -> [b][e][L] (the "tall" form):
//
//   1. the L x b transpose of e-element super-elements, [L][b] -> [b][L]: coprime, so it is
//      Catanzaro, Keller and Garland's decomposition without its rotation step: a column
//      op on the b x L grid of super-elements, then a row op on its rows;
//   2. inside each of those rows, [L][e] -> [e][L]: fused into step 1's row op, which has the
//      whole row staged anyway.
//
// So: pass 1, the column op (one strip of super-element columns staged per block); pass 2,
// the row op (one grid row of L * e elements staged per block, or per cluster of blocks).
// Splitting the rows instead, a (b e) x L matrix [b][e][L] -> [L][b][e] runs the inverse (the
// "wide" form), row op first. Either side may be split (the plan chooses). Both ops read
// lines whole before they write them and lines are disjoint, so neither needs scratch or
// ordering between blocks; every index map is affine modulo b or L, so the kernels step it
// with adds.
// The maps below are the reference the kernels' stepped forms follow;
// tests/cpu/test_coprime_core.cpp runs the two passes on host arrays with them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>

namespace xpose::detail {

/** The part of `side` made of the primes it shares with `other`, to their full powers in
    `side`: side / coprime_split(side, other) is coprime to other. */
constexpr std::int64_t coprime_split(std::int64_t side, std::int64_t other) {
  std::int64_t g = side, h = other;
  while (h != 0) {
    const std::int64_t t = g % h;
    g = h;
    h = t;
  }
  std::int64_t split = 1, rest = side;
  for (std::int64_t p = 2; p * p <= g || g > 1; ++p) {
    if (p * p > g) p = g;  // what is left of g is prime
    if (g % p != 0) continue;
    while (g % p == 0) g /= p;
    while (rest % p == 0) {
      rest /= p;
      split *= p;
    }
  }
  return split;
}

/** a^-1 modulo m for gcd(a, m) = 1 (0 when m == 1). */
constexpr std::int64_t inverse_mod(std::int64_t a, std::int64_t m) {
  if (m == 1) return 0;
  std::int64_t r0 = m, r1 = a % m, s0 = 0, s1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    std::int64_t t = r0 - q * r1;
    r0 = r1;
    r1 = t;
    t = s0 - q * s1;
    s0 = s1;
    s1 = t;
  }
  return s0 < 0 ? s0 + m : s0;
}

/** The shape of the two passes: a grid of b rows of L super-elements of e elements. */
struct coprime_core {
  bool tall = false;       // the columns are split (the tall form): column op first
  std::int64_t L = 0;      // the side not split
  std::int64_t b = 1;      // grid rows: the split side over e
  std::int64_t e = 1;      // elements per super-element
  std::int64_t L_inv = 0;  // L^-1 mod b (tall column op)
  std::int64_t b_inv = 0;  // b^-1 mod L (wide row op)

  /** The core of rows x cols with e elements per super-element, splitting the columns
      (`split_cols`: the tall form, [rows][b][e]) or the rows (the wide form, [b][e][cols]):
      e divides the split side and is a multiple of coprime_split(split side, other side),
      so that gcd(L, b) = 1. Neither form needs the split side to be the shorter one. */
  static constexpr coprime_core of(std::int64_t rows, std::int64_t cols, std::int64_t e, bool split_cols) {
    coprime_core c;
    c.tall = split_cols;
    c.L = c.tall ? rows : cols;
    c.e = e;
    c.b = (c.tall ? cols : rows) / e;
    c.L_inv = inverse_mod(c.L % c.b, c.b);
    c.b_inv = inverse_mod(c.b % c.L, c.L);
    return c;
  }
  constexpr std::int64_t row_elements() const { return L * e; }

  /** Column op, super-element column t: the grid row that destination row i takes its
      super-element from. Tall (C^-1 of the b x L grid): ((i - t) * L^-1) mod b; wide (C):
      (i * L + t) mod b. Both are base(i, t0) + step(t - t0) mod b, which the kernel uses. */
  constexpr std::int64_t column_source(std::int64_t i, std::int64_t t) const {
    return tall ? ((i - t) % b + b) % b * L_inv % b : (i * (L % b) + t) % b;
  }
  /** Row op of grid row J, element u of the destination row: the element of the staged
      source row it takes. Tall: u = x * L + y <- (((y * b + J) mod L) * e + x); wide, the
      inverse: u = t * e + x <- x * L + ((t - J) * b^-1 mod L). */
  constexpr std::int64_t row_source(std::int64_t J, std::int64_t u) const {
    if (tall) {
      const std::int64_t x = u / L, y = u - x * L;
      return (y * b + J) % L * e + x;
    }
    const std::int64_t t = u / e, x = u - t * e;
    return x * L + ((t - J) % L + L) % L * b_inv % L;
  }
};

/** Whether and how the two passes run for one shape on one device. */
struct coprime_core_plan {
  bool use = false;
  coprime_core core;
  std::int64_t strip = 1;               // super-element columns per column-op block, at most
  std::int64_t column_stage_bytes = 0;  // shared memory of a column-op block
  std::int64_t row_stage_bytes = 0;     // shared memory of a row-op block
  std::int64_t column_cluster = 1;      // blocks that stage one column strip together (a cluster)
  std::int64_t column_lines = 0;        // grid rows each column-op block stages
  int row_threads = 1024;               // threads of a row-op block
  std::int64_t row_cluster = 1;         // blocks that stage one grid row together (a cluster)
  std::int64_t row_part = 0;            // elements of the row each of them stages (row_cluster > 1)
};

/** Shared-memory bytes that stage `bytes` of global memory starting anywhere: the aligned
    16-byte chunks that cover them (the stage keeps the global address modulo 16). */
constexpr std::int64_t staged_bytes(std::int64_t bytes, std::int64_t elem_bytes) {
  const std::int64_t offset = 16 - (elem_bytes < 16 ? elem_bytes : 16);  // the most the start can be past a chunk
  return (bytes + offset + 15) / 16 * 16;
}

/** The most blocks a cluster may stage one grid row with (the portable cluster size). */
inline constexpr std::int64_t kCoprimeRowClusterMax = 8;

/** Shared memory the runtime reserves per block (1 KiB on Hopper), for counting blocks per SM. */
inline constexpr std::int64_t kSharedReservedPerBlock = 1024;

/** The widest column-op run (bytes of one grid row in one strip): a thread block of 1024
    threads writes whole runs, one element per thread. */
inline constexpr std::int64_t kCoprimeColumnMaxRun = 512;
/** The narrowest: below it, each run costs a whole staged 16-byte chunk or more and the line
    permutations measured faster (12345 x 10001 bytes, 1-byte runs: 1.5% of memcpy against
    4.3%; fp32, 4-byte runs: 8.7% against 11.2%; 14000 x 9001 8-byte, 8-byte runs: 15.6%
    against 14.2%; sweep 24, run 9). */
inline constexpr std::int64_t kCoprimeColumnMinRun = 8;

/** The widest column-op strip (super-element columns, runs of at most kCoprimeColumnMaxRun
    bytes) whose stage of `lines` grid rows fits in `shared_optin`; 0 when none does. */
constexpr std::int64_t coprime_column_strip(const coprime_core& c, std::int64_t lines, std::int64_t elem_bytes,
                                            std::int64_t shared_optin) {
  auto stage = [&](std::int64_t w) { return lines * staged_bytes(w * c.e * elem_bytes, elem_bytes); };
  std::int64_t w = 0;
  while (w < c.L && (w + 1) * c.e * elem_bytes <= kCoprimeColumnMaxRun && stage(w + 1) <= shared_optin) ++w;
  return w;
}

/** Column-op runs narrower than this many bytes are widened by staging each strip on a
    cluster of blocks (coprime_widen_column_runs), 4- and 8-byte elements: 12-24-byte runs
    gained 6-12 points of memcpy, 32-byte runs lost 2-8 (sweep 27, run 9). */
inline constexpr std::int64_t kCoprimeClusterColumnBelow = 32;
/** The same for 16-byte elements, whose loads from another block's stage move 16 bytes each:
    32- and 48-byte runs gained 2 points (12345 x 6789: 29.6% -> 31.9%). Elements of 1 and 2
    bytes keep one block: their per-element remote loads cost more than the wider runs gain
    (12345 x 6789 bytes 26.7% -> 18.9%, 2-byte shapes 4-6 points slower). */
inline constexpr std::int64_t kCoprimeClusterColumnBelow16 = 64;
/** The run a column-op cluster aims for: its size is the fewest blocks that reach it. */
inline constexpr std::int64_t kCoprimeClusterColumnRun = 48;
/** The most blocks a column-op cluster may have (measured up to 4: 12345 x 10001 16-byte,
    k = 2 / 3 / 4: 31.7 / 34.4 / 32.0% of memcpy, sweep 27 run 8). */
inline constexpr std::int64_t kCoprimeColumnClusterMax = 4;
/** The smallest element size whose column op may run on a cluster. */
inline constexpr std::int64_t kCoprimeColumnClusterMinElem = 4;

/** Stages the column op's strips on a cluster of k blocks, each holding b / k of the grid
    rows, when the plan's runs are narrower than kCoprimeClusterColumnBelow bytes (or
    kCoprimeClusterColumnBelow16 for 16-byte elements), elements of 4 bytes and more: k is the
    fewest blocks (up to kCoprimeColumnClusterMax) whose strips reach kCoprimeClusterColumnRun
    bytes, or the widest runs when none does. The plan's choice of e and side stays as it was
    (ranked on one-block runs). */
constexpr void coprime_widen_column_runs(coprime_core_plan& p, std::int64_t elem_bytes, std::int64_t shared_optin) {
  const coprime_core& c = p.core;
  const std::int64_t run = p.strip * c.e * elem_bytes;
  const std::int64_t below = elem_bytes >= 16 ? kCoprimeClusterColumnBelow16 : kCoprimeClusterColumnBelow;
  if (!p.use || c.b < 2 || p.strip >= c.L || run >= below || elem_bytes < kCoprimeColumnClusterMinElem) return;
  std::int64_t best_k = 1, best_w = p.strip;
  for (std::int64_t k = 2; k <= kCoprimeColumnClusterMax && k <= c.b; ++k) {
    const std::int64_t w = coprime_column_strip(c, (c.b + k - 1) / k, elem_bytes, shared_optin);
    if (w <= best_w) continue;
    best_k = k;
    best_w = w;
    if (w * c.e * elem_bytes >= kCoprimeClusterColumnRun) break;
  }
  if (best_k == 1) return;
  p.column_cluster = best_k;
  p.column_lines = (c.b + best_k - 1) / best_k;
  p.strip = best_w;
  p.column_stage_bytes = p.column_lines * staged_bytes(best_w * c.e * elem_bytes, elem_bytes);
}

/** The plan for one choice of e: its strip and stages, use = false when a stage does not fit. */
constexpr coprime_core_plan plan_coprime_core(std::int64_t rows, std::int64_t cols, std::int64_t e, bool split_cols,
                                              std::int64_t elem_bytes, std::int64_t shared_optin) {
  coprime_core_plan p;
  p.core = coprime_core::of(rows, cols, e, split_cols);
  const coprime_core& c = p.core;
  p.row_stage_bytes = staged_bytes(c.row_elements() * elem_bytes, elem_bytes);
  if (p.row_stage_bytes > shared_optin) {
    // A cluster of k blocks stages the row in k parts, the fewest that fit. (Parts small
    // enough for two blocks per SM measured slower: 12345 x 6789 16-byte 26.3% of memcpy
    // with 6 parts against 28.1% with 3, sweep 25.)
    for (std::int64_t k = 2; k <= kCoprimeRowClusterMax && p.row_cluster == 1; ++k) {
      const std::int64_t part = (c.row_elements() + k - 1) / k, bytes = staged_bytes(part * elem_bytes, elem_bytes);
      if (bytes > shared_optin) continue;
      p.row_cluster = k;
      p.row_part = part;
      p.row_stage_bytes = bytes;
    }
    if (p.row_cluster == 1) return p;
  }
  if (c.b > 1) {
    // The whole opt-in: two blocks per SM with half the runs measured slower (12345 x 6789
    // fp32: 19% of memcpy against 26%, sweep 24).
    const std::int64_t w = coprime_column_strip(c, c.b, elem_bytes, shared_optin);
    if (w == 0 || (w * c.e * elem_bytes < kCoprimeColumnMinRun && w < c.L)) return p;
    p.strip = w;
    p.column_lines = c.b;
    p.column_stage_bytes = c.b * staged_bytes(w * c.e * elem_bytes, elem_bytes);
  }
  // Rows that leave room for four blocks per SM take blocks of 512 threads: each thread then
  // walks twice as many elements per staged row, so its per-row set-up costs half as much
  // (12345 x 6789 bytes, 2263 rows of 37 KB: row op 78 -> 70 us, sweep 25).
  if (p.row_cluster == 1 && 4 * (p.row_stage_bytes + kSharedReservedPerBlock) <= shared_optin) p.row_threads = 512;
  // The kernels address a matrix by 32-bit byte offsets.
  if (c.b * c.row_elements() * elem_bytes >= (std::int64_t{1} << 32)) return p;
  p.use = true;
  return p;
}

/** The strip a column-op launch of `batch` matrices uses on `sms` SMs (one block per SM, its
    stage filling the opt-in): the plan's widest, or one up to a quarter narrower when that
    makes the grid's last wave fuller and the launch's time (waves x strip) at least 5%
    shorter. 12345 x 6789 bytes: 458 strips of 27 columns are 3.5 waves of 132 blocks, 515 of
    24 are 3.9 waves: column op 124 -> 114 us (sweep 25). */
constexpr std::int64_t coprime_column_launch_strip(const coprime_core_plan& p, std::int64_t batch, std::int64_t sms,
                                                   std::int64_t elem_bytes) {
  const coprime_core& c = p.core;
  auto time = [&](std::int64_t w) { return ((c.L + w - 1) / w * batch + sms - 1) / sms * w; };
  std::int64_t best = p.strip;
  for (std::int64_t w = p.strip - 1; w >= 1 && 4 * w >= 3 * p.strip; --w) {
    if (w * c.e * elem_bytes >= kCoprimeColumnMinRun && time(w) < time(best)) best = w;
  }
  return 20 * time(best) <= 19 * time(p.strip) ? best : p.strip;
}

/** The line pitch of a column-op stage congruent to the row pitch modulo 16 (session 51): line
    r's run then starts at s0 + r * pitch, so a store finds element u of its source line at
    r * pitch + (s0 + u) with one multiply-add, where a multiple-of-16 pitch needs the line's
    offset modulo 16 computed and added for every element (14 -> 11 instructions a byte). Each
    line's aligned 16-byte chunks stay clear of the next line's: a run ends at most
    16 - elem_bytes bytes before the boundary of its last chunk, so with starts at least
    run + 16 - elem_bytes bytes apart the next run starts at or past that boundary (the plan's
    stage keeps the same slack), rounded up to the congruence. */
constexpr std::int64_t coprime_congruent_pitch(std::int64_t run_bytes, std::int64_t row_bytes,
                                               std::int64_t elem_bytes) {
  const std::int64_t least = run_bytes + 16 - (elem_bytes < 16 ? elem_bytes : 16);
  return least + ((row_bytes - least) % 16 + 16) % 16;
}

/** Shared memory of the one-block column op's congruent stage for `strip` columns: its lines at
    coprime_congruent_pitch and 16 bytes of slack for the first line's offset, no more (the
    launch strip is often narrower than the plan's, and what the stage leaves is L1), or 0 when
    the launch keeps the plan's stage: when that exceeds `shared_optin`, or leaves room for one
    block an SM where the plan's stage left room for two (an SM holds the opt-in plus one
    reserved KiB). */
constexpr std::int64_t coprime_congruent_stage_bytes(const coprime_core_plan& p, std::int64_t strip,
                                                     std::int64_t elem_bytes, std::int64_t shared_optin) {
  const coprime_core& c = p.core;
  const std::int64_t pitch =
      coprime_congruent_pitch(strip * c.e * elem_bytes, c.row_elements() * elem_bytes, elem_bytes);
  const std::int64_t bytes = c.b * pitch + 16;
  auto two_fit = [&](std::int64_t stage) {
    return 2 * (stage + kSharedReservedPerBlock) <= shared_optin + kSharedReservedPerBlock;
  };
  if (bytes > shared_optin || (two_fit(p.column_stage_bytes) && !two_fit(bytes))) return 0;
  return bytes;
}

/** Grid rows (row-op blocks) that fill any GPU several times over: past this many, a plan's
    longer rows count for more than its number of rows. */
inline constexpr std::int64_t kCoprimeEnoughRows = 1024;

/** The plan for rows x cols elements of elem_bytes at an element-aligned pointer, on a
    device whose blocks may opt in to `shared_optin` bytes of shared memory. Either side may
    be split (the tall form splits the columns, the wide form the rows); of the super-element
    sizes e allowed (multiples of coprime_split(split side, other side) that divide the split
    side), it takes rows that one block stages first (a cluster's remote loads cost more than
    narrower runs), then the fewest blocks per row, then the widest column-op runs, then more
    grid rows up to kCoprimeEnoughRows (one block each: small matrices need the parallelism),
    then the longer row (12345 x 10001 16-byte, 16-byte runs either way: 10001 rows of 197 KB
    25.5% of memcpy, 12345 rows of 160 KB 23.5%, sweep 26). A larger e makes the rows longer and the
    columns shorter (12345 x 6788 fp32:
    e = 4, 1697 rows of 197 KB and 112-byte runs; e = 1 would give 6788 rows and 20-byte
    runs). Splitting the long side makes rows of the short side's length: 12345 x 6789 with
    16-byte elements splits 12345 = 3 x 4115, rows of 3 x 6789 elements (326 KB) that two
    blocks stage, where splitting 6789 makes rows of 3 x 12345 (593 KB, three blocks). */
constexpr coprime_core_plan make_coprime_core_plan(std::int64_t rows, std::int64_t cols, std::int64_t elem_bytes,
                                                   std::int64_t shared_optin) {
  coprime_core_plan best;
  if (rows == cols || rows < 2 || cols < 2) return best;
  if (rows >= (std::int64_t{1} << 31) || cols >= (std::int64_t{1} << 31)) return best;
  auto run = [&](const coprime_core_plan& p) { return p.core.b > 1 ? p.strip * p.core.e * elem_bytes : kCoprimeColumnMaxRun; };
  for (const bool split_cols : {true, false}) {
    const std::int64_t split = split_cols ? cols : rows, other = split_cols ? rows : cols;
    const std::int64_t e_min = coprime_split(split, other), k = split / e_min;
    auto consider = [&](std::int64_t d) {  // e = e_min * d
      const coprime_core_plan p = plan_coprime_core(rows, cols, e_min * d, split_cols, elem_bytes, shared_optin);
      if (!p.use) return;
      auto rank = [&](const coprime_core_plan& q) {  // lexicographic, larger is better
        return std::array<std::int64_t, 4>{-q.row_cluster, run(q), std::min(q.core.b, kCoprimeEnoughRows),
                                           q.row_stage_bytes};
      };
      if (!best.use || rank(p) > rank(best)) best = p;
    };
    // The divisors of k by trial division in 32 bits (k < 2^31): on the host, 0.5 us for
    // 12345 x 6789 and about 65 us for a 5 x 858993433 byte matrix, whose line permutations
    // then take tens of milliseconds.
    const auto k32 = static_cast<std::uint32_t>(k);
    for (std::uint32_t d = 1; std::uint64_t{d} * d <= k32; ++d) {
      if (k32 % d != 0) continue;
      consider(d);
      if (std::uint64_t{d} * d != k32) consider(k32 / d);
    }
  }
  coprime_widen_column_runs(best, elem_bytes, shared_optin);
  return best;
}

}  // namespace xpose::detail
