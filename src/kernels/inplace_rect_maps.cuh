// Index maps of the rectangular in-place transpose (docs/inplace.md derives them).
//
// The buffer is viewed as an s x L grid, s = min(rows, cols) rows of L = max(rows, cols)
// elements, c = gcd(s, L), b = L / c. Transposing the s x L matrix ("wide") is
//   A: rotate column j by floor(j / b) rows        (column op; skipped when c == 1)
//   B: move the element at (r, j) to column t      (row op)
//   C: move the element at (r, t) to its final row (column op)
// and transposing an L x s matrix ("tall") is the inverse: C^-1, B^-1, A^-1 on the same grid.
// Each map below gives, for one line, either the source of a destination (gather) or the
// destination of a source (scatter); the kernels use whichever direction needs no inverse.
#pragma once

#include <cstdint>

namespace xpose::detail::inplace_rect {

/** q / d and q % d for 0 <= q < 2^52 without a 64-bit integer division: the double
    product is within one of the quotient, and one compare corrects it. */
struct divider {
  std::int64_t d = 1;
  double inverse = 1.0;
  divider() = default;
  explicit divider(std::int64_t divisor) : d(divisor), inverse(1.0 / static_cast<double>(divisor)) {}
  __device__ __forceinline__ std::int64_t div(std::int64_t q, std::int64_t& rem) const {
    std::int64_t quo = static_cast<std::int64_t>(static_cast<double>(q) * inverse);
    std::int64_t r = q - quo * d;
    if (r < 0) {
      --quo;
      r += d;
    } else if (r >= d) {
      ++quo;
      r -= d;
    }
    rem = r;
    return quo;
  }
};

struct grid_shape {
  std::int64_t s = 0, L = 0;  // s <= L
  divider by_s, by_L, by_b;   // b = L / gcd(s, L)
  /** floor(j / b): how far step A rotates column j (< gcd(s, L) <= s). */
  __device__ __forceinline__ std::int64_t rotation(std::int64_t j) const {
    std::int64_t unused;
    return by_b.div(j, unused);
  }
};

/** A (wide) and A^-1 (tall): the source row of destination row r in column j. */
struct rotate_map {
  grid_shape g;
  bool wide = true;
  __device__ __forceinline__ std::int64_t operator()(std::int64_t r, std::int64_t j) const {
    const std::int64_t rot = g.rotation(j);
    std::int64_t src = wide ? r - rot : r + rot;
    if (src < 0) src += g.s;
    if (src >= g.s) src -= g.s;
    return src;
  }
};

/** B: the destination column of the element at (r, j) (scatter); B^-1 reads it as the
    source column of destination (r, j) (gather). */
struct shuffle_map {
  grid_shape g;
  __device__ __forceinline__ std::int64_t operator()(std::int64_t r, std::int64_t j) const {
    std::int64_t t;
    std::int64_t i = r - g.rotation(j);  // the row this element had before A
    if (i < 0) i += g.s;
    g.by_L.div(j * g.s + i, t);
    return t;
  }
};

/** C: the source row of destination (r, t) (gather); C^-1 reads it as the destination row
    of the element at (r, t) (scatter). */
struct collect_map {
  grid_shape g;
  __device__ __forceinline__ std::int64_t operator()(std::int64_t r, std::int64_t t) const {
    std::int64_t i;
    const std::int64_t j = g.by_s.div(r * g.L + t, i);  // final position r*L + t holds element (i, j)
    std::int64_t src = i + g.rotation(j);
    if (src >= g.s) src -= g.s;
    return src;
  }
};

}  // namespace xpose::detail::inplace_rect
