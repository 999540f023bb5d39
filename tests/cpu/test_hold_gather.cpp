// The hold sweep's output gather (src/core/hold_gather.hpp), checked on the host: a lane's walk
// visits each position of its output vector once, in the rotated order the kernel puts back,
// and the plan rotates the four-vector gather where the bank model finds a rotation that saves
// enough, which removes the worst conflicts the model finds. The kernel's use of the walk is
// the GPU tests' job (tests/gpu/test_inplace.cpp, InplaceHoldSweep).
#include "core/hold_gather.hpp"
#include "core/hold_sweep.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>

namespace xpose::detail {
namespace {

TEST(HoldGather, WalkVisitsTheVectorsPositionsInRotatedOrder) {
  for (int s = 1; s <= 64; ++s) {
    const fast_divider by_s = fast_divider::of(static_cast<std::uint32_t>(s));
    for (int V : {2, 4, 8, 16}) {
      for (int q = 0; q < 40 * V; q += V) {
        for (int rot = 0; rot < V; ++rot) {
          hold_gather_walk at = hold_gather_walk::of(q, rot, V, s, by_s);
          for (int k = 0; k < V; ++k) {
            const int expected = q + (rot + k) % V;
            ASSERT_EQ(at.x, expected % s) << "s " << s << ", V " << V << ", q " << q << ", rot " << rot << ", k " << k;
            ASSERT_EQ(at.jj, expected / s) << "s " << s << ", V " << V << ", q " << q << ", rot " << rot << ", k " << k;
            at.next(k, s);
          }
        }
      }
    }
  }
}

TEST(HoldGather, LaneRotationStaysInTheVector) {
  for (int V : {2, 4, 8, 16}) {
    for (int m = 0; m < V; ++m) {
      for (int lane = 0; lane < 32; ++lane) {
        const int rot = hold_gather_lane_rotation(m, lane, V);
        EXPECT_GE(rot, 0);
        EXPECT_LT(rot, V);
        EXPECT_EQ(rot, m * lane % V);
      }
    }
  }
}

TEST(HoldGather, WavefrontsCountTheBusiestBank) {
  std::int64_t address[32];
  for (int i = 0; i < 32; ++i) address[i] = 4 * i;  // 32 words, one a bank
  EXPECT_EQ(hold_load_wavefronts(address, 32, 4), 1);
  for (int i = 0; i < 32; ++i) address[i] = i;  // 32 bytes of 8 words
  EXPECT_EQ(hold_load_wavefronts(address, 32, 1), 1);
  for (int i = 0; i < 32; ++i) address[i] = 128 * (i % 3);  // three words of bank 0
  EXPECT_EQ(hold_load_wavefronts(address, 32, 4), 3);
  for (int i = 0; i < 32; ++i) address[i] = 8 * i;  // 8-byte loads: 256 bytes, two phases
  EXPECT_EQ(hold_load_wavefronts(address, 32, 8), 2);
}

TEST(HoldGather, PlanRotatesTheFourVectorGatherWhereTheModelSavesEnough) {
  const auto plan = std::make_unique<hold_plan>();
  for (int e : {1, 2, 4, 8}) {
    for (int s = 8; s <= 48; ++s) {
      make_hold_plan(*plan, s, 2097152, e, 132, kHoldTileBytes);
      if (!plan->use) continue;
      const bool four = e == 2 || (e == 1 && !plan->gather_one_vector);
      for (int k = 0; k < plan->rounds; ++k) {
        const std::int64_t pitch = hold_pitch(plan->round[k].W, 16 / e);
        const int m = plan->round[k].rotation;
        ASSERT_GE(m, 0);
        ASSERT_LT(m, 16 / e);
        if (!four) {
          EXPECT_EQ(m, 0) << s << " rows, " << e << "-byte: the one-vector gather does not rotate";
          continue;
        }
        const double plain = hold_gather_wavefronts(s, pitch, e, true, 0);
        double fewest = plain;
        for (int r = 1; r < 16 / e; ++r) fewest = std::min(fewest, hold_gather_wavefronts(s, pitch, e, true, r));
        if (plain - fewest >= hold_rotation_min_saving(e) - 1e-9) {
          EXPECT_NE(m, 0) << s << " rows, " << e << "-byte, round " << k;
          EXPECT_NEAR(hold_gather_wavefronts(s, pitch, e, true, m), fewest, 1e-9) << s << " rows, " << e << "-byte";
        } else {
          EXPECT_EQ(m, 0) << s << " rows, " << e << "-byte, round " << k;
        }
      }
    }
  }
}

// The shapes whose four-vector loads the model finds most conflicted (2-byte 28 x 2M, 6.7
// wavefronts a load; bytes 40 x 2M, 5.0): rotated, under three and two.
TEST(HoldGather, RotationRemovesTheWorstConflicts) {
  const auto plan = std::make_unique<hold_plan>();
  const struct {
    int s, e;
    double before, after;
  } cases[] = {{28, 2, 6.0, 3.0}, {40, 1, 4.5, 2.0}, {20, 2, 4.5, 2.0}};
  for (const auto& c : cases) {
    make_hold_plan(*plan, c.s, 2097152, c.e, 132, kHoldTileBytes);
    ASSERT_TRUE(plan->use);
    ASSERT_FALSE(plan->gather_one_vector);
    const std::int64_t pitch = hold_pitch(plan->round[0].W, 16 / c.e);
    EXPECT_GE(hold_gather_wavefronts(c.s, pitch, c.e, true, 0), c.before) << c.s << " rows, " << c.e << "-byte";
    EXPECT_LE(hold_gather_wavefronts(c.s, pitch, c.e, true, plan->round[0].rotation), c.after)
        << c.s << " rows, " << c.e << "-byte";
  }
}

// Bytes at 2M columns on 132 SMs: one vector a thread where the measurements preferred it (12
// and 14 rows), four elsewhere, the short sides 4 mod 8 from 36 on included, which the
// skinny blocks took before the rotation.
TEST(HoldGather, BytesGatherOneVectorWhereItConflictsLess) {
  const auto plan = std::make_unique<hold_plan>();
  for (int s = 8; s <= 56; ++s) {
    make_hold_plan(*plan, s, 2097152, 1, 132, kHoldTileBytes);
    ASSERT_TRUE(plan->use) << s << " rows";
    EXPECT_EQ(plan->gather_one_vector, s == 12 || s == 14) << s << " rows";
  }
  for (int s : {12, 14}) {  // plans of more than three rounds: four vectors
    make_hold_plan(*plan, s, 8 * 2097152, 1, 132, kHoldTileBytes);
    ASSERT_TRUE(plan->use) << s << " rows";
    ASSERT_GT(plan->rounds, 3) << s << " rows";
    EXPECT_FALSE(plan->gather_one_vector) << s << " rows";
  }
}

}  // namespace
}  // namespace xpose::detail
