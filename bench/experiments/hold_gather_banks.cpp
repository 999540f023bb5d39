// The hold sweep's output gathers against the tile's shared-memory banks, simulated on the host
// with the plan's own model (core/hold_gather.hpp; docs/inplace.md, "Tile rows an odd number of
// vectors apart" and "The four-vector gather's lane rotation"). For every plan of s = 8..64
// rows of `cols` columns of E-byte elements (132 blocks, 208 KiB tiles, as on an H100), it
// prints the mean wavefronts of a warp load (the most distinct 4-byte words one bank serves,
// 8-byte loads in two half-warp phases) in round 0, tile rows in place, for both gathers: with
// the pitch before session 32 (W plus six vectors), with hold_pitch, and with hold_pitch and
// the best lane rotation m (lane l reads its vector from element (m l) mod V on). The last
// columns say which gather the plan takes and the rotation it takes.
// Since session 41 the plans of 4-byte elements skew their tile rows (hold_row_skew) on a pitch
// three vectors wider; this model places rows unskewed, so its one-vector column for 4 bytes is
// the layout before that (session41/skew: ncu counted 12.1 -> 8.7 M wavefronts at 31 x 2M).
// Build (no GPU): g++ -O2 -std=c++17 -Isrc -Iinclude bench/experiments/hold_gather_banks.cpp -o hold_gather_banks
// Run: ./hold_gather_banks [cols = 2097152] [element bytes = 1]
#include "core/hold_sweep.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>

int main(int argc, char** argv) {
  using namespace xpose::detail;
  const long L = argc > 1 ? std::atol(argv[1]) : 2097152;
  const int e = argc > 2 ? std::atoi(argv[2]) : 1, V = 16 / e;
  std::printf("%ld columns, %d-byte elements: wavefronts a warp load in round 0, old pitch / hold_pitch / rotated (m)\n", L, e);
  std::printf("rows  rounds  one vector a thread           four vectors a thread         plan\n");
  const auto plan = std::make_unique<hold_plan>();
  for (int s = 8; s <= kMaxSkinny; ++s) {
    make_hold_plan(*plan, s, L, e, 132, kHoldTileBytes);
    if (!plan->use) continue;
    const int W = plan->round[0].W;
    const long old_pitch = W + kHoldRowSlackVectors * V, pitch = hold_pitch(W, V);
    std::printf("%4d  %6d", s, plan->rounds);
    for (const bool four : {false, true}) {
      int best = 0;
      for (int m = 1; m < V; ++m) {
        if (hold_gather_wavefronts(s, pitch, e, four, m) < hold_gather_wavefronts(s, pitch, e, four, best)) best = m;
      }
      std::printf("  %5.2f / %5.2f / %5.2f (%2d)", hold_gather_wavefronts(s, old_pitch, e, four, 0),
                  hold_gather_wavefronts(s, pitch, e, four, 0), hold_gather_wavefronts(s, pitch, e, four, best), best);
    }
    const bool one = e >= 4 || plan->gather_one_vector;
    std::printf("  %s, m = %d\n", one ? "one" : "four", plan->round[0].rotation);
  }
  return 0;
}
