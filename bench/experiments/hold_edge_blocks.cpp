// Which blocks of a hold-sweep plan hold a band edge (session 41): per round, the blocks with
// mirror rows in two runs (rows x < the previous round's first row whose columns in the block
// meet two bands) and with fix columns (a mirror cell one short, taken from a side slot), and the
// pairs of moves each touches. In 31 x 2M fp32 those are blocks 43 and 87, the blocks that
// hold_trace found landing last round after round.
// Build (no GPU): g++ -O2 -std=c++17 -Isrc -Iinclude bench/experiments/hold_edge_blocks.cpp -o hold_edge_blocks
// Run: ./hold_edge_blocks [rows = 31] [cols = 2097152] [element bytes = 4] [blocks = 132]
#include "core/hold_sweep.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>

int main(int argc, char** argv) {
  using namespace xpose::detail;
  const int s = argc > 1 ? std::atoi(argv[1]) : 31, e = argc > 3 ? std::atoi(argv[3]) : 4;
  const long L = argc > 2 ? std::atol(argv[2]) : 2097152;
  const int blocks = argc > 4 ? std::atoi(argv[4]) : 132;
  const auto plan = std::make_unique<hold_plan>();
  make_hold_plan(*plan, s, L, e, blocks, kHoldTileBytes);
  if (!plan->use) {
    std::printf("no hold plan for %d x %ld, %d-byte elements\n", s, L, e);
    return 1;
  }
  const cell_starts starts = cell_starts::of(s, L, plan->by_s);
  std::printf("%d x %ld, %d-byte elements, %d blocks: %d rounds (skewed rows: %d)\n", s, L, e, blocks, plan->rounds,
              plan->skewed_rows ? 1 : 0);
  for (int k = 0; k < plan->rounds; ++k) {
    const hold_round& R = plan->round[k];
    const int ca = k > 0 ? plan->round[k - 1].a : 0;  // rows below ca lie in mirror cells
    std::printf("round %2d rows [%d, %d) W %d:", k, R.a, R.b, R.W);
    for (int g = 0; g < blocks; ++g) {
      const long c0 = R.c_first + static_cast<long>(g) * R.W;
      int two = 0, fixes = 0;
      for (int x = 0; x < ca; ++x) {  // as the kernel's row tables
        const long from = starts(x, R.a), to = starts(x, R.b);
        const long l = c0 > from ? c0 : from, h = c0 + R.W < to ? c0 + R.W : to;
        if (l >= h) continue;
        int y0 = R.a;
        while (y0 + 1 < R.b && starts(x, y0 + 1) <= l) ++y0;
        const long band_end = starts(x, y0 + 1);
        if (band_end < h) ++two;
        for (int t = 0; t < 2; ++t) {
          const int y = y0 + t;
          const long rs = t == 0 ? l : band_end, re = t == 0 ? (band_end < h ? band_end : h) : h;
          if (rs >= re) continue;
          const long fits = starts(x, y) + starts(y, x + 1) - starts(y, x);
          if (fits >= rs && fits < re) ++fixes;
        }
      }
      if (two > 0 || fixes > 0) {
        const hold_share m = hold_share_of(*plan, R, g, blocks);
        std::printf("  b%d (two runs %d, fixes %d, pairs %d)", g, two, fixes, m.p_last - m.p_first + 1);
      }
    }
    std::printf("\n");
  }
  return 0;
}
