// Column tile order (core/problem.hpp: tile_order, set by finalize()): `auto`'s tile kernels walk the
// tiles down tile columns from kColumnOrderMinBytes per call (on a five-stack H100, the aligned
// 4- to 16-byte tiles from 256 or 512 MiB: core/plan.hpp, column_order_min_bytes). One case per
// tile path at or above that size, each with partial edge tiles in both directions, some
// batched with leading dimensions or offset pointers, and the aligned tiles again above the
// H100's sizes, so that every device runs each path in column order; each first checks the
// planned path and order for this device on the CPU, then runs on the GPU against the CPU
// reference with the output poisoned and guarded.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace xpose::testing {
namespace {

struct order_case {
  const char* name;
  detail::auto_path path;
  std::size_t elem;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, offset;
  bool columns_on_every_device = false;  ///< large enough for column order on a five-stack H100 too
};

const order_case cases[] = {
    {"register_tile_e1", detail::auto_path::register_tile, 1, 1, 2064, 2080, 0, 0, 0},
    {"register_tile_e1_batched_ld", detail::auto_path::register_tile, 1, 2, 1040, 2080, 16, 32, 0},
    {"register_tile_e2", detail::auto_path::register_tile, 2, 1, 1552, 1448, 0, 0, 0},
    {"vectorized_streaming_e4", detail::auto_path::vectorized_streaming, 4, 1, 1028, 1100, 0, 0, 0},
    {"vectorized_streaming_e4_batched_ld", detail::auto_path::vectorized_streaming, 4, 3, 300, 1204, 4, 8, 0},
    {"tiled_padded_e8", detail::auto_path::tiled_padded, 8, 1, 778, 802, 0, 0, 0},
    {"tiled_padded_e8_batched_ld", detail::auto_path::tiled_padded, 8, 3, 600, 602, 2, 4, 0},
    {"split_tile_e16", detail::auto_path::split_tile, 16, 1, 500, 614, 0, 0, 0},
    {"vectorized_streaming_e4_large", detail::auto_path::vectorized_streaming, 4, 1, 8200, 8196, 0, 0, 0, true},
    {"tiled_padded_e8_large", detail::auto_path::tiled_padded, 8, 1, 8200, 8194, 0, 0, 0, true},
    {"split_tile_e16_large", detail::auto_path::split_tile, 16, 1, 5800, 5802, 0, 0, 0, true},
    {"sector_tile_e16", detail::auto_path::sector_tile, 16, 1, 333, 1001, 0, 0, 0},
    // 4 bytes: input rows misaligned, output rows aligned (misaligned output rows take the
    // element tile); 8 bytes: pointers off the element size (the element tile otherwise).
    {"unaligned_tile_e4_odd_cols", detail::auto_path::unaligned_tile, 4, 1, 1028, 1101, 0, 0, 0},
    {"unaligned_tile_e4_ld_in", detail::auto_path::unaligned_tile, 4, 2, 1028, 1100, 1, 4, 0},
    {"unaligned_tile_e8_byte_offset", detail::auto_path::unaligned_tile, 8, 1, 802, 777, 0, 0, 4},
    {"realigned_tile_e2", detail::auto_path::realigned_tile, 2, 1, 150, 60001, 0, 1, 0},  // few rows, >= 16 MiB, padded output
    {"residue_tile_e1", detail::auto_path::residue_tile, 1, 1, 3001, 4200, 0, 0, 0},
    {"residue_tile_e1_batched_ld_offset", detail::auto_path::residue_tile, 1, 3, 1001, 1500, 3, 5, 1},
    {"residue_tile_e2", detail::auto_path::residue_tile, 2, 1, 3001, 2100, 0, 0, 0},
    {"residue_tile_e2_batched_ld_offset", detail::auto_path::residue_tile, 2, 3, 1001, 750, 3, 5, 2},
};

class TileOrder : public ::testing::TestWithParam<int> {};

TEST_P(TileOrder, ColumnOrderMatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const order_case& k = cases[GetParam()];
  gpu_case c;
  c.elem_bytes = k.elem;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  if (k.batch > 1) c.stride_in_pad = 16, c.stride_out_pad = 32;
  c.in_offset = k.offset, c.out_offset = k.offset;
  c.seed = 0x7113A000u + static_cast<std::uint64_t>(GetParam());
  int device = 0, bus_bits = 0;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device), cudaSuccess);
  const detail::plan here = planned(c, bus_bits);
  ASSERT_EQ(here.path, k.path) << c.describe();
  ASSERT_GE(k.batch * k.rows * k.cols * static_cast<std::int64_t>(k.elem), detail::kColumnOrderMinBytes) << c.describe();
  // The large cases take column order on a five-stack H100 as well, the others on every
  // other device (the H100 runs the aligned ones in row order).
  if (k.columns_on_every_device) {
    ASSERT_EQ(planned(c, detail::kFiveStackBusBits).order, detail::tile_order::columns) << c.describe();
  }
  if (k.columns_on_every_device || bus_bits != detail::kFiveStackBusBits) {
    ASSERT_EQ(here.order, detail::tile_order::columns) << c.describe();
  }
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Paths, TileOrder, ::testing::Range(0, static_cast<int>(sizeof(cases) / sizeof(cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
