// The interleaving skinny kernels (src/kernels/skinny_interleave.cu): every row count they
// serve (1 to 32, and 33, which falls back to the general skinny kernel), 1-, 2- and 4-byte
// elements, both orientations, with the layouts that change their code path: strided rows aligned or
// starting at every byte offset, padded leading dimensions, a strided-side pointer one byte
// off (not even element-aligned for 2 and 4 bytes, which the tall kernel leaves to the
// general one), and batches. The long side is five blocks and a partial one, so the first,
// inner and last (boundary) tiles all run, the boundary ones moved to the first blocks of
// each matrix; or six whole blocks with misaligned strided rows, whose last tile is whole.
#include "gpu_case.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

enum class layout { aligned_rows, odd_length, padded_ld, byte_offset, batched, whole_tiles_odd_ld };
const char* const layout_names[] = {"aligned_rows", "odd_length", "padded_ld",
                                    "byte_offset",  "batched",    "whole_tiles_odd_ld"};

using param = std::tuple<std::size_t, int, bool, int>;  // element bytes, rows (or columns), wide, layout

class SkinnyInterleave : public ::testing::TestWithParam<param> {};

TEST_P(SkinnyInterleave, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, small, wide, lay] = GetParam();
  const auto e = static_cast<std::int64_t>(elem);
  const std::int64_t span = detail::interleave_span(elem, small);
  std::int64_t long_side = 5 * span + 37;  // odd: every strided row starts at its own offset
  gpu_case c;
  c.elem_bytes = elem;
  switch (static_cast<layout>(lay)) {
    case layout::aligned_rows: long_side = 5 * span + 3 * 16 / e; break;  // 16-byte rows, partial last block
    case layout::odd_length: break;
    case layout::padded_ld: (wide ? c.ld_in_pad : c.ld_out_pad) = 3; break;
    case layout::byte_offset: (wide ? c.in_offset : c.out_offset) = 1; break;
    case layout::whole_tiles_odd_ld:  // misaligned strided rows whose last tile is a whole one
      long_side = 6 * span;
      (wide ? c.ld_in_pad : c.ld_out_pad) = 1;
      break;
    case layout::batched:
      c.batch = 3;
      (wide ? c.stride_in_pad : c.stride_out_pad) = 5;
      (wide ? c.stride_out_pad : c.stride_in_pad) = 16 / e;  // the packed side stays 16-byte aligned
      break;
  }
  c.rows = wide ? small : long_side;
  c.cols = wide ? long_side : small;
  c.seed = 0x1EAF0000u + static_cast<std::uint64_t>(elem * 100000 + small * 100 + (wide ? 10 : 0) + lay);
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, small, wide, lay] = info.param;
  return std::string(wide ? "rows" : "cols") + std::to_string(small) + "_e" + std::to_string(elem) + "_" +
         layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(EveryRowCount, SkinnyInterleave,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4),
                                            ::testing::Range(1, detail::kMaxInterleave + 2), ::testing::Bool(),
                                            ::testing::Range(0, 6)),
                         param_name);

}  // namespace
}  // namespace xpose::testing
