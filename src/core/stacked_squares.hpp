// In place, a rectangle whose long side is a multiple k of its short side n is a stack of k
// n x n squares (tall: k x n rows of n; wide: n rows of k x n). Its transpose is the k
// squares, each transposed in place, plus one permutation of whole n-element rows
// ("super-elements"): tall [k][n][n] -> [n][k][n] after the squares, wide [n][k][n] ->
// [k][n][n] before them, which is the transpose of an R x C matrix of super-elements
// (R x C = k x n tall, n x k wide). Moving row-sized pieces keeps every access contiguous,
// where the general line permutations read 32-byte runs (docs/inplace.md).
//
// The R x C transpose moves super-element p to p * R mod (N - 1), N = R * C (0 and N - 1 stay).
// Its cycles are followed one after another with no scratch: every cycle has a leader, its
// smallest position, and the thread that holds a leader walks the cycle. Every cycle length
// divides the multiplicative order of R modulo N - 1, which bounds each walk; the plan takes
// this path only when that order is small (many short cycles: parallel work, short walks).
// Host and device share these functions; tests/cpu/test_stacked_squares.cpp runs them.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define XPOSE_HOST_DEVICE __host__ __device__
#else
#define XPOSE_HOST_DEVICE
#endif
#if defined(__CUDA_ARCH__)
#define XPOSE_DEVICE_UNROLL _Pragma("unroll")
#else
#define XPOSE_DEVICE_UNROLL
#endif

namespace xpose::detail {

/** The cycles of the transpose of an R x C matrix of super-elements. */
struct super_element_cycles {
  std::int64_t R = 1;        // rows of the super-element matrix
  std::int64_t modulus = 1;  // N - 1
  double inverse = 1.0;      // 1 / modulus: p * R mod (N - 1) without a 64-bit division
  static constexpr super_element_cycles of(std::int64_t rows, std::int64_t cols) {
    super_element_cycles c;
    c.R = rows;
    c.modulus = rows * cols - 1;
    c.inverse = 1.0 / static_cast<double>(c.modulus);
    return c;
  }
  /** Where the super-element at p (0 < p < N - 1) goes. Exact while p * R < 2^52: the
      double quotient is within one of the true one, and one compare corrects it. The same
      trick as inplace_rect::divider, written out here: computing it through divider::div
      (quotient and remainder, else-if correction) measured 4-7 points slower for the
      cycle walks on the H200 (bench/results/h200/review6/). */
  XPOSE_HOST_DEVICE std::int64_t next(std::int64_t p) const {
    const std::int64_t x = p * R;
    std::int64_t r = x - static_cast<std::int64_t>(static_cast<double>(x) * inverse) * modulus;
    if (r < 0) r += modulus;
    if (r >= modulus) r -= modulus;
    return r;
  }
  XPOSE_HOST_DEVICE bool leads(std::int64_t p) const;
};

/** p is the smallest position of its cycle under cycles.next(), the cycle is longer than
    one and holds no position with skip(q): the one that walks it. */
template <class Cycles, class Skip>
XPOSE_HOST_DEVICE inline bool leads_cycle(const Cycles& cycles, std::int64_t p, Skip skip) {
  std::int64_t q = cycles.next(p);
  if (q == p) return false;
  for (; q != p; q = cycles.next(q)) {
    if (q < p || skip(q)) return false;
  }
  return true;
}

XPOSE_HOST_DEVICE inline bool super_element_cycles::leads(std::int64_t p) const {
  return leads_cycle(*this, p, [](std::int64_t) { return false; });
}

/** Pieces loaded along a cycle before they are stored one step on. */
constexpr int kCycleLookahead = 16;

/** Moves one piece of super-elements along a cycle from p (super-element q's piece is
    base[q * stride]): stores `carry` at next(p), what was there at the position after, and
    so on until it stores at a position q with stops(q). Loads Lookahead pieces ahead, then
    stores each where the cycle sends it; every piece is loaded before it is overwritten.
    Pos holds the positions in flight (32 bits save registers where positions fit). */
template <int Lookahead, class Pos, class Piece, class Cycles, class Stops>
XPOSE_HOST_DEVICE inline void walk_cycle(Piece* base, std::int64_t stride, std::int64_t p, Piece carry,
                                         const Cycles& cycles, Stops stops) {
  std::int64_t q = p;
  for (;;) {
    Pos pos[Lookahead];
    Piece v[Lookahead];
    bool closed = false;
XPOSE_DEVICE_UNROLL
    for (int u = 0; u < Lookahead; ++u) {
      pos[u] = -1;
      if (!closed) {
        q = cycles.next(q);
        pos[u] = static_cast<Pos>(q);
        closed = stops(q);
        if (!closed) v[u] = base[q * stride];
      }
    }
XPOSE_DEVICE_UNROLL
    for (int u = 0; u < Lookahead; ++u) {
      if (pos[u] >= 0) base[std::int64_t{pos[u]} * stride] = u == 0 ? carry : v[u - 1];
    }
    if (closed) return;
    carry = v[Lookahead - 1];
  }
}

/** Moves one piece of every super-element of the cycle led by p one step along the cycle. */
template <class Piece>
XPOSE_HOST_DEVICE inline void follow_cycle(Piece* base, std::int64_t stride, std::int64_t p,
                                           const super_element_cycles& cycles) {
  walk_cycle<kCycleLookahead, std::int64_t>(base, stride, p, base[p * stride], cycles,
                                            [p](std::int64_t q) { return q == p; });
}

/** The order of r modulo m (r and m coprime), or 0 when it exceeds `limit`. */
constexpr int multiplicative_order(std::int64_t r, std::int64_t m, int limit) {
  std::int64_t x = r % m;
  for (int t = 1; t <= limit; ++t) {
    if (x == 1 % m) return t;
    x = x * r % m;
  }
  return 0;
}

struct stacked_squares_plan {
  bool use = false;
  std::int64_t side = 0;   // n, the short side
  std::int64_t squares = 0;  // k, per matrix
  super_element_cycles cycles;
  int longest_cycle = 0;   // the bound on a walk: the multiplicative order of R mod N - 1
};

/** Cycles no longer than this... */
constexpr int kMaxCycleWalk = 256;
/** ...and at least this many 16-byte pieces of cycles to move in parallel. */
constexpr std::int64_t kMinParallelPieces = std::int64_t{1} << 12;
/** A super-element (one row of a square) at least this long: whole 128-byte lines. */
constexpr std::int64_t kMinSuperElementBytes = 256;

/** Whether rows x cols takes the stacked-squares path, and its cycles. */
constexpr stacked_squares_plan make_stacked_squares_plan(std::int64_t rows, std::int64_t cols,
                                                         std::int64_t elem_bytes) {
  stacked_squares_plan p;
  const std::int64_t n = rows < cols ? rows : cols, L = rows < cols ? cols : rows;
  if (n < 2 || L == n || L % n != 0 || n * elem_bytes < kMinSuperElementBytes) return p;
  const std::int64_t k = L / n, R = rows > cols ? k : n;
  // N = L super-elements; next() is exact while L * R < 2^52.
  if (L >= (std::int64_t{1} << 31) || L * R >= (std::int64_t{1} << 52)) return p;
  const int order = multiplicative_order(R, L - 1, kMaxCycleWalk);
  if (order == 0 || (L - 2) / order * (n * elem_bytes / 16) < kMinParallelPieces) return p;
  p.use = true;
  p.side = n;
  p.squares = k;
  p.cycles = super_element_cycles::of(R, L / R);
  p.longest_cycle = order;
  return p;
}

}  // namespace xpose::detail
