// The hold sweep (src/core/hold_sweep.hpp), checked on the host: its plan covers the rows in
// rounds that fit their blocks' shared memory and registers, its pairs are the cells the rounds
// must move, and the rounds, run on a host array with every read of a round before its writes
// (the grid barrier), transpose every shape of a sweep of short sides, long sides, element sizes
// and grid sizes. The kernel's vector and shared-memory indexing is the GPU tests' job
// (tests/gpu/test_inplace.cpp, InplaceHoldSweep).
#include "core/hold_sweep.hpp"

#include "host_arrays.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace xpose::detail {
namespace {

/** Runs the plan's rounds on v (s x L, row-major) as the kernel does, with side slots and the
    carried rows, and checks that no round reads an element or side slot the round before it
    wrote (the kernel has no barrier there: a round's loads run while the last round's stores
    drain). */
constexpr int kStray = -7;

void run_rounds(std::vector<int>& v, const hold_plan& plan, bool side_slots = true) {
  const std::int64_t s = plan.s, L = plan.L;
  const cell_starts starts = cell_starts::of(s, L, plan.by_s);
  std::vector<int> side(static_cast<std::size_t>(s * s), -1);
  std::vector<int> written(v.size(), -1), side_written(side.size(), -1);  // the round that last wrote
  const auto at = [&](std::int64_t row, std::int64_t col) -> int& { return v[static_cast<std::size_t>(row * L + col)]; };
  int round = 0;
  const auto before_last = [&](int writer) { return writer < 0 || writer < round - 1; };
  const auto read = [&](std::int64_t row, std::int64_t col) {
    EXPECT_TRUE(before_last(written[static_cast<std::size_t>(row * L + col)])) << "row " << row << ", column " << col;
    return at(row, col);
  };
  const auto read_side = [&](std::int64_t x, std::int64_t y) {
    EXPECT_TRUE(before_last(side_written[static_cast<std::size_t>(x * s + y)])) << "side slot " << x << ", " << y;
    return side[static_cast<std::size_t>(x * s + y)];
  };
  std::vector<int> carried;  // the last round's rows over this round's bands, in the order read
  for (; round < plan.rounds; ++round) {
    const hold_round& R = plan.round[round];
    const int ca = round > 0 ? plan.round[round - 1].a : 0;
    // Reads: element (x, j) of every band a..b-1, from its row, the carry or its mirror cell.
    std::vector<std::pair<std::int64_t, int>> out;  // (position, value)
    std::size_t next_carried = 0;
    for (std::int64_t x = 0; x < s; ++x) {
      for (std::int64_t j = cell_start(x, R.a, s, L); j < cell_start(x, R.b, s, L); ++j) {
        int value = 0;
        if (x >= R.a) {
          value = read(x, j);
        } else if (x >= ca) {
          value = carried.at(next_carried++);
        } else {
          const std::int64_t y = (j * s + x) / L;
          const std::int64_t cs = cell_start(x, y, s, L), home = cell_start(y, x, s, L);
          value = j - cs < cell_size(y, x, s, L) ? read(y, j + home - cs) : read_side(x, y);
        }
        out.emplace_back(j * s + x, value);
      }
    }
    EXPECT_EQ(next_carried, carried.size());
    carried.clear();
    if (round + 1 < plan.rounds) {
      const hold_round& N = plan.round[round + 1];
      for (std::int64_t x = R.a; x < R.b; ++x) {
        for (std::int64_t j = cell_start(x, N.a, s, L); j < cell_start(x, N.b, s, L); ++j) carried.push_back(read(x, j));
      }
    }
    std::vector<std::vector<int>> moved;
    std::vector<int> overflow;
    for (int i = 0; i < R.pairs; ++i) {
      hold_pair q = hold_pair_of(plan, R, i, starts);
      if (!side_slots) q.overflow = 0;
      std::vector<int> cell;
      // A destination one longer than its source takes a stray last element, never read.
      const std::int64_t source_size = cell_size(q.w, q.z, s, L);
      for (std::int64_t c = 0; c < q.n; ++c) cell.push_back(c < source_size ? read(q.w, q.d0 + c + q.shift) : kStray);
      moved.push_back(cell);
      overflow.push_back(q.overflow ? read(q.w, q.d0 + q.n + q.shift) : 0);
    }
    // Writes, after every read (the grid barrier).
    for (const auto& [position, value] : out) {
      ASSERT_GE(position, R.a * L);
      ASSERT_LT(position, R.b * L);
      v[static_cast<std::size_t>(position)] = value;
      written[static_cast<std::size_t>(position)] = round;
    }
    for (int i = 0; i < R.pairs; ++i) {
      hold_pair q = hold_pair_of(plan, R, i, starts);
      if (!side_slots) q.overflow = 0;
      for (std::int64_t c = 0; c < q.n; ++c) {
        at(q.z, q.d0 + c) = moved[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)];
        written[static_cast<std::size_t>(q.z * L + q.d0 + c)] = round;
      }
      if (q.overflow) {
        side[static_cast<std::size_t>(q.w * s + q.z)] = overflow[static_cast<std::size_t>(i)];
        side_written[static_cast<std::size_t>(q.w * s + q.z)] = round;
      }
    }
  }
}

