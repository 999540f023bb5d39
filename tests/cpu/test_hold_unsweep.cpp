// The hold sweep run backwards (the tall transpose, src/kernels/inplace_hold_unsweep.cu), checked
// on the host: the wide plan's rounds, from the last, each reading whole rows of positions and
// the moved cells before any of its writes (the grid barrier), transpose a tall L x s matrix;
// no round reads what the round before it wrote (the kernel has no barrier there); and the
// backward moves' chunks cover their destinations. The kernel's vectors and shared memory are
// the GPU tests' job (tests/gpu/test_inplace.cpp, InplaceHoldUnsweep).
#include "core/hold_sweep.hpp"

#include "host_arrays.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace xpose::detail {
namespace {

/** Runs the plan's rounds backwards on v (the tall L x s matrix, that is s rows of L positions)
    as the kernel does: round k reads positions [a L, b L) (the tile) and its moves' mirror
    cells, then writes the tile's elements home (rows x >= a), into mirror cells (rows of rounds
    before the next one) or into the carry (the next round's rows, written by that round), the
    carry it holds from the round before, and its moves home. */
void run_rounds_backwards(std::vector<int>& v, const hold_plan& plan, bool side_slots = true) {
  const std::int64_t s = plan.s, L = plan.L;
  const cell_starts starts = cell_starts::of(s, L, plan.by_s);
  std::vector<int> side(static_cast<std::size_t>(s * s), -1);
  std::vector<int> written(v.size(), -1), side_written(side.size(), -1);  // the step that last wrote
  int step = 0;  // rounds run so far
  const auto before_last = [&](int writer) { return writer < 0 || writer < step - 1; };
  const auto read = [&](std::int64_t row, std::int64_t col) {
    EXPECT_TRUE(before_last(written[static_cast<std::size_t>(row * L + col)])) << "row " << row << ", column " << col;
    return v[static_cast<std::size_t>(row * L + col)];
  };
  const auto write = [&](std::int64_t row, std::int64_t col, int value) {
    v[static_cast<std::size_t>(row * L + col)] = value;
    written[static_cast<std::size_t>(row * L + col)] = step;
  };
  // (row, column, value) the round before read for this round's rows.
  std::vector<std::pair<std::pair<std::int64_t, std::int64_t>, int>> carried;
  for (int round = plan.rounds - 1; round >= 0; --round, ++step) {
    const hold_round& R = plan.round[round];
    const int ca = round > 0 ? plan.round[round - 1].a : 0;
    std::vector<std::pair<std::int64_t, int>> tile;  // (x * L + j, value)
    for (std::int64_t x = 0; x < s; ++x) {
      for (std::int64_t j = cell_start(x, R.a, s, L); j < cell_start(x, R.b, s, L); ++j) {
        const std::int64_t p = j * s + x;
        EXPECT_GE(p, R.a * L);
        EXPECT_LT(p, R.b * L);
        tile.emplace_back(x * L + j, read(p / L, p % L));
      }
    }
    std::vector<std::vector<int>> moved;
    std::vector<int> overflow;
    for (int i = 0; i < R.pairs; ++i) {
      hold_pair q = hold_unpair_of(plan, R, i, starts);
      std::vector<int> cell;
      for (std::int64_t c = 0; c < q.n; ++c) cell.push_back(read(q.w, q.d0 + c + q.shift));
      moved.push_back(cell);
      const std::size_t slot = static_cast<std::size_t>(q.z * s + q.w);
      if (q.overflow && side_slots) EXPECT_TRUE(before_last(side_written[slot])) << "side slot " << q.z << ", " << q.w;
      overflow.push_back(q.overflow ? side[slot] : 0);
    }
    // Writes, after every read (the grid barrier).
    for (const auto& [at, value] : carried) write(at.first, at.second, value);
    carried.clear();
    for (const auto& [at, value] : tile) {
      const std::int64_t x = at / L, j = at % L;
      if (x >= R.a) {
        write(x, j, value);
      } else if (x >= ca) {
        carried.push_back({{x, j}, value});
      } else {
        const std::int64_t y = (j * s + x) / L;
        const std::int64_t cs = cell_start(x, y, s, L), home = cell_start(y, x, s, L);
        if (j - cs < cell_size(y, x, s, L)) {
          write(y, j + home - cs, value);
        } else {
          side[static_cast<std::size_t>(x * s + y)] = value;
          side_written[static_cast<std::size_t>(x * s + y)] = step;
        }
      }
    }
    for (int i = 0; i < R.pairs; ++i) {
      hold_pair q = hold_unpair_of(plan, R, i, starts);
      for (std::int64_t c = 0; c < q.n; ++c) write(q.z, q.d0 + c, moved[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)]);
      if (q.overflow && side_slots) write(q.z, q.d0 + q.n, overflow[static_cast<std::size_t>(i)]);
    }
  }
  EXPECT_TRUE(carried.empty());
}

