// How much of a split cycle walk's permutation lies in cycles without a split point: those are
// walked whole by one thread each, after every position of them has walked the cycle to learn
// whether it leads it (core/skinny_blocks.hpp), so a large share of long ones is a slow path.
#pragma once

#include "core/skinny_blocks.hpp"

#include <cstdint>
#include <vector>

namespace xpose::detail {

struct unsplit_cycles {
  double share = 0;          ///< of the n positions, those in cycles longer than one without a split point
  std::int64_t longest = 0;  ///< the longest such cycle
};

/** Positions 1 .. n - 2 of a permutation (cycles.next) cut by `splits`. */
template <class Cycles>
unsplit_cycles measure_unsplit_cycles(const Cycles& cycles, const cycle_splits& splits, std::int64_t n) {
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::int64_t unsplit = 0;
  unsplit_cycles out;
  for (std::int64_t p = 1; p + 1 < n; ++p) {
    if (seen[static_cast<std::size_t>(p)] != 0) continue;
    std::int64_t length = 0, q = p;
    bool split = false;
    do {
      seen[static_cast<std::size_t>(q)] = 1;
      ++length;
      split = split || splits.contains(q);
      q = cycles.next(q);
    } while (q != p);
    if (!split && length > 1) {
      unsplit += length;
      if (length > out.longest) out.longest = length;
    }
  }
  out.share = static_cast<double>(unsplit) / static_cast<double>(n);
  return out;
}

}  // namespace xpose::detail