TEST(HoldSweep, CellStartsInThirtyTwoBitStepsMatch) {
  int compared = 0;
  for (std::int64_t s = 8; s <= kMaxSkinny; ++s) {
    for (const std::int64_t L : {s + 1, std::int64_t{1000}, std::int64_t{1} << 21, (std::int64_t{1} << 30) - 1, std::int64_t{999999937}}) {
      const cell_starts starts = cell_starts::of(s, L, fast_divider::of(static_cast<std::uint32_t>(s)));
      for (std::int32_t x = 0; x < s; ++x) {
        for (std::int32_t y = 0; y <= s; ++y, ++compared) {
          ASSERT_EQ(starts(x, y), cell_start(x, y, s, L)) << s << " x " << L << ", cell " << x << ", " << y;
        }
      }
    }
  }
  EXPECT_GT(compared, 100000);
}

TEST(HoldSweep, PlanCoversTheRowsWithinItsLimits) {
  const auto plan = std::make_unique<hold_plan>();
  int planned = 0;
  for (const std::int64_t e : {2, 4, 8}) {
    const std::int64_t V = 16 / e;
    for (const std::int64_t s : {8, 9, 16, 17, 31, 32, 33, 48, 64}) {
      for (const std::int64_t L : {std::int64_t{1} << 18, (std::int64_t{1} << 20) / e, (std::int64_t{1} << 21) + 8 * V,
                                   std::int64_t{5000003} / V * V}) {
        for (const std::int64_t blocks : {132, 114, 78}) {
          make_hold_plan(*plan, s, L, e, blocks, kHoldTileBytes);
          if (!plan->use) continue;
          ++planned;
          std::int64_t next_row = 0, pairs = 0;
          for (int r = 0; r < plan->rounds; ++r) {
            const hold_round& R = plan->round[r];
            ASSERT_EQ(R.a, next_row);
            ASSERT_GT(R.b, R.a);
            next_row = R.b;
            EXPECT_EQ(R.W % V, 0);
            EXPECT_EQ(R.c_first % V, 0);
            const std::int64_t pitch = hold_pitch(R.W, V, plan->skewed_rows);
            EXPECT_LE(pitch * s * e, kHoldTileBytes);
            EXPECT_EQ(pitch / V % 2, 1);  // rows start on different banks
            // A skewed row's two runs and its fix column (W / V + 5 vectors) fit its pitch.
            EXPECT_GE(pitch / V, R.W / V + 5 + (plan->skewed_rows ? kHoldSkewVectors : 0));
            EXPECT_EQ(plan->skewed_rows, e == 4);
            EXPECT_LT(R.W, L / s);
            EXPECT_LE(R.c_first, cell_start(s - 1, R.a, s, L));                  // the blocks cover the band
            EXPECT_GE(R.c_first + blocks * R.W, cell_start(0, R.b, s, L));
            // The moves skip the next round's rows, which the round carries; both fit the registers.
            const bool last = r + 1 == plan->rounds;
            const std::int64_t z_from = last ? s : plan->round[r + 1].b;
            const std::int64_t carry = last ? 0 : hold_carry_vectors(R.a, R.b, plan->round[r + 1].W, V);
            EXPECT_TRUE(hold_fits_registers(R.chunks, carry, blocks, plan->carry_slots));
            EXPECT_EQ(R.z_from, z_from);
            EXPECT_EQ(R.pairs, (R.b - R.a) * (s - z_from));
            EXPECT_EQ(R.pair_begin, pairs);
            const cell_starts starts = cell_starts::of(s, L, plan->by_s);
            std::int64_t chunk = 0;
            for (int i = 0; i < R.pairs; ++i) {
              const hold_pair q = hold_pair_of(*plan, R, i, starts);
              EXPECT_EQ(q.w, R.a + i / (s - z_from));
              EXPECT_EQ(q.z, z_from + i % (s - z_from));
              EXPECT_EQ(q.d0, cell_start(q.z, q.w, s, L));
              EXPECT_EQ(q.n, cell_size(q.z, q.w, s, L));
              EXPECT_EQ(q.shift, cell_start(q.w, q.z, s, L) - q.d0);
              const std::int64_t longer = cell_size(q.w, q.z, s, L) - q.n;  // mirrors differ by at most one
              EXPECT_TRUE(longer >= -1 && longer <= 1);
              EXPECT_EQ(q.overflow, longer == 1 ? 1 : 0);
              EXPECT_EQ(q.chunk_begin, chunk);
              chunk += ((q.d0 + q.n + V - 1) / V - q.d0 / V + kHoldMoveChunk - 1) / kHoldMoveChunk;
            }
            EXPECT_EQ(R.chunks, chunk);
            // The blocks' shares cover the chunks once, in order, each within the pairs the
            // kernel makes for it.
            int next_chunk = 0;
            for (int g = 0; g < blocks; ++g) {
              const hold_share m = hold_share_of(*plan, R, g, static_cast<int>(blocks));
              if (m.k0 >= m.k1) continue;
              EXPECT_EQ(m.k0, next_chunk);
              next_chunk = m.k1;
              EXPECT_LT(m.p_last - m.p_first, kHoldBlockPairs);
              EXPECT_LE(hold_pair_of(*plan, R, m.p_first, starts).chunk_begin, m.k0);
              EXPECT_LE(hold_pair_of(*plan, R, m.p_last, starts).chunk_begin, m.k1 - 1);
              if (m.p_last + 1 < R.pairs) EXPECT_GT(hold_pair_of(*plan, R, m.p_last + 1, starts).chunk_begin, m.k1 - 1);
            }
            EXPECT_EQ(next_chunk, R.chunks);
            pairs += R.pairs;
          }
          EXPECT_EQ(next_row, s);
          EXPECT_LE(pairs, kHoldMaxPairs);
        }
      }
    }
  }
  EXPECT_GT(planned, 200);
  // Refused: too few or too many rows, tall, rows not of whole vectors, rows too long.
  make_hold_plan(*plan, 7, 1 << 20, 4, 132, kHoldTileBytes);
  EXPECT_FALSE(plan->use);
  make_hold_plan(*plan, 65, 1 << 20, 4, 132, kHoldTileBytes);
  EXPECT_FALSE(plan->use);
  make_hold_plan(*plan, 1 << 20, 31, 4, 132, kHoldTileBytes);
  EXPECT_FALSE(plan->use);
  make_hold_plan(*plan, 31, (1 << 20) + 1, 4, 132, kHoldTileBytes);
  EXPECT_FALSE(plan->use);
  make_hold_plan(*plan, 31, std::int64_t{1} << 30, 2, 132, kHoldTileBytes);
  EXPECT_FALSE(plan->use);
}

