// Every strategy (and every tiled_padded configuration) x every element size x a shape
// list covering the edge cases, each compared element by element with the CPU reference.
#include "gpu_case.hpp"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

struct variant {
  strategy kernel;
  tile_config tile;
};

const std::vector<variant>& variants() {
  static const std::vector<variant> v = {
      {strategy::automatic, tile_config::tile32_block32x8},
      {strategy::naive, tile_config::tile32_block32x8},
      {strategy::naive_write_coalesced, tile_config::tile32_block32x8},
      {strategy::tiled, tile_config::tile32_block32x8},
      {strategy::tiled_padded, tile_config::tile32_block32x8},
      {strategy::tiled_padded, tile_config::tile32_block32x32},
      {strategy::tiled_padded, tile_config::tile16x16},
      {strategy::vectorized, tile_config::tile32_block32x8},
      {strategy::diagonal, tile_config::tile32_block32x8},
  };
  return v;
}

// A shape with its layout twists; name is used in the test name.
struct shape_case {
  const char* name;
  gpu_case base;
};

gpu_case shape(std::int64_t rows, std::int64_t cols) {
  gpu_case c;
  c.rows = rows;
  c.cols = cols;
  return c;
}

std::vector<shape_case> shapes() {
  std::vector<shape_case> s = {
      {"1x1", shape(1, 1)},
      {"1x1000", shape(1, 1000)},
      {"1000x1", shape(1000, 1)},
      {"64x64", shape(64, 64)},
      {"31x33", shape(31, 33)},
      {"127x129", shape(127, 129)},
      {"509x1021_primes", shape(509, 1021)},
      {"1024x768", shape(1024, 768)},
      {"33x4097", shape(33, 4097)},
      {"4097x33", shape(4097, 33)},
      {"2x16M", shape(2, std::int64_t{1} << 24)},
      {"16Mx2", shape(std::int64_t{1} << 24, 2)},
      {"0x5_empty", shape(0, 5)},
      {"5x0_empty", shape(5, 0)},
  };
  gpu_case ld = shape(300, 200);
  ld.ld_in_pad = 3;
  ld.ld_out_pad = 5;
  s.push_back({"300x200_ld", ld});
  gpu_case ld16 = shape(256, 256);
  ld16.ld_in_pad = 16;  // rows stay 16-byte aligned for every element size
  ld16.ld_out_pad = 32;
  s.push_back({"256x256_ld_aligned", ld16});
  gpu_case batched = shape(65, 130);
  batched.batch = 3;
  s.push_back({"batch3_65x130", batched});
  gpu_case strided = shape(40, 70);
  strided.batch = 4;
  strided.ld_in_pad = 2;
  strided.ld_out_pad = 1;
  strided.stride_in_pad = 7;
  strided.stride_out_pad = 11;
  s.push_back({"batch4_40x70_ld_stride", strided});
  gpu_case batch0 = shape(8, 8);
  batch0.batch = 0;
  batch0.batched_call = true;
  s.push_back({"batch0_empty", batch0});
  gpu_case offset = shape(200, 300);
  offset.in_offset = 1;  // scaled to one element below
  offset.out_offset = 1;
  s.push_back({"200x300_offset_one_element", offset});
  // Skinny paths of auto: batched, strided on the non-packed side, offset pointers.
  gpu_case wide_batch = shape(3, 1000);
  wide_batch.batch = 5;
  s.push_back({"batch5_3x1000_skinny", wide_batch});
  gpu_case tall_batch = shape(1001, 7);
  tall_batch.batch = 6;
  s.push_back({"batch6_1001x7_skinny", tall_batch});
  gpu_case wide_ld = shape(7, 3000);
  wide_ld.ld_in_pad = 5;
  s.push_back({"7x3000_ld_in_skinny", wide_ld});
  gpu_case tall_ld = shape(3000, 31);
  tall_ld.ld_out_pad = 9;
  s.push_back({"3000x31_ld_out_skinny", tall_ld});
  s.push_back({"64x9000_skinny", shape(64, 9000)});
  gpu_case tiny_batch = shape(32, 32);
  tiny_batch.batch = 300;
  s.push_back({"batch300_32x32", tiny_batch});
  gpu_case skinny_offset = shape(3, 999);
  skinny_offset.in_offset = 1;  // scaled to one element below
  skinny_offset.out_offset = 1;
  s.push_back({"3x999_offset_one_element", skinny_offset});
  gpu_case wide_pitch = shape(100, 300);  // 8-byte auto: diagonal order (both pitches >= 64 KiB)
  wide_pitch.ld_in_pad = 16400 - 300;
  wide_pitch.ld_out_pad = 8200 - 100;
  s.push_back({"100x300_wide_pitches", wide_pitch});
  s.push_back({"96x2048_register_tile_wide", shape(96, 2048)});  // widest register-tile warp shape
  gpu_case batch_offset = shape(5, 9);
  batch_offset.batch = 7;
  batch_offset.in_offset = 1;  // scaled to one element below: the small-batch kernel's scalar path
  batch_offset.out_offset = 1;
  s.push_back({"batch7_5x9_offset_one_element", batch_offset});
  gpu_case tall_odd = shape(5003, 13);  // output rows 5003 elements long: every row misaligned differently
  s.push_back({"5003x13_skinny_misaligned_rows", tall_odd});
  // Aligned rows (16-byte leading dimensions) but sides that are not multiples of 16:
  // the register tile's partial micro-tiles.
  gpu_case partial = shape(100, 200);
  partial.ld_in_pad = 8;
  partial.ld_out_pad = 12;
  s.push_back({"100x200_ld_aligned_partial", partial});
  // Packed, whole 16-byte vectors, and a partial last tile on both sides for every tile size
  // (16 past a multiple of 128 and 32): the vectorized tile's edge vectors.
  s.push_back({"144x400_aligned_partial_tiles", shape(144, 400)});
  gpu_case misaligned = shape(100, 150);
  misaligned.in_offset = 1;  // one byte: not a multiple of the element size
  misaligned.out_offset = 3;
  s.push_back({"100x150_offset_bytes", misaligned});
  return s;
}

