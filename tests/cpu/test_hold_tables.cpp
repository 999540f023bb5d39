// The hold plan's tabulated bank-model answers (src/core/hold_tables.hpp) against the model
// itself (src/core/hold_gather.hpp): every entry, at the pitch the generator used and at another
// pitch of the same residue modulo a bank row (the tables' premise), and the lookups' fallback to
// the model outside the tables. A failure here means the model changed without the tables:
// rebuild and run xpose_gen_hold_tables > src/core/hold_tables.inc.
#include "core/hold_tables.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace xpose::detail {
namespace {

using namespace hold_tables;

constexpr const char* kRegenerate = " (regenerate src/core/hold_tables.inc with xpose_gen_hold_tables)";

/** Another pitch of residue r: 37 bank rows further. */
std::int64_t other_pitch(int r, int e) { return residue_pitch(r, e) + 37 * 128 / e; }

TEST(HoldTables, ResidueOfAPitch) {
  for (int e : {1, 2}) {
    for (int r = 0; r < kResidues; ++r) {
      EXPECT_EQ(residue_of(residue_pitch(r, e), e), r);
      EXPECT_EQ(residue_of(other_pitch(r, e), e), r);
    }
  }
  EXPECT_EQ(residue_of(8 * 17 + 1, 1), -1);  // not whole vectors: no entry
  EXPECT_EQ(residue_of(8 * 17 + 4, 2), -1);
}

TEST(HoldTables, GatherRotationIsTheModels) {
  for (int e : {1, 2}) {
    for (int s = kFirstSide; s <= kLastSide; ++s) {
      for (int r = 0; r < kResidues; ++r) {
        for (const std::int64_t pitch : {residue_pitch(r, e), other_pitch(r, e)}) {
          ASSERT_EQ(hold_planned_gather_rotation(s, pitch, e), hold_gather_rotation(s, pitch, e))
              << e << "-byte elements, s " << s << ", pitch " << pitch << kRegenerate;
        }
      }
    }
  }
}

TEST(HoldTables, BytesOneVectorIsTheModels) {
  for (int s = kFirstSide; s <= kLastSide; ++s) {
    for (int r = 0; r < kResidues; ++r) {
      for (const std::int64_t pitch : {residue_pitch(r, 1), other_pitch(r, 1)}) {
        const int m = hold_gather_rotation(s, pitch, 1);
        for (int rounds : {1, 3, 4}) {
          ASSERT_EQ(hold_planned_bytes_one_vector(s, rounds, pitch, m), hold_bytes_gather_one_vector(s, rounds, pitch, m))
              << "s " << s << ", pitch " << pitch << ", rounds " << rounds << kRegenerate;
        }
      }
    }
  }
  // Some side takes the one-vector gather, or the table tests nothing the model decides.
  int taken = 0;
  for (int s = kFirstSide; s < 32; ++s) {
    for (int r = 0; r < kResidues; ++r) taken += kBytesOneVector[0][s - kFirstSide][r] ? 1 : 0;
  }
  EXPECT_GT(taken, 0);
}

TEST(HoldTables, StageOrderIsTheModels) {
  int ordered = 0;
  for (int e : {1, 2, 4, 8}) {
    for (int s = kFirstSide; s <= kLastSide; ++s) {
      const hold_stage_order table = hold_planned_stage_order(s, e), model = hold_stage_order_of_stores(s, e);
      ASSERT_EQ(table.rows, model.rows) << e << "-byte elements, s " << s << kRegenerate;
      ASSERT_EQ(table.rotation, model.rotation) << e << "-byte elements, s " << s << kRegenerate;
      ordered += table.rows != 4 || table.rotation != 0 ? 1 : 0;
    }
  }
  EXPECT_GT(ordered, 0);
}

TEST(HoldTables, OutsideTheTablesTheModelAnswers) {
  for (int s : {4, 7, 65, 80}) {
    for (int e : {1, 2}) {
      const std::int64_t pitch = residue_pitch(3, e);
      EXPECT_EQ(hold_planned_gather_rotation(s, pitch, e), hold_gather_rotation(s, pitch, e)) << s;
      EXPECT_EQ(hold_planned_stage_order(s, e).rows, hold_stage_order_of_stores(s, e).rows) << s;
      EXPECT_EQ(hold_planned_stage_order(s, e).rotation, hold_stage_order_of_stores(s, e).rotation) << s;
    }
  }
  // A pitch of part vectors, and a rotation other than the plan's.
  EXPECT_EQ(hold_planned_gather_rotation(20, 8 * 40 + 3, 1), hold_gather_rotation(20, 8 * 40 + 3, 1));
  const std::int64_t pitch = residue_pitch(5, 1);
  for (int m = 0; m < 16; ++m) {
    EXPECT_EQ(hold_planned_bytes_one_vector(22, 2, pitch, m), hold_bytes_gather_one_vector(22, 2, pitch, m)) << m;
  }
}

}  // namespace
}  // namespace xpose::detail
