// Whole 256-byte L2 fetches (kernels/global_load.cuh): the fp32 vectorized tile, the 8-byte
// padded tile and the 16-byte split and sector tiles load their interior input rows with
// ld.global.L2::256B when the rows do not all start on 256-byte boundaries (a pitch off a
// multiple of 256 bytes, a matrix stride off it, or an input pointer off it), and with their
// own loads otherwise. The 1-/2-byte register tile takes the evict-first form with its long
// store runs (16 micro-rows a warp) for output rows off 32-byte sectors, from 128 columns, and
// for input rows off 256 bytes in rows of 1024 bytes and more. Each case first checks,
// on the CPU, the path and the load form it is meant to reach, then runs on the GPU against
// the CPU reference with the output poisoned and guarded; edge tiles in both directions,
// batches, leading dimensions and offsets.
#include "gpu_case.hpp"
#include "planned_path.hpp"

#include "core/plan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace xpose::testing {
namespace {

struct fetch_case {
  const char* name;
  detail::auto_path path;
  detail::in_load load;
  std::size_t elem;
  std::int64_t batch, rows, cols, ld_in_pad, ld_out_pad, stride_in_pad;
  std::size_t in_offset;
  std::size_t out_offset = 0;
  std::int64_t stride_out_pad = -1;  ///< -1: 32 bytes for a batch (sector-aligned matrices)
};

constexpr auto fetch = detail::in_load::fetch_256;
constexpr auto hinted = detail::in_load::hinted;
constexpr auto vec4 = detail::auto_path::vectorized_streaming;
constexpr auto padded8 = detail::auto_path::tiled_padded;
constexpr auto split16 = detail::auto_path::split_tile;
constexpr auto sector16 = detail::auto_path::sector_tile;
constexpr auto first = detail::in_load::fetch_256_first;
constexpr auto regs = detail::auto_path::register_tile;

const fetch_case cases[] = {
    // fp32: 2000-, 2016- and 4400-byte pitches; a 16-byte pointer offset; a matrix stride off
    // 256 bytes with 256-byte pitches; 256-byte pitches on both sides.
    {"e4_pitch_2000", vec4, fetch, 4, 1, 300, 500, 0, 0, 0, 0},
    {"e4_ld_in_2016_batched", vec4, fetch, 4, 3, 200, 500, 4, 8, 16, 0},
    {"e4_large_pitch_4400", vec4, fetch, 4, 1, 1028, 1100, 0, 0, 0, 0},
    {"e4_pointer_off_256", vec4, fetch, 4, 1, 256, 512, 0, 0, 0, 16},
    {"e4_stride_off_256", vec4, fetch, 4, 2, 130, 128, 0, 2, 4, 0},
    {"e4_aligned", vec4, hinted, 4, 2, 192, 320, 0, 4, 0, 0},
    // 8 bytes: 2000- and 2016-byte pitches, an offset pointer, aligned pitches.
    {"e8_pitch_2000", padded8, fetch, 8, 1, 300, 250, 0, 0, 0, 0},
    {"e8_ld_in_batched", padded8, fetch, 8, 2, 100, 250, 2, 6, 32, 0},
    {"e8_pointer_off_256", padded8, fetch, 8, 1, 160, 256, 0, 0, 0, 128},
    {"e8_aligned", padded8, hinted, 8, 1, 96, 288, 0, 0, 0, 0},
    // 16 bytes: 2080- and 2096-byte pitches, an offset pointer, aligned pitches.
    {"e16_pitch_2080", split16, fetch, 16, 1, 200, 130, 0, 0, 0, 0},
    {"e16_ld_in_batched", split16, fetch, 16, 2, 70, 130, 1, 2, 16, 0},
    {"e16_pointer_off_256", split16, fetch, 16, 1, 80, 96, 0, 0, 0, 32},
    {"e16_aligned", split16, hinted, 16, 1, 80, 144, 0, 0, 0, 0},
    // 16 bytes, output rows off 32-byte sectors (the sector tile): a 16016-byte input pitch, a
    // batch with ld_in padded, an offset pointer; 16384-byte input pitches.
    {"e16_sector_pitch_16016", sector16, fetch, 16, 1, 333, 1001, 0, 0, 0, 0},
    {"e16_sector_ld_in_batched", sector16, fetch, 16, 2, 97, 260, 1, 0, 16, 0},
    {"e16_sector_pointer_off_256", sector16, fetch, 16, 1, 129, 128, 0, 0, 0, 64},
    {"e16_sector_aligned_input", sector16, hinted, 16, 1, 333, 1024, 0, 0, 0, 0},
    // The register tile. Output rows off sectors take the long store runs from 128 columns
    // (tiles of 512 x 128 bytes, 256 x 128 2-byte elements): 1040- and 1200-byte output
    // pitches, a batch whose output matrices lie 16 bytes off sectors, an output pointer 16
    // bytes off, narrow matrices (400 and 264 columns); below 128 columns, 4 micro-rows a warp
    // and their own loads.
    {"e1_long_runs_pitch_1040", regs, first, 1, 1, 1040, 1040, 0, 0, 0, 0},
    {"e1_long_runs_batched_stride_off", regs, first, 1, 3, 1024, 1040, 16, 0, 48, 0, 0, 16},
    {"e1_long_runs_out_pointer_off", regs, first, 1, 1, 1024, 1024, 0, 0, 0, 0, 16},
    {"e1_long_runs_narrow", regs, first, 1, 1, 1040, 400, 0, 0, 0, 0},
    {"e2_long_runs_pitch_1040", regs, first, 2, 1, 520, 520, 0, 0, 0, 0},
    {"e2_long_runs_batched", regs, first, 2, 2, 600, 600, 8, 0, 16, 0},
    {"e2_long_runs_narrow", regs, first, 2, 1, 520, 264, 0, 0, 0, 0},
    {"e1_out_off_under_128_columns", regs, hinted, 1, 1, 1040, 112, 0, 0, 0, 0},
    // Input rows only off 256 bytes: rows of 1024 bytes and more (1040- and 2064-byte pitches,
    // an input pointer 16 bytes off) take the fetches on 4 micro-rows a warp; narrower rows
    // (1008 bytes) and aligned controls keep the kernel's loads.
    {"e1_in_pitch_1040", regs, first, 1, 1, 1024, 1040, 0, 0, 0, 0},
    {"e1_in_pointer_off", regs, first, 1, 1, 512, 1024, 0, 0, 0, 16},
    {"e2_in_pitch_2064", regs, first, 2, 1, 512, 1032, 0, 0, 0, 0},
    {"e1_in_off_narrow", regs, hinted, 1, 1, 1024, 1008, 0, 0, 0, 0},
    {"e1_aligned", regs, hinted, 1, 2, 1024, 1024, 0, 0, 0, 0},
    {"e2_aligned", regs, hinted, 2, 1, 512, 640, 0, 0, 0, 0},
};

class InputFetch : public ::testing::TestWithParam<int> {};

TEST_P(InputFetch, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const fetch_case& k = cases[GetParam()];
  gpu_case c;
  c.elem_bytes = k.elem;
  c.batch = k.batch, c.rows = k.rows, c.cols = k.cols;
  c.ld_in_pad = k.ld_in_pad, c.ld_out_pad = k.ld_out_pad;
  c.stride_in_pad = k.stride_in_pad;
  // Output matrices 32 bytes apart beyond the packed stride unless the case says otherwise.
  c.stride_out_pad = k.stride_out_pad >= 0 ? k.stride_out_pad : k.batch > 1 ? static_cast<std::int64_t>(32 / k.elem) : 0;
  c.in_offset = k.in_offset;
  c.out_offset = k.out_offset;
  c.seed = 0xFE7C2560u + static_cast<std::uint64_t>(GetParam());
  const detail::plan p = planned(c, 0);
  ASSERT_EQ(p.path, k.path) << c.describe();
  ASSERT_EQ(p.input_load, k.load) << c.describe();
  EXPECT_TRUE(run_case(c));
}

INSTANTIATE_TEST_SUITE_P(Layouts, InputFetch, ::testing::Range(0, static_cast<int>(sizeof(cases) / sizeof(cases[0]))),
                         [](const ::testing::TestParamInfo<int>& info) { return std::string(cases[info.param].name); });

}  // namespace
}  // namespace xpose::testing
