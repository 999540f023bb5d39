// The element tile (src/kernels/element_tile.cu): `auto` for 4- and 8-byte elements whose
// output rows (8 bytes: or input rows) are not all 16-byte aligned, one packed matrix on its
// own kernel and batched or strided layouts on the strided one. Each case first checks, on
// the CPU plan, which of the two it takes, then runs on the GPU against the CPU reference with
// the output poisoned and guarded. The layouts cover: misaligned rows on both sides and on the
// output side only; partial tiles at both edges; whole tiles misaligned by the pointer alone;
// pointers one element off on both sides; a matrix smaller than one tile in each direction;
// the batched entry point with one matrix; batches with leading dimensions and strides; a
// padded output leading dimension alone; aligned input rows in a padded input; 8-byte input
// rows misaligned alone; more matrices than the grid's z dimension holds; and, for 4 bytes,
// the widest packed grid and one column past it (the strided kernel, in two column slices).
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace xpose::testing {
namespace {

enum class layout {
  suite_shape,
  output_rows_only,
  partial_edges,
  whole_tiles_offset_out,
  offset_one_element,
  smaller_than_a_tile,
  batched_entry_one_matrix,
  batched_ld,
  ld_out_only,
  input_rows_aligned_ld_in,
  input_rows_only,
  more_matrices_than_grid_z,
};
const char* const layout_names[] = {"suite_shape",
                                    "output_rows_only",
                                    "partial_edges",
                                    "whole_tiles_offset_out",
                                    "offset_one_element",
                                    "smaller_than_a_tile",
                                    "batched_entry_one_matrix",
                                    "batched_ld",
                                    "ld_out_only",
                                    "input_rows_aligned_ld_in",
                                    "input_rows_only",
                                    "more_matrices_than_grid_z"};
constexpr int kLayouts = 12;

using param = std::tuple<std::size_t, int>;  // element bytes, layout

class ElementTile : public ::testing::TestWithParam<param> {};

TEST_P(ElementTile, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, lay] = GetParam();
  const auto e = static_cast<std::int64_t>(elem);
  gpu_case c;
  c.elem_bytes = elem;
  auto path = detail::auto_path::element_tile;
  switch (static_cast<layout>(lay)) {
    case layout::suite_shape: c.rows = 4095, c.cols = 4097; break;
    case layout::output_rows_only: c.rows = 4097, c.cols = 4096; break;  // input rows aligned
    case layout::partial_edges: c.rows = 2 * 64 + 17, c.cols = 3 * 32 + 5; break;
    case layout::whole_tiles_offset_out: c.rows = 3 * 64, c.cols = 4 * 32, c.out_offset = elem; break;
    case layout::offset_one_element: c.rows = 1000, c.cols = 1001, c.in_offset = elem, c.out_offset = elem; break;
    case layout::smaller_than_a_tile: c.rows = 67, c.cols = 70; break;  // sides just above the skinny kernels'
    case layout::batched_entry_one_matrix: c.rows = 1001, c.cols = 1003, c.batched_call = true; break;
    case layout::batched_ld:
      c.batch = 3, c.rows = 1000, c.cols = 1001;
      c.ld_in_pad = 3, c.ld_out_pad = 5, c.stride_in_pad = 7, c.stride_out_pad = 9;
      path = detail::auto_path::element_tile_strided;
      break;
    case layout::ld_out_only: c.rows = 700, c.cols = 900, c.ld_out_pad = 1, path = detail::auto_path::element_tile_strided; break;
    case layout::input_rows_aligned_ld_in:  // 16 bytes of input padding: input rows aligned, output rows not
      c.rows = 4097, c.cols = 4096, c.ld_in_pad = 16 / e, path = detail::auto_path::element_tile_strided;
      break;
    case layout::input_rows_only:  // 8 bytes only misaligned on the input side; 4 bytes take the padded tile there
      c.rows = 2048, c.cols = 2049;
      if (elem == 4) c.ld_out_pad = 1, path = detail::auto_path::element_tile_strided;  // (misaligned on both sides)
      break;
    case layout::more_matrices_than_grid_z:  // padded on both sides: neither skinny nor a packed small batch
      c.batch = 65537, c.rows = 5, c.cols = 7, c.ld_in_pad = 1, c.ld_out_pad = 2;
      path = detail::auto_path::element_tile_strided;
      break;
  }
  c.seed = 0xE1E70000u + static_cast<std::uint64_t>(elem * 100 + lay);
  ASSERT_EQ(planned_path(c), path) << c.describe();
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, lay] = info.param;
  return "e" + std::to_string(elem) + "_" + layout_names[lay];
}

INSTANTIATE_TEST_SUITE_P(Layouts, ElementTile,
                         ::testing::Combine(::testing::Values<std::size_t>(4, 8), ::testing::Range(0, kLayouts)),
                         param_name);

// The widest grid the packed kernel takes, 65535 column tiles in the grid's y dimension, and
// one column more, which the strided kernel moves in two launches of column slices (545 MB
// of 4-byte elements each; the 8-byte kernels share the launch code).
TEST(ElementTileGrid, WidestPackedGridMatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  gpu_case c;
  c.elem_bytes = 4;
  c.rows = 65, c.cols = detail::kElementTileMaxColTiles * 32;
  c.seed = 0xE1E7FFFFu;
  ASSERT_EQ(planned_path(c), detail::auto_path::element_tile) << c.describe();
  EXPECT_TRUE(run_case(c));
}

TEST(ElementTileGrid, ColumnSlicesMatchCpuReference) {
  XPOSE_REQUIRE_GPU();
  gpu_case c;
  c.elem_bytes = 4;
  c.rows = 65, c.cols = detail::kElementTileMaxColTiles * 32 + 1;
  c.seed = 0xE1E7FFFEu;
  ASSERT_EQ(planned_path(c), detail::auto_path::element_tile_strided) << c.describe();
  EXPECT_TRUE(run_case(c));
}

}  // namespace
}  // namespace xpose::testing
