// Session 44's rules for narrow sides (core/plan.hpp, plan.cpp): fp32 sides under 256 that are
// not whole 64-element tiles take 128 x 32 tiles in row order (narrow columns) or, rows of
// whole 32-row tiles, 32 x 128 tiles (narrow rows); fp64 columns under 256 that are not whole
// 32-element tiles run the padded tile in row order; 1- and 2-byte matrices with a side of
// 33-64, rows of whole 16-byte vectors and output rows on 32-byte sectors take the register
// tile instead of the skinny kernel. Since session 45 the fp32 tiles' partial last tiles move
// whole vectors, and 1- and 2-byte matrices of 65 to 167 / 150 rows that are not whole vectors
// take the skinny kernel (since session 46 the staged one on aligned input rows). Each case first checks its plan on the CPU, then runs on the GPU against the CPU
// reference with the output poisoned and guarded. The shapes end their last tiles partially
// and exactly, and add batches, leading dimensions, strides and pointers off 256 bytes.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace xpose::testing {
namespace {

enum class expect { narrow_cols, narrow_rows, padded8_rows, register_tile, skinny_tall, skinny_wide, staged_wide, edge_streams, edge_plain };

struct narrow_case {
  const char* name;
  expect path;
  std::size_t elem_bytes;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad, stride_out_pad;
  std::size_t offset;  // bytes added to both pointers (multiples of 16 keep the vector paths)
};

const narrow_case narrow_cases[] = {
    // fp32, narrow columns: 16-wide last tile, partial last tile row.
    {"e4_cols80_partial_rows", expect::narrow_cols, 4, 1, 1000, 80, 0, 0, 0, 0, 0},
    {"e4_cols96_whole_tiles", expect::narrow_cols, 4, 1, 4096, 96, 0, 0, 0, 0, 0},
    {"e4_heads_cols80", expect::narrow_cols, 4, 64, 1024, 80, 0, 0, 0, 0, 0},
    {"e4_cols200_batched_ld", expect::narrow_cols, 4, 3, 300, 200, 4, 4, 8, 12, 0},  // pitches off 256 bytes
    {"e4_cols100_large", expect::narrow_cols, 4, 1, 65536, 100, 0, 0, 0, 0, 0},
    {"e4_cols80_offset", expect::narrow_cols, 4, 1, 776, 80, 0, 0, 0, 0, 48},
    // fp32, narrow rows.
    {"e4_rows96_partial_cols", expect::narrow_rows, 4, 1, 96, 1000, 0, 0, 0, 0, 0},
    {"e4_rows96_batched_ld", expect::narrow_rows, 4, 3, 96, 300, 4, 8, 4, 0, 0},
    {"e4_rows224_large", expect::narrow_rows, 4, 1, 224, 65536, 0, 0, 0, 0, 0},
    // fp64, narrow columns in row order.
    {"e8_cols80_partial_rows", expect::padded8_rows, 8, 1, 1000, 80, 0, 0, 0, 0, 0},
    {"e8_cols200_batched_ld", expect::padded8_rows, 8, 3, 300, 200, 2, 2, 4, 6, 0},  // pitches off 256 bytes
    {"e8_cols72_large", expect::padded8_rows, 8, 1, 65536, 72, 0, 0, 0, 0, 0},
    // 1 and 2 bytes, a side of 33-64 on the register tile.
    {"e1_tall64_batched", expect::register_tile, 1, 16, 512, 64, 0, 0, 0, 0, 0},
    {"e1_wide64", expect::register_tile, 1, 1, 64, 100000, 0, 0, 0, 0, 0},
    {"e1_tall48", expect::register_tile, 1, 1, 100000, 48, 0, 0, 0, 0, 0},
    {"e1_tall64_ld_out", expect::register_tile, 1, 1, 1000, 64, 0, 24, 0, 0, 0},  // ld_out 1024: sectors
    // Bytes under 1024 columns in batches of short matrices (the launcher's warp stacks).
    {"e1_wide64_batched", expect::register_tile, 1, 64, 64, 512, 0, 0, 0, 0, 0},
    {"e1_rows96_batched", expect::register_tile, 1, 40, 96, 496, 0, 0, 0, 0, 0},
    {"e2_wide48_batched", expect::register_tile, 2, 8, 48, 520, 0, 0, 0, 0, 0},
    {"e2_tall40", expect::register_tile, 2, 1, 20000, 40, 0, 0, 0, 0, 0},
    {"e2_tall56_batched", expect::register_tile, 2, 4, 1008, 56, 0, 0, 0, 0, 0},
    {"e2_tall64_batched", expect::register_tile, 2, 2, 3008, 64, 0, 0, 0, 0, 0},
    {"e2_wide64_offset", expect::register_tile, 2, 1, 64, 4000, 0, 0, 0, 0, 32},
    // One 2-byte matrix of exactly 64 columns keeps the skinny kernel under 8 MiB (from there
    // the staged few-columns kernel, tests/gpu/test_staged_tall.cpp).
    {"e2_one_tall64", expect::skinny_tall, 2, 1, 60000, 64, 0, 0, 0, 0, 0},
    // 1 and 2 bytes, 65 to 167 / 150 rows not of whole vectors, packed output rows: the
    // skinny kernel (plan.hpp: short_misaligned_wide), or the staged one where the input rows
    // are 16-byte aligned (staged_few_rows; tests/gpu/test_staged_wide.cpp has the rest).
    // Partial last chunks, padded input rows and strides, pointers off 16 bytes, a packed
    // batch of matrices over 8 KiB; the staged kernel from 8 MiB a call (kStagedMinBytes).
    {"e1_rows65", expect::skinny_wide, 1, 1, 65, 5000, 0, 0, 0, 0, 0},
    {"e1_rows100_batched_ld_in", expect::skinny_wide, 1, 3, 100, 3001, 5, 0, 7, 11, 0},
    {"e1_rows127_offset", expect::skinny_wide, 1, 1, 127, 4099, 0, 0, 0, 0, 5},
    {"e1_rows167", expect::skinny_wide, 1, 1, 167, 1000, 0, 0, 0, 0, 0},
    {"e2_rows150", expect::skinny_wide, 2, 1, 150, 3000, 0, 0, 0, 0, 0},
    {"e2_rows150_staged", expect::staged_wide, 2, 1, 150, 28000, 0, 0, 0, 0, 0},  // 8.4 MB
    {"e2_rows100_offset", expect::skinny_wide, 2, 2, 100, 2049, 0, 0, 0, 0, 2},
    {"e2_packed_batch", expect::skinny_wide, 2, 64, 100, 256, 0, 0, 0, 0, 0},
    {"e2_packed_batch_staged", expect::staged_wide, 2, 192, 100, 256, 0, 0, 0, 0, 0},  // 9.8 MB
    // 16-byte aligned input rows, the output run of every matrix after the first off 16
    // bytes (so not the staged kernel): the few-rows kernel's loads four (bytes) and two
    // (2-byte) vectors a thread ahead, with partial last rounds of loads.
    {"e1_rows100_aligned_input", expect::skinny_wide, 1, 2, 100, 4096 + 48, 0, 0, 0, 1, 0},
    {"e2_rows150_aligned_input_batched", expect::skinny_wide, 2, 3, 150, 1000, 0, 0, 8, 1, 0},
    // fp32 partial tiles: edge vectors evict-first on whole sectors (80 rows, 3000 columns),
    // plain where output rows end mid-sector (68 rows) or input rows do (1000 x 100).
    {"e4_edges_whole_sectors", expect::edge_streams, 4, 1, 80, 3000, 0, 0, 0, 0, 0},
    {"e4_edges_rows68", expect::edge_plain, 4, 2, 68, 3000, 0, 0, 0, 0, 0},
    {"e4_edges_cols100", expect::edge_plain, 4, 1, 1000, 100, 0, 0, 0, 0, 0},
};

class NarrowEdges : public ::testing::TestWithParam<int> {};

TEST_P(NarrowEdges, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const narrow_case& k = narrow_cases[GetParam()];
  gpu_case c;
  c.elem_bytes = k.elem_bytes;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  c.stride_in_pad = k.stride_in_pad, c.stride_out_pad = k.stride_out_pad;
  c.in_offset = k.offset, c.out_offset = k.offset;
  c.seed = 0x4A220000u + static_cast<std::uint64_t>(GetParam());
  const detail::plan p = planned(c, 0);
  switch (k.path) {
    case expect::narrow_cols:
      ASSERT_EQ(p.path, detail::auto_path::vectorized_streaming) << c.describe();
      ASSERT_TRUE(detail::vectorized_narrow_cols(p)) << c.describe();
      ASSERT_EQ(p.order, detail::tile_order::rows) << c.describe();
      break;
    case expect::narrow_rows:
      ASSERT_EQ(p.path, detail::auto_path::vectorized_streaming) << c.describe();
      ASSERT_TRUE(detail::vectorized_narrow_rows(p)) << c.describe();
      break;
    case expect::padded8_rows:
      ASSERT_EQ(p.path, detail::auto_path::tiled_padded) << c.describe();
      ASSERT_TRUE(detail::padded8_narrow_cols(p)) << c.describe();
      ASSERT_EQ(p.order, detail::tile_order::rows) << c.describe();
      break;
    case expect::register_tile: ASSERT_EQ(p.path, detail::auto_path::register_tile) << c.describe(); break;
    case expect::skinny_tall: ASSERT_EQ(p.path, detail::auto_path::skinny_tall) << c.describe(); break;
    case expect::skinny_wide:
    case expect::staged_wide:
      ASSERT_EQ(p.path, k.path == expect::skinny_wide ? detail::auto_path::skinny_wide : detail::auto_path::staged_wide)
          << c.describe();
      ASSERT_GT(p.rows, detail::kMaxSkinny) << c.describe();
      break;
    case expect::edge_streams:
    case expect::edge_plain:
      ASSERT_EQ(p.path, detail::auto_path::vectorized_streaming) << c.describe();
      ASSERT_EQ(detail::stream_edge_vectors(p), k.path == expect::edge_streams) << c.describe();
      break;
  }
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, NarrowEdges,
                         ::testing::Range(0, static_cast<int>(sizeof(narrow_cases) / sizeof(narrow_cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(narrow_cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