TEST(HoldUnsweep, RoundsBackwardsTransposeTallMatricesOnTheHost) {
  const auto plan = std::make_unique<hold_plan>();
  int runs = 0, multi_round = 0, with_overflow = 0;
  for (const std::int64_t s : {8, 9, 13, 16, 31, 33, 64}) {
    for (const std::int64_t L : {std::int64_t{520}, std::int64_t{1000}, std::int64_t{2048}, std::int64_t{4104}}) {
      if (L <= s) continue;
      for (const std::int64_t blocks : {3, 5, 16}) {
        for (const std::int64_t tile : {std::int64_t{4096}, std::int64_t{16384}, std::int64_t{65536}}) {
          make_hold_plan(*plan, s, L, 4, blocks, tile, /*inverse=*/true);
          if (!plan->use) continue;
          ASSERT_TRUE(plan->inverse);
          std::vector<int> v = iota_vector(s * L);  // L x s
          run_rounds_backwards(v, *plan);
          ASSERT_EQ(v, transposed(iota_vector(s * L), L, s)) << L << " x " << s << ", " << blocks << " blocks, tile " << tile;
          ++runs;
          multi_round += plan->rounds > 2;
          const cell_starts starts = cell_starts::of(s, L, plan->by_s);
          for (int r = 0; r < plan->rounds; ++r) {
            for (int i = 0; i < plan->round[r].pairs; ++i) with_overflow += hold_unpair_of(*plan, plan->round[r], i, starts).overflow;
          }
        }
      }
    }
  }
  EXPECT_GT(runs, 60);
  EXPECT_GT(multi_round, 30);
  EXPECT_GT(with_overflow, 0);
}

TEST(HoldUnsweep, SkippingTheSideSlotsGoesWrong) {
  const auto plan = std::make_unique<hold_plan>();
  make_hold_plan(*plan, 31, 1000, 4, 5, 16384, /*inverse=*/true);
  ASSERT_TRUE(plan->use);
  std::vector<int> v = iota_vector(31 * 1000);
  run_rounds_backwards(v, *plan);
  ASSERT_EQ(v, transposed(iota_vector(31 * 1000), 1000, 31));
  v = iota_vector(31 * 1000);
  run_rounds_backwards(v, *plan, /*side_slots=*/false);
  EXPECT_NE(v, transposed(iota_vector(31 * 1000), 1000, 31));
}

TEST(HoldUnsweep, ChunksCoverTheBackwardDestinations) {
  // Each pair's chunks (kHoldMoveChunk destination vectors each) cover its backward destination,
  // which may take one vector more than the forward one.
  const auto plan = std::make_unique<hold_plan>();
  int pairs = 0;
  for (const std::int64_t e : {1, 2, 4, 8}) {
    for (const std::int64_t s : {8, 17, 31, 48}) {
      for (const std::int64_t L : {std::int64_t{1} << 20, (std::int64_t{1} << 21) + 16, std::int64_t{3} << 20}) {
        make_hold_plan(*plan, s, L, e, 132, kHoldTileBytes, /*inverse=*/true);
        if (!plan->use) continue;
        const std::int64_t V = 16 / e;
        const cell_starts starts = cell_starts::of(s, L, plan->by_s);
        for (int r = 0; r < plan->rounds; ++r) {
          const hold_round& R = plan->round[r];
          for (int i = 0; i < R.pairs; ++i, ++pairs) {
            const hold_pair q = hold_unpair_of(*plan, R, i, starts);
            const std::int64_t vectors = (q.d0 + q.n + V - 1) / V - q.d0 / V;
            const std::int64_t end = i + 1 < R.pairs ? hold_unpair_of(*plan, R, i + 1, starts).chunk_begin : R.chunks;
            EXPECT_GE((end - q.chunk_begin) * kHoldMoveChunk, vectors) << s << " x " << L << ", e " << e;
          }
        }
      }
    }
  }
  EXPECT_GT(pairs, 100);
}

TEST(HoldUnsweep, DeviceRuleTakesWhatTheSweepLeads) {
  const std::int64_t three_m = std::int64_t{3} << 20;
  for (const std::int64_t L : {std::int64_t{1} << 20, three_m, three_m + 16, std::int64_t{8} << 20}) {
    for (int rounds = 1; rounds <= kHoldMaxRounds; ++rounds) {
      // A five-stack H100: every plan.
      for (std::int64_t e : {1, 2, 4, 8}) EXPECT_TRUE(hold_unsweep_takes(rounds, L, e, kFiveStackBusBits));
      // The H200 (6016 bits) and devices whose bus is not known: bytes up to 3M, 2-byte
      // elements up to 2 rounds, 4 and 8 bytes every plan.
      for (const int bus : {6016, 0}) {
        EXPECT_EQ(hold_unsweep_takes(rounds, L, 1, bus), L <= three_m) << L << ", " << rounds;
        EXPECT_EQ(hold_unsweep_takes(rounds, L, 2, bus), rounds <= 2) << L << ", " << rounds;
        EXPECT_TRUE(hold_unsweep_takes(rounds, L, 4, bus));
        EXPECT_TRUE(hold_unsweep_takes(rounds, L, 8, bus));
      }
    }
  }
}

}  // namespace
}  // namespace xpose::detail