// The register tile's warp-grid configurations, chosen by row pitch for wide 1- and
// 2-byte matrices: pitches at and above 8 KiB (bytes) and 16 KiB (2-byte elements), with
// partial block tiles on both sides and a batch.
TEST(RegisterTileWarpGrid, LongPitchesMatchCpuReference) {
  XPOSE_REQUIRE_GPU();
  for (const std::size_t e : {1, 2}) {
    for (const std::int64_t pitch_elems : {std::int64_t{8192}, std::int64_t{8208}}) {
      gpu_case c;
      c.elem_bytes = e;
      c.rows = 100;
      c.cols = 1100;
      c.batch = 2;
      c.batched_call = true;
      c.ld_in_pad = pitch_elems - c.cols;
      c.ld_out_pad = pitch_elems - c.rows;
      c.seed = 0x9A1D + e * 100 + static_cast<std::uint64_t>(pitch_elems);
      EXPECT_TRUE(run_case(c));
    }
  }
}

// Narrow 1- and 2-byte matrices in 16-byte rows: the register tile stacks its warps in 1,
// 2, 4 or 8 rows (by width for 2-byte elements, by grid size for bytes), and 2-byte
// matrices below 64 columns take 16 micro-rows per warp. Widths around each switch,
// partial micro-tiles (widths that are not multiples of 16 bytes), batches.
TEST(RegisterTileWarpGrid, NarrowMatricesMatchCpuReference) {
  XPOSE_REQUIRE_GPU();
  for (const std::size_t e : {1, 2}) {
    const auto per16 = static_cast<std::int64_t>(16 / e);
    for (const std::int64_t width_bytes : {100, 128, 200, 256, 300, 512, 600, 1000}) {
      gpu_case c;
      c.elem_bytes = e;
      c.rows = 300;
      c.cols = width_bytes / static_cast<std::int64_t>(e);
      c.batch = 2;
      c.batched_call = true;
      c.ld_in_pad = (per16 - c.cols % per16) % per16;  // rows stay 16-byte aligned
      c.ld_out_pad = (per16 - c.rows % per16) % per16;
      c.seed = 0x4A11 + e * 10000 + static_cast<std::uint64_t>(width_bytes);
      EXPECT_TRUE(run_case(c)) << width_bytes << "-byte rows";
    }
  }
  // Bytes: the warp stack follows the grid size (at least 128 blocks): batches of 32, 16
  // and 8 matrices of 2000 x 120 take 8, 4 and 2 rows of warps.
  for (const std::int64_t batch : {32, 16, 8}) {
    gpu_case c;
    c.elem_bytes = 1;
    c.rows = 2000;
    c.cols = 120;
    c.batch = batch;
    c.batched_call = true;
    c.ld_in_pad = 8;
    c.seed = 0x57AC + static_cast<std::uint64_t>(batch);
    EXPECT_TRUE(run_case(c)) << "batch " << batch;
  }
}

using param = std::tuple<std::size_t, int, int>;  // element bytes, variant index, shape index

class TransposeCases : public ::testing::TestWithParam<param> {};

TEST_P(TransposeCases, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [elem, v, sh] = GetParam();
  gpu_case c = shapes()[static_cast<std::size_t>(sh)].base;
  c.elem_bytes = elem;
  c.kernel = variants()[static_cast<std::size_t>(v)].kernel;
  c.tile = variants()[static_cast<std::size_t>(v)].tile;
  const std::string name = shapes()[static_cast<std::size_t>(sh)].name;
  if (name == "200x300_offset_one_element" || name == "3x999_offset_one_element" ||
      name == "batch7_5x9_offset_one_element") {
    c.in_offset = elem;
    c.out_offset = elem;
  }
  c.seed = 0x5EED0000u + static_cast<std::uint64_t>(elem * 1000 + v * 100 + sh);
  EXPECT_TRUE(run_case(c));
}

std::string param_name(const ::testing::TestParamInfo<param>& info) {
  const auto [elem, v, sh] = info.param;
  const variant& var = variants()[static_cast<std::size_t>(v)];
  std::string name = std::string(to_string(var.kernel));
  if (var.kernel == strategy::tiled_padded) {
    name += var.tile == tile_config::tile16x16 ? "_16x16" : var.tile == tile_config::tile32_block32x32 ? "_32x32x32" : "_32x32x8";
  }
  return name + "_e" + std::to_string(elem) + "_" + shapes()[static_cast<std::size_t>(sh)].name;
}

INSTANTIATE_TEST_SUITE_P(AllPaths, TransposeCases,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4, 8, 16),
                                            ::testing::Range(0, static_cast<int>(variants().size())),
                                            ::testing::Range(0, static_cast<int>(shapes().size()))),
                         param_name);

}  // namespace
}  // namespace xpose::testing