// The wide carry where it saves a round or a third of the move chunks, and only there: bytes
// of 18-24 rows at 2M columns go in two rounds (three with the narrow carry); 31 rows of fp32
// there keep the narrow one.
TEST(HoldSweep, WideCarryOnlyWhereItPays) {
  const auto plan = std::make_unique<hold_plan>(), narrow = std::make_unique<hold_plan>();
  int wide = 0;
  for (const std::int64_t e : {1, 2, 4, 8}) {
    for (std::int64_t s = 8; s <= 64; ++s) {
      for (const std::int64_t L : {std::int64_t{2097152}, std::int64_t{4194304} + 16, std::int64_t{1} << 23}) {
        make_hold_plan(*plan, s, L, e, 132, kHoldTileBytes);
        make_hold_rounds(*narrow, s, L, e, 132, kHoldTileBytes, kHoldCarrySlots);
        if (!plan->use) {
          EXPECT_FALSE(narrow->use) << s << " x " << L << ", " << e << "-byte";
          continue;
        }
        ASSERT_TRUE(plan->carry_slots == kHoldCarrySlots || plan->carry_slots == kHoldCarrySlotsWide);
        const bool fewer_rounds = plan->rounds < narrow->rounds;
        const bool fewer_chunks = plan->rounds == narrow->rounds && hold_plan_chunks(*narrow) > 0 &&
                                  3 * hold_plan_chunks(*plan) <= 2 * hold_plan_chunks(*narrow);
        if (plan->carry_slots == kHoldCarrySlotsWide) {
          ++wide;
          EXPECT_TRUE(fewer_rounds || fewer_chunks) << s << " x " << L << ", " << e << "-byte";
        } else {
          EXPECT_EQ(plan->rounds, narrow->rounds) << s << " x " << L << ", " << e << "-byte";
          EXPECT_EQ(hold_plan_chunks(*plan), hold_plan_chunks(*narrow)) << s << " x " << L << ", " << e << "-byte";
        }
      }
    }
  }
  EXPECT_GT(wide, 20);
  for (std::int64_t s = 18; s <= 24; ++s) {
    make_hold_plan(*plan, s, 2097152, 1, 132, kHoldTileBytes);
    EXPECT_EQ(plan->carry_slots, kHoldCarrySlotsWide) << s << " rows";
    EXPECT_EQ(plan->rounds, 2) << s << " rows";
  }
  for (const std::int64_t s : {14, 17}) {  // the same plan either way
    make_hold_plan(*plan, s, 2097152, 1, 132, kHoldTileBytes);
    EXPECT_EQ(plan->carry_slots, kHoldCarrySlots) << s << " rows";
  }
  make_hold_plan(*plan, 31, 2097152, 4, 132, kHoldTileBytes);
  EXPECT_EQ(plan->carry_slots, kHoldCarrySlots);
}

