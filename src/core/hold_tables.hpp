// The hold plan's bank-model answers, tabulated. The model (hold_gather.hpp) replays every warp
// load of a gather or stage read, and answering one short side took 2 to 30 ms of host time (the
// backward sweep's stage order of 2M x 48 bytes: 24 ms); a plan is made again whenever a host
// thread calls with another shape, so a program alternating between two tall shapes paid that on
// every call. The answers depend only on the element size, the short side s (8 to kMaxSkinny, the
// sides the hold sweep plans) and the tile pitch modulo a 128-byte bank row, so they fit in small
// tables: src/core/hold_tables.inc, written from the model by tools/gen_hold_tables and checked
// entry by entry against it by tests/cpu/test_hold_tables.cpp. Inputs outside the tables ask the
// model.
#pragma once

#include "hold_gather.hpp"
#include "plan.hpp"  // kMaxSkinny

#include <cstdint>

namespace xpose::detail {
namespace hold_tables {

inline constexpr int kFirstSide = 8, kLastSide = static_cast<int>(kMaxSkinny);
inline constexpr int kSides = kLastSide - kFirstSide + 1;
/** Residues of a pitch of whole 16-byte vectors modulo a 128-byte bank row. */
inline constexpr int kResidues = 8;

/** A pitch (elements of e bytes) with residue r: the table's entries were made at it. */
constexpr std::int64_t residue_pitch(int r, int e) { return (128 * 64 + 16 * r) / e; }

/** The residue of a pitch of whole 16-byte vectors, or -1 for any other pitch. */
constexpr int residue_of(std::int64_t pitch, int e) {
  const std::int64_t bytes = pitch * e;
  return bytes % 16 == 0 ? static_cast<int>(bytes % 128 / 16) : -1;
}

constexpr bool in_table(int s, int e) { return s >= kFirstSide && s <= kLastSide && (e == 1 || e == 2); }

}  // namespace hold_tables

// The generator needs the keys above, not the tables it is about to write.
#ifndef XPOSE_HOLD_TABLES_GENERATOR
namespace hold_tables {
#include "hold_tables.inc"
}  // namespace hold_tables

/** hold_gather_rotation(s, pitch, e), from the table where it has the entry. */
inline int hold_planned_gather_rotation(int s, std::int64_t pitch, int e) {
  const int r = hold_tables::residue_of(pitch, e);
  if (!hold_tables::in_table(s, e) || r < 0) return hold_gather_rotation(s, pitch, e);
  return hold_tables::kGatherRotation[e - 1][s - hold_tables::kFirstSide][r];
}

/** hold_bytes_gather_one_vector(s, rounds, pitch, m), from the table where it has the entry (m
    the plan's rotation at that pitch, hold_planned_gather_rotation). */
inline bool hold_planned_bytes_one_vector(int s, int rounds, std::int64_t pitch, int m) {
  if (!hold_bytes_one_vector_candidate(s, rounds)) return false;
  const int r = hold_tables::residue_of(pitch, 1);
  if (!hold_tables::in_table(s, 1) || r < 0 || m != hold_planned_gather_rotation(s, pitch, 1)) {
    return hold_bytes_gather_one_vector(s, rounds, pitch, m);
  }
  return hold_tables::kBytesOneVector[0][s - hold_tables::kFirstSide][r];
}

/** hold_stage_order_of_stores(s, e), from the table where it has the entry. */
inline hold_stage_order hold_planned_stage_order(int s, int e) {
  if (!hold_tables::in_table(s, e)) return hold_stage_order_of_stores(s, e);  // 4 bytes and up: plain, no model asked
  return {hold_tables::kStageRows[e - 1][s - hold_tables::kFirstSide],
          hold_tables::kStageRotation[e - 1][s - hold_tables::kFirstSide]};
}
#endif  // XPOSE_HOLD_TABLES_GENERATOR

}  // namespace xpose::detail
