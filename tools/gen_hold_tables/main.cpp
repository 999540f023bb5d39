// Writes src/core/hold_tables.inc: the hold plan's bank-model answers (src/core/hold_gather.hpp)
// for every short side the hold sweep plans (8 to kMaxSkinny rows) and every residue of the tile
// pitch modulo a bank row. Run it after changing the model and commit its output:
//   build/release/bin/xpose_gen_hold_tables > src/core/hold_tables.inc
// tests/cpu/test_hold_tables.cpp fails while the committed tables and the model disagree.
#define XPOSE_HOLD_TABLES_GENERATOR
#include "core/hold_tables.hpp"

#include <cstdio>

namespace {

using namespace xpose::detail;
using namespace xpose::detail::hold_tables;

void print_sides(const char* name, const char* type, int (*of)(int e, int s)) {
  std::printf("inline constexpr %s %s[2][kSides] = {\n", type, name);
  for (int e : {1, 2}) {
    std::printf("    {");
    for (int s = kFirstSide; s <= kLastSide; ++s) std::printf("%d%s", of(e, s), s < kLastSide ? ", " : "");
    std::printf("},  // %d-byte elements, short sides %d..%d\n", e, kFirstSide, kLastSide);
  }
  std::printf("};\n");
}

void print_residues(const char* name, const char* type, int (*of)(int e, int s, std::int64_t pitch), int first_e,
                    int last_e) {
  std::printf("inline constexpr %s %s[%d][kSides][kResidues] = {\n", type, name, last_e - first_e + 1);
  for (int e = first_e; e <= last_e; e *= 2) {
    std::printf("    {  // %d-byte elements, short sides %d..%d, pitch residues 0..%d\n", e, kFirstSide, kLastSide,
                kResidues - 1);
    for (int s = kFirstSide; s <= kLastSide; ++s) {
      std::printf("        {");
      for (int r = 0; r < kResidues; ++r) {
        std::printf("%d%s", of(e, s, residue_pitch(r, e)), r + 1 < kResidues ? ", " : "");
      }
      std::printf("},\n");
    }
    std::printf("    },\n");
  }
  std::printf("};\n");
}

}  // namespace

int main() {
  std::printf(
      "// Written by tools/gen_hold_tables from the bank model in src/core/hold_gather.hpp; do not edit.\n"
      "// Included by src/core/hold_tables.hpp inside namespace xpose::detail::hold_tables.\n\n");
  print_residues(
      "kGatherRotation", "std::uint8_t", [](int e, int s, std::int64_t pitch) { return hold_gather_rotation(s, pitch, e); },
      1, 2);
  std::printf("\n");
  // hold_bytes_one_vector_candidate passed with one round; the table holds the model's
  // comparison at the rotation above.
  print_residues(
      "kBytesOneVector", "bool",
      [](int, int s, std::int64_t pitch) {
        return static_cast<int>(hold_bytes_gather_one_vector(s, 1, pitch, hold_gather_rotation(s, pitch, 1)));
      },
      1, 1);
  std::printf("\n");
  print_sides("kStageRows", "std::uint8_t", [](int e, int s) { return hold_stage_order_of_stores(s, e).rows; });
  print_sides("kStageRotation", "std::uint8_t", [](int e, int s) { return hold_stage_order_of_stores(s, e).rotation; });
  return 0;
}