TEST(HoldSweep, RoundsTransposeOnTheHost) {
  const auto plan = std::make_unique<hold_plan>();
  int runs = 0, multi_round = 0, with_overflow = 0;
  for (const std::int64_t s : {8, 9, 13, 16, 31, 33, 64}) {
    for (const std::int64_t L : {std::int64_t{520}, std::int64_t{1000}, std::int64_t{2048}, std::int64_t{4104}}) {
      if (L <= s) continue;
      // Small grids and tiles, so that the rows go in several rounds.
      for (const std::int64_t blocks : {3, 5, 16}) {
        for (const std::int64_t tile : {std::int64_t{4096}, std::int64_t{16384}, std::int64_t{65536}}) {
          make_hold_plan(*plan, s, L, 4, blocks, tile);
          if (!plan->use) continue;
          std::vector<int> v = iota_vector(s * L);
          run_rounds(v, *plan);
          ASSERT_EQ(v, transposed(iota_vector(s * L), s, L)) << s << " x " << L << ", " << blocks << " blocks, tile " << tile;
          ++runs;
          multi_round += plan->rounds > 1;
          const cell_starts starts = cell_starts::of(s, L, plan->by_s);
          for (int r = 0; r < plan->rounds; ++r) {
            for (int i = 0; i < plan->round[r].pairs; ++i) with_overflow += hold_pair_of(*plan, plan->round[r], i, starts).overflow;
          }
        }
      }
    }
  }
  EXPECT_GT(runs, 60);
  EXPECT_GT(multi_round, 30);
  EXPECT_GT(with_overflow, 0);
}

TEST(HoldSweep, SkippingTheSideSlotsGoesWrong) {
  // The control: without the side slots the overflowing element is lost.
  const auto plan = std::make_unique<hold_plan>();
  make_hold_plan(*plan, 31, 1000, 4, 5, 16384);
  ASSERT_TRUE(plan->use);
  int overflows = 0;
  const cell_starts starts = cell_starts::of(31, 1000, plan->by_s);
  for (int r = 0; r < plan->rounds; ++r) {
    for (int i = 0; i < plan->round[r].pairs; ++i) overflows += hold_pair_of(*plan, plan->round[r], i, starts).overflow;
  }
  ASSERT_GT(overflows, 0);
  std::vector<int> v = iota_vector(31 * 1000);
  run_rounds(v, *plan);
  ASSERT_EQ(v, transposed(iota_vector(31 * 1000), 31, 1000));
  v = iota_vector(31 * 1000);
  run_rounds(v, *plan, /*side_slots=*/false);
  EXPECT_NE(v, transposed(iota_vector(31 * 1000), 31, 1000));
}

}  // namespace
}  // namespace xpose::detail
