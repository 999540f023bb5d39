// Planning: the alignment flags that select the 16-byte paths and the resolution of auto.
#include "core/plan.hpp"
#include "core/validate.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace {

using xpose::strategy;
using xpose::detail::finalize;
using xpose::detail::request;
using xpose::detail::validate;

request base(std::uintptr_t in, std::uintptr_t out, std::size_t elem, std::int64_t cols) {
  request r;
  r.in = reinterpret_cast<const void*>(in);
  r.out = reinterpret_cast<void*>(out);
  r.rows = 64;
  r.cols = cols;
  r.elem_bytes = elem;
  return r;
}

using xpose::detail::auto_path;

request shaped(std::int64_t rows, std::int64_t cols, std::size_t elem) {
  request r = base(0x100000, 0x100000000000, elem, cols);  // far apart: no overlap up to 16 TiB
  r.rows = rows;
  return r;
}

request batch_of(std::int64_t batch, std::int64_t rows, std::int64_t cols, std::size_t elem) {
  request r = shaped(rows, cols, elem);
  r.batch = batch;
  return r;
}

TEST(Plan, AutoAlwaysGetsAPath) {
  for (std::size_t e : {1, 2, 4, 8, 16}) {
    const auto p = finalize(validate(base(0x100000, 0x900000, e, 64)));
    EXPECT_EQ(p.kernel, strategy::automatic) << e;
    EXPECT_NE(p.path, auto_path::none) << e;
  }
}

TEST(Plan, ExplicitStrategyIsKept) {
  auto r = base(0x100000, 0x900000, 4, 64);
  r.kernel = strategy::diagonal;
  const auto p = finalize(validate(r));
  EXPECT_EQ(p.kernel, strategy::diagonal);
  EXPECT_EQ(p.path, auto_path::none);
}

TEST(Plan, TileOrderIsColumnsForAutoFromFourMiB) {
  using xpose::detail::kColumnOrderMinBytes;
  using xpose::detail::tile_order;
  EXPECT_EQ(finalize(validate(shaped(1024, 1024, 4))).order, tile_order::columns);  // exactly 4 MiB
  EXPECT_EQ(finalize(validate(shaped(1024, 1023, 4))).order, tile_order::rows);
  EXPECT_EQ(finalize(validate(batch_of(4, 512, 512, 4))).order, tile_order::columns);
  static_assert(kColumnOrderMinBytes == 1024 * 1024 * 4, "the cases above sit on the threshold");
  auto named = shaped(8192, 8192, 4);
  named.kernel = strategy::tiled_padded;  // the ladder keeps the seeds' order
  EXPECT_EQ(finalize(validate(named)).order, tile_order::rows);
}

// A five-stack Hopper (H100: 5120-bit bus) keeps row order longer for the aligned 4-, 8- and
// 16-byte tiles: below 256 MiB (4 bytes) or 512 MiB (8, 16 bytes); other paths, other
// devices and an unknown device (0) switch at kColumnOrderMinBytes.
TEST(Plan, FiveStackDevicesKeepRowOrderLongerForAlignedTiles) {
  using xpose::detail::auto_path;
  using xpose::detail::kFiveStackBusBits;
  using xpose::detail::tile_order;
  auto order_on = [](request r, int bus_bits) {
    xpose::detail::plan p = validate(r);
    p.memory_bus_bits = bus_bits;
    return finalize(p);
  };
  struct row_case {
    std::int64_t rows, cols;
    std::size_t elem;
    auto_path path;
    tile_order h100, h200;
  };
  const row_case cases[] = {
      {4096, 4096, 4, auto_path::vectorized_streaming, tile_order::rows, tile_order::columns},      // 64 MiB
      {8192, 8188, 4, auto_path::vectorized_streaming, tile_order::rows, tile_order::columns},      // under 256 MiB
      {8192, 8192, 4, auto_path::vectorized_streaming, tile_order::columns, tile_order::columns},   // 256 MiB
      {4096, 4096, 8, auto_path::tiled_padded, tile_order::rows, tile_order::columns},              // 128 MiB
      {8192, 8184, 8, auto_path::tiled_padded, tile_order::rows, tile_order::columns},              // under 512 MiB
      {8192, 8192, 8, auto_path::tiled_padded, tile_order::columns, tile_order::columns},           // 512 MiB
      {4096, 4096, 16, auto_path::split_tile, tile_order::rows, tile_order::columns},               // 256 MiB
      {4096, 8192, 16, auto_path::split_tile, tile_order::columns, tile_order::columns},            // 512 MiB
      {8192, 8192, 1, auto_path::register_tile, tile_order::columns, tile_order::columns},          // not an aligned 4-16 B tile
      {4095, 4097, 4, auto_path::element_tile, tile_order::columns, tile_order::columns},
      {1024, 1020, 4, auto_path::vectorized_streaming, tile_order::rows, tile_order::rows},         // under 4 MiB
  };
  for (const row_case& k : cases) {
    const request r = shaped(k.rows, k.cols, k.elem);
    const auto on_h100 = order_on(r, kFiveStackBusBits), on_h200 = order_on(r, 6016), unknown = order_on(r, 0);
    EXPECT_EQ(on_h100.path, k.path) << k.rows << " x " << k.cols << " x " << k.elem;
    EXPECT_EQ(on_h100.order, k.h100) << k.rows << " x " << k.cols << " x " << k.elem;
    EXPECT_EQ(on_h200.order, k.h200) << k.rows << " x " << k.cols << " x " << k.elem;
    EXPECT_EQ(unknown.order, k.h200) << k.rows << " x " << k.cols << " x " << k.elem;
  }
  auto named = shaped(8192, 8192, 4);
  named.kernel = strategy::vectorized;  // the ladder keeps the seeds' order everywhere
  EXPECT_EQ(order_on(named, kFiveStackBusBits).order, tile_order::rows);
}

TEST(Plan, AutoRuleByShapeAndElementSize) {
  EXPECT_EQ(finalize(validate(shaped(2, 1 << 24, 4))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(1 << 24, 2, 4))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(31, 100000, 1))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(100000, 31, 1))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(33, 100000, 1))).path, auto_path::skinny_wide);  // beyond the interleave kernels
  EXPECT_EQ(finalize(validate(shaped(33, 1000000, 1))).path, auto_path::staged_wide);  // from 8 MiB
  EXPECT_EQ(finalize(validate(shaped(33, 1000001, 1))).path, auto_path::staged_wide);  // input rows misaligned: shifted
  EXPECT_EQ(finalize(validate(shaped(33, 200001, 1))).path, auto_path::skinny_wide);   // under 8 MiB
  EXPECT_EQ(finalize(validate(shaped(100000, 33, 2))).path, auto_path::skinny_tall);
  EXPECT_EQ(finalize(validate(shaped(32, 32, 4))).path, auto_path::skinny_wide);
  EXPECT_EQ(finalize(validate(shaped(5000, 64, 4))).path, auto_path::vectorized_streaming);  // fills the tile
  EXPECT_EQ(finalize(validate(shaped(5000, 64, 2))).path, auto_path::skinny_tall);
  EXPECT_EQ(finalize(validate(shaped(2, 1 << 24, 1))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(1 << 24, 2, 2))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 1))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 4))).path, auto_path::vectorized_streaming);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 8))).path, auto_path::tiled_padded);
  // 8 bytes on aligned rows: the padded tile whatever the pitches (sweep 33).
  EXPECT_EQ(finalize(validate(shaped(32768, 8192, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(16384, 16384, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(16384, 32768, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(20000, 20000, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(16384, 16384, 4))).path, auto_path::vectorized_streaming);
  EXPECT_EQ(finalize(validate(shaped(16384, 1024, 8))).path, auto_path::tiled_padded);  // 8 KiB input pitch
  EXPECT_EQ(finalize(validate(shaped(8192, 8192, 8))).path, auto_path::tiled_padded);   // 64 KiB both
  EXPECT_EQ(finalize(validate(shaped(16384, 16384, 16))).path, auto_path::split_tile);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 16))).path, auto_path::split_tile);
  // Output rows that are not 16-byte aligned: 4 and 8 bytes take the element tile whatever
  // the size (one packed matrix of up to 65535 column tiles its own kernel, batched, strided
  // or wider layouts the strided one); 16-byte elements whose output rows are off 32-byte
  // sectors the sector tile. 1 and 2 bytes on rows not all aligned (either side) take the
  // residue tile, any size and layout, from residue_min_rows rows; with fewer the realigned
  // tile from 12 / 16 MiB per call, the unaligned (wide padded) tile below, when the output
  // rows are padded (packed ones: the skinny kernel).
  for (std::size_t e : {1, 2}) {
    for (const auto& [r, c] : {std::pair<std::int64_t, std::int64_t>{4095, 4097}, {4097, 4096}, {4096, 4097},
                               {2049, 2047}, {1001, 1003}, {3549, 3547}, {16383, 16385}, {330, 30001}}) {
      EXPECT_EQ(finalize(validate(shaped(r, c, e))).path, auto_path::residue_tile) << r << " x " << c << ", " << e;
    }
    const std::int64_t min_rows = xpose::detail::residue_min_rows(e);
    EXPECT_EQ(finalize(validate(shaped(min_rows, 5001, e))).path, auto_path::residue_tile) << e;
    // Fewer rows, packed output rows: the skinny kernel (short_misaligned_wide); padded ones
    // the unaligned tile below 12 / 16 MiB per call, the realigned tile from there.
    EXPECT_EQ(finalize(validate(shaped(min_rows - 1, 5001, e))).path,
              e == 1 ? auto_path::skinny_wide : auto_path::unaligned_tile) << e;
    EXPECT_EQ(finalize(validate(shaped(101, 5001, e))).path, auto_path::skinny_wide) << e;
    auto padded_small = shaped(min_rows - 1, 5001, e);
    padded_small.ld_out = min_rows + 1;
    EXPECT_EQ(finalize(validate(padded_small)).path, auto_path::unaligned_tile) << e;  // < 2 MB
    auto padded_large = shaped(100, 135001, e);
    padded_large.ld_out = 102;
    EXPECT_EQ(finalize(validate(padded_large)).path, auto_path::realigned_tile) << e;  // 13.5 / 27 MB
    EXPECT_EQ(finalize(validate(batch_of(16, 1001, 1003, e))).path, auto_path::residue_tile) << e;
    auto ld = shaped(4096, 4096, e);
    ld.ld_out = 4097;
    EXPECT_EQ(finalize(validate(ld)).path, auto_path::residue_tile) << e;
    auto off = shaped(4096, 4096, e);  // aligned shape, input pointer one element off
    off.in = static_cast<const char*>(off.in) + e;
    EXPECT_EQ(finalize(validate(off)).path, auto_path::residue_tile) << e;
    EXPECT_EQ(finalize(validate(shaped(4096, 4096, e))).path, auto_path::register_tile) << e;  // aligned: unchanged
    EXPECT_EQ(finalize(validate(shaped(64, 60001, e))).path, auto_path::skinny_wide) << e;     // skinny first
  }
  auto odd_pointer = shaped(4095, 4097, 2);  // 2-byte elements on an odd address: byte-wise elements
  odd_pointer.in = static_cast<const char*>(odd_pointer.in) + 1;
  EXPECT_EQ(finalize(validate(odd_pointer)).path, auto_path::unaligned_tile);
  for (std::size_t e : {4, 8}) {
    EXPECT_EQ(finalize(validate(shaped(4095, 4097, e))).path, auto_path::element_tile) << e;
    EXPECT_EQ(finalize(validate(shaped(4097, 4096, e))).path, auto_path::element_tile) << e;  // output rows only
    EXPECT_EQ(finalize(validate(shaped(4096, 4097, e))).path,  // input rows only
              e == 4 ? auto_path::unaligned_tile : auto_path::element_tile)
        << e;
    EXPECT_EQ(finalize(validate(shaped(2049, 2047, e))).path, auto_path::element_tile) << e;  // 17 / 34 MB
    EXPECT_EQ(finalize(validate(shaped(16383, 16385, e))).path, auto_path::element_tile) << e;  // 1 / 2 GiB
    auto out_off = shaped(4096, 4096, e);  // aligned shape, output pointer one element off 16 bytes
    out_off.out = static_cast<char*>(out_off.out) + e;
    EXPECT_EQ(finalize(validate(out_off)).path, auto_path::element_tile) << e;
    // Batched or strided: the strided kernel, any size.
    EXPECT_EQ(finalize(validate(batch_of(4, 2049, 2047, e))).path, auto_path::element_tile_strided) << e;
    EXPECT_EQ(finalize(validate(batch_of(100, 401, 400, e))).path, auto_path::element_tile_strided) << e;
    EXPECT_EQ(finalize(validate(batch_of(70000, 65, 67, e))).path, auto_path::element_tile_strided) << e;  // > 65535 matrices
    auto strided = shaped(2897, 2895, e);
    strided.ld_out = 2897 + 16 / static_cast<std::int64_t>(e);  // 16 bytes of padding: the rows keep their misalignment
    EXPECT_EQ(finalize(validate(strided)).path, auto_path::element_tile_strided) << e;
    auto rows_only = shaped(2049, 2048, e);  // output rows only, 16 / 32 MiB
    rows_only.ld_in = 2048 + 16 / static_cast<std::int64_t>(e);
    EXPECT_EQ(finalize(validate(rows_only)).path, auto_path::element_tile_strided) << e;
    // The grid's y dimension: 65535 column tiles of 32.
    EXPECT_EQ(finalize(validate(shaped(65, 65535 * 32, e))).path, auto_path::element_tile) << e;
    EXPECT_EQ(finalize(validate(batch_of(2, 65, 65535 * 32, e))).path,
              e == 4 ? auto_path::realigned_tile : auto_path::element_tile_strided)
        << e;  // 1 / 2 GiB, input rows aligned
  }
  EXPECT_EQ(finalize(validate(shaped(65, 65535 * 32 + 1, 4))).path, auto_path::element_tile_strided);  // column slices
  // Batched or strided 4 bytes with aligned input rows: the realigned tile from 128 MiB.
  auto aligned_in = shaped(8192, 8192, 4);
  aligned_in.ld_out = 8193;
  EXPECT_EQ(finalize(validate(aligned_in)).path, auto_path::realigned_tile);  // 256 MiB
  aligned_in.rows = 4096, aligned_in.cols = 4096, aligned_in.ld_out = 4097;
  EXPECT_EQ(finalize(validate(aligned_in)).path, auto_path::element_tile_strided);  // 64 MiB
  EXPECT_EQ(finalize(validate(batch_of(8, 301, 14000, 4))).path, auto_path::realigned_tile);  // 128.6 MiB
  EXPECT_EQ(finalize(validate(batch_of(8, 301, 14000, 8))).path, auto_path::element_tile_strided);
  EXPECT_EQ(finalize(validate(batch_of(100, 401, 400, 16))).path, auto_path::sector_tile);
  EXPECT_EQ(finalize(validate(shaped(4095, 4097, 16))).path, auto_path::sector_tile);
  EXPECT_EQ(finalize(validate(shaped(4096, 4097, 16))).path, auto_path::split_tile);  // output rows aligned
}

TEST(Plan, ElementMisalignedPointersTakeTheUnalignedTile) {
  auto r = shaped(4096, 4096, 4);
  r.in = reinterpret_cast<const void*>(0x100001);
  EXPECT_EQ(finalize(validate(r)).path, auto_path::unaligned_tile);
}

TEST(Plan, HugeLeadingDimensionOfAOneRowMatrixIsNotMultipliedOut) {
  // Found by the fuzzer: with one row the leading dimension is never used, so validation
  // accepts any value; planning must not overflow computing a pitch from it.
  auto r = shaped(1, 1000, 8);
  r.ld_in = INT64_MAX / 4;
  const auto p = finalize(validate(r));
  EXPECT_NE(p.path, auto_path::none);
}


TEST(Plan, PackedBatchesOfSmallMatrices) {
  // Sides of whole 16-byte vectors, 1 to 4 bytes: micro-tiles; 8 and 16 bytes: runs.
  for (std::size_t e : {1, 2, 4}) EXPECT_EQ(finalize(validate(batch_of(4096, 32, 32, e))).path, auto_path::batch_micro_tile) << e;
  EXPECT_EQ(finalize(validate(batch_of(4096, 32, 32, 8))).path, auto_path::small_batch);
  EXPECT_EQ(finalize(validate(batch_of(4096, 16, 16, 16))).path, auto_path::small_batch);
  EXPECT_EQ(finalize(validate(batch_of(4096, 16, 48, 1))).path, auto_path::batch_micro_tile);
  EXPECT_EQ(finalize(validate(batch_of(4096, 16, 40, 1))).path, auto_path::small_batch);  // 40 bytes: not whole vectors
  EXPECT_EQ(finalize(validate(batch_of(4096, 10, 16, 4))).path, auto_path::small_batch);  // 10 rows: not a multiple of 4
  auto offset = batch_of(4096, 32, 32, 4);
  offset.out = reinterpret_cast<void*>(0x100000000000 + 4);  // element-aligned, not 16-byte aligned
  EXPECT_EQ(finalize(validate(offset)).path, auto_path::small_batch);
  auto r = batch_of(4096, 32, 32, 4);
  r.stride_in = 32 * 32 + 1;  // not packed: each matrix on its own
  EXPECT_NE(finalize(validate(r)).path, auto_path::small_batch);
  EXPECT_NE(finalize(validate(r)).path, auto_path::batch_micro_tile);
  auto big = batch_of(100, 64, 64, 4);  // 16 KiB per matrix: too large to group
  EXPECT_NE(finalize(validate(big)).path, auto_path::small_batch);
  EXPECT_NE(finalize(validate(big)).path, auto_path::batch_micro_tile);
}

TEST(Plan, PackedBatchesOfFewRowsOfWholeEightBytePieces) {
  for (std::size_t e : {1, 2, 4, 8}) EXPECT_EQ(finalize(validate(batch_of(1024, 3, 1000, e))).path, auto_path::batch_interleave) << e;
  EXPECT_EQ(finalize(validate(batch_of(16, 3, 1 << 20, 4))).path, auto_path::batch_interleave);  // any matrix size
  EXPECT_EQ(finalize(validate(batch_of(1024, 2, 1000, 1))).path, auto_path::batch_interleave);
  EXPECT_EQ(finalize(validate(batch_of(1024, 4, 1000, 1))).path, auto_path::small_batch);        // 4 rows
  EXPECT_EQ(finalize(validate(batch_of(1024, 3, 1001, 1))).path, auto_path::small_batch);       // 1001 bytes a row
  EXPECT_EQ(finalize(validate(batch_of(1024, 3, 1001, 8))).path, auto_path::batch_interleave);  // 8-byte elements: any length
  EXPECT_NE(finalize(validate(batch_of(1024, 3, 1000, 16))).path, auto_path::batch_interleave);
  EXPECT_NE(finalize(validate(batch_of(1, 3, 1000, 1))).path, auto_path::batch_interleave);     // one matrix
  // One matrix of 8-byte elements (the interleave kernels take 1, 2 and 4 bytes only).
  EXPECT_EQ(finalize(validate(batch_of(1, 2, 1 << 24, 8))).path, auto_path::batch_interleave);
  EXPECT_EQ(finalize(validate(batch_of(1, 3, 1001, 8))).path, auto_path::batch_interleave);
  EXPECT_NE(finalize(validate(batch_of(1, 4, 1001, 8))).path, auto_path::batch_interleave);     // 4 rows
  EXPECT_NE(finalize(validate(batch_of(1, 2, 1 << 24, 4))).path, auto_path::batch_interleave);  // interleave kernel
  auto strided = batch_of(1, 3, 1000, 8);
  strided.ld_out = 4;  // output rows padded
  EXPECT_NE(finalize(validate(strided)).path, auto_path::batch_interleave);
  EXPECT_NE(finalize(validate(batch_of(1024, 3, 3, 1))).path, auto_path::batch_interleave);     // not wide
  auto offset = batch_of(1024, 3, 1000, 4);
  offset.in = reinterpret_cast<const void*>(0x100000 + 4);  // 4-byte aligned only
  EXPECT_NE(finalize(validate(offset)).path, auto_path::batch_interleave);
  auto padded = batch_of(1024, 3, 1000, 4);
  padded.stride_out = 3 * 1000 + 2;  // output matrices not packed
  EXPECT_NE(finalize(validate(padded)).path, auto_path::batch_interleave);
}

TEST(Plan, InterleaveNeedsAnAlignedPackedSideAndALongSideOfSeveralBlocks) {
  // 3 rows of bytes: 4096 columns per block, so 4 blocks need 16384 columns.
  EXPECT_EQ(finalize(validate(shaped(3, 16384, 1))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(3, 16383, 1))).path, auto_path::skinny_wide);
  // 31 rows of 2-byte elements: 512 columns per block.
  EXPECT_EQ(finalize(validate(shaped(31, 2048, 2))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(31, 2047, 2))).path, auto_path::skinny_wide);
  auto out_off = shaped(7, 100000, 1);
  out_off.out = reinterpret_cast<void*>(0x900008);  // packed side 8-byte aligned only
  EXPECT_EQ(finalize(validate(out_off)).path, auto_path::skinny_wide);
  auto in_off = shaped(7, 100000, 1);
  in_off.in = reinterpret_cast<const void*>(0x100003);  // the strided side may start anywhere
  EXPECT_EQ(finalize(validate(in_off)).path, auto_path::interleave_wide);
  auto tall_off = shaped(100000, 7, 2);
  tall_off.in = reinterpret_cast<const void*>(0x100004);
  EXPECT_EQ(finalize(validate(tall_off)).path, auto_path::skinny_tall);
  // Tall, the strided output rows must be element-aligned (their chunks split at elements).
  auto tall_out = shaped(100000, 31, 2);
  tall_out.out = reinterpret_cast<void*>(0x100000000001);
  EXPECT_EQ(finalize(validate(tall_out)).path, auto_path::skinny_tall);
  tall_out.out = reinterpret_cast<void*>(0x100000000002);
  EXPECT_EQ(finalize(validate(tall_out)).path, auto_path::interleave_tall);
  tall_out.elem_bytes = 1;
  tall_out.out = reinterpret_cast<void*>(0x100000000001);
  EXPECT_EQ(finalize(validate(tall_out)).path, auto_path::interleave_tall);
  auto batch = shaped(100000, 7, 1);
  batch.batch = 3;
  batch.stride_in = 100000 * 7 + 4;  // matrices not 16-byte aligned on the packed side
  EXPECT_EQ(finalize(validate(batch)).path, auto_path::skinny_tall);
  batch.stride_in = 100000 * 7 + 16;
  EXPECT_EQ(finalize(validate(batch)).path, auto_path::interleave_tall);
  // 4-byte elements: interleaved up to 32 rows or columns; 8 bytes never.
  EXPECT_EQ(finalize(validate(shaped(31, 100000, 4))).path, auto_path::interleave_wide);
  EXPECT_EQ(finalize(validate(shaped(100000, 8, 4))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(100000, 31, 4))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(100000, 33, 4))).path, auto_path::skinny_tall);
  EXPECT_EQ(finalize(validate(shaped(7, 100000, 8))).path, auto_path::skinny_wide);
}

TEST(Plan, SkinnyNeedsThePackedSide) {
  auto r = shaped(3, 5000, 4);
  r.ld_out = 8;  // output rows padded: the chunk is no longer one contiguous run
  EXPECT_NE(finalize(validate(r)).path, auto_path::skinny_wide);
  auto t = shaped(5000, 3, 4);
  t.ld_in = 4;
  EXPECT_NE(finalize(validate(t)).path, auto_path::skinny_tall);
}

TEST(Plan, AlignedPackedRowsTakeVectorPaths) {
  const auto p = finalize(validate(base(0x100000, 0x900000, 4, 64)));
  EXPECT_TRUE(p.elem_aligned);
  EXPECT_TRUE(p.vec_in);
  EXPECT_TRUE(p.vec_out);
}

TEST(Plan, OddRowLengthDisablesVectorInput) {
  // 63 floats per input row: row starts drift off 16-byte alignment.
  const auto p = finalize(validate(base(0x100000, 0x900000, 4, 63)));
  EXPECT_FALSE(p.vec_in);
  EXPECT_TRUE(p.vec_out);  // output rows hold 64 elements
}

TEST(Plan, OneElementOffsetKeepsElementAlignmentOnly) {
  const auto p = finalize(validate(base(0x100004, 0x900000, 4, 64)));
  EXPECT_TRUE(p.elem_aligned);
  EXPECT_FALSE(p.vec_in);
}

TEST(Plan, ByteOffsetFallsBackToUnalignedElements) {
  const auto p = finalize(validate(base(0x100001, 0x900000, 8, 64)));
  EXPECT_FALSE(p.elem_aligned);
  EXPECT_FALSE(p.vec_in);
  EXPECT_FALSE(p.vec_out);
}

TEST(Plan, BatchStrideMustKeepAlignment) {
  auto r = base(0x100000, 0x900000, 4, 64);
  r.batch = 2;
  r.stride_in = 64 * 64 + 1;  // second matrix starts 4 bytes off
  EXPECT_FALSE(finalize(validate(r)).vec_in);
  r.stride_in = 64 * 64 + 4;
  EXPECT_TRUE(finalize(validate(r)).vec_in);
}

TEST(Plan, InputRowsOff256BytesFetchWholeBlocks) {
  using xpose::detail::in_load;
  // fp32, 8- and 16-byte tiles: pitches that are multiples of 256 bytes keep the kernels' loads.
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 4))).path, auto_path::vectorized_streaming);
  EXPECT_EQ(finalize(validate(shaped(4096, 4096, 4))).input_load, in_load::hinted);
  EXPECT_EQ(finalize(validate(shaped(2048, 2048, 8))).input_load, in_load::hinted);
  EXPECT_EQ(finalize(validate(shaped(1024, 1024, 16))).input_load, in_load::hinted);
  // Input pitches off 256 bytes (16400, 16400, 16480 bytes) fetch whole blocks.
  const auto e4 = finalize(validate(shaped(4096, 4100, 4)));
  EXPECT_EQ(e4.path, auto_path::vectorized_streaming);
  EXPECT_EQ(e4.input_load, in_load::fetch_256);
  const auto e8 = finalize(validate(shaped(2048, 2050, 8)));
  EXPECT_EQ(e8.path, auto_path::tiled_padded);
  EXPECT_EQ(e8.input_load, in_load::fetch_256);
  const auto e16 = finalize(validate(shaped(1024, 1030, 16)));
  EXPECT_EQ(e16.path, auto_path::split_tile);
  EXPECT_EQ(e16.input_load, in_load::fetch_256);
  // The sector tile (16 bytes, output rows off 32-byte sectors) the same way.
  const auto sector = finalize(validate(shaped(4095, 4097, 16)));
  EXPECT_EQ(sector.path, auto_path::sector_tile);
  EXPECT_EQ(sector.input_load, in_load::fetch_256);
  EXPECT_EQ(finalize(validate(shaped(4095, 4096, 16))).input_load, in_load::hinted);
  // Only the input side counts: an output pitch of 16400 bytes keeps the loads.
  EXPECT_EQ(finalize(validate(shaped(4100, 4096, 4))).input_load, in_load::hinted);
  // A leading dimension, an input pointer 16 bytes off, a matrix stride 16 bytes off.
  auto ld = shaped(4096, 4096, 4);
  ld.ld_in = 4100;
  EXPECT_EQ(finalize(validate(ld)).input_load, in_load::fetch_256);
  auto off = base(0x100010, 0x100000000000, 4, 4096);
  off.rows = 4096;
  EXPECT_TRUE(finalize(validate(off)).vec_in);
  EXPECT_EQ(finalize(validate(off)).input_load, in_load::fetch_256);
  auto strided = batch_of(2, 512, 512, 4);
  EXPECT_EQ(finalize(validate(strided)).input_load, in_load::hinted);
  strided.stride_in = 512 * 512 + 4;
  EXPECT_EQ(finalize(validate(strided)).input_load, in_load::fetch_256);
  // Other paths keep theirs: the element tile (fp32, output rows off 16 bytes), a named
  // strategy. (The register tile's evict-first form: the next test.)
  EXPECT_EQ(finalize(validate(shaped(4097, 4100, 4))).input_load, in_load::hinted);
  auto named = shaped(4096, 4100, 4);
  named.kernel = strategy::vectorized;
  EXPECT_EQ(finalize(validate(named)).input_load, in_load::hinted);
}

TEST(Plan, RegisterTileFetchesForRowsOffSectorsOr256Bytes) {
  using xpose::detail::in_load;
  // Bytes and 2-byte elements on pitches of whole 256 bytes: sector rows, the kernel's loads.
  for (std::size_t e : {1, 2}) {
    const auto p = finalize(validate(shaped(4096, 4096, e)));
    EXPECT_EQ(p.path, auto_path::register_tile) << e;
    EXPECT_TRUE(p.sector_out) << e;
    EXPECT_EQ(p.input_load, in_load::hinted) << e;
  }
  // Output pitches of 16 mod 32 bytes (8208 bytes; 16400 for 2-byte elements): rows off
  // sectors, which take the long store runs and their evict-first 256-byte fetches, whatever
  // the input side.
  const auto out_off = finalize(validate(shaped(8208, 8192, 1)));
  EXPECT_EQ(out_off.path, auto_path::register_tile);
  EXPECT_TRUE(out_off.vec_out);
  EXPECT_FALSE(out_off.sector_out);
  EXPECT_EQ(out_off.input_load, in_load::fetch_256_first);
  EXPECT_FALSE(finalize(validate(shaped(8200, 8192, 2))).sector_out);
  EXPECT_EQ(finalize(validate(shaped(8200, 8192, 2))).input_load, in_load::fetch_256_first);
  // Input pitches off 256 bytes only (8208 and 9024 bytes; 16400 for 2-byte), wide rows:
  // fetches too.
  const auto in_off = finalize(validate(shaped(8192, 8208, 1)));
  EXPECT_TRUE(in_off.sector_out);
  EXPECT_EQ(in_off.input_load, in_load::fetch_256_first);
  EXPECT_EQ(finalize(validate(shaped(8192, 9024, 1))).input_load, in_load::fetch_256_first);
  EXPECT_EQ(finalize(validate(shaped(8192, 8200, 2))).input_load, in_load::fetch_256_first);
  // An output pointer 16 bytes off a sector, or an output matrix stride off one.
  auto off = base(0x100000, 0x100000000010, 1, 4096);
  off.rows = 4096;
  EXPECT_TRUE(finalize(validate(off)).vec_out);
  EXPECT_FALSE(finalize(validate(off)).sector_out);
  EXPECT_EQ(finalize(validate(off)).input_load, in_load::fetch_256_first);
  auto strided = batch_of(2, 512, 512, 1);
  EXPECT_TRUE(finalize(validate(strided)).sector_out);
  strided.stride_out = 512 * 512 + 16;
  EXPECT_FALSE(finalize(validate(strided)).sector_out);
  EXPECT_EQ(finalize(validate(strided)).input_load, in_load::fetch_256_first);
  // Output rows off sectors take the long runs from 128 columns; narrower matrices keep their
  // loads. Input rows off 256 bytes alone take the fetches from 1024-byte rows.
  EXPECT_EQ(finalize(validate(shaped(8208, 112, 1))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(8208, 112, 1))).input_load, in_load::hinted);
  EXPECT_EQ(finalize(validate(shaped(8208, 128, 1))).input_load, in_load::fetch_256_first);
  EXPECT_EQ(finalize(validate(shaped(8200, 128, 2))).input_load, in_load::fetch_256_first);
  EXPECT_EQ(finalize(validate(shaped(8192, 1008, 1))).input_load, in_load::hinted);
  EXPECT_EQ(finalize(validate(shaped(8192, 504, 2))).input_load, in_load::hinted);
  EXPECT_EQ(finalize(validate(shaped(8192, 1040, 1))).input_load, in_load::fetch_256_first);
  EXPECT_EQ(finalize(validate(shaped(8192, 520, 2))).input_load, in_load::fetch_256_first);
  // Other kernels keep their loads on the same pitches: the residue tile (rows off 16 bytes).
  EXPECT_EQ(finalize(validate(shaped(8200, 8200, 1))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(8200, 8200, 1))).input_load, in_load::hinted);
}

TEST(Plan, EightByteOutputRowsOffSectorsTakeTheSectorTileFrom128MiB) {
  // 8194 x 8192 and 4098 x 4096 fp64: output pitches of 16 mod 32 bytes, 16-byte aligned.
  EXPECT_EQ(finalize(validate(shaped(8194, 8192, 8))).path, auto_path::sector_tile);
  EXPECT_EQ(finalize(validate(shaped(4098, 4096, 8))).path, auto_path::sector_tile);
  // Below 128 MiB, aligned output rows, or output rows not 16-byte aligned: as before.
  EXPECT_EQ(finalize(validate(shaped(4098, 4000, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(8192, 8194, 8))).path, auto_path::tiled_padded);
  EXPECT_EQ(finalize(validate(shaped(8193, 8192, 8))).path, auto_path::element_tile);
  // An output matrix stride off sectors counts like a pitch.
  auto strided = batch_of(2, 4096, 4096, 8);
  EXPECT_EQ(finalize(validate(strided)).path, auto_path::tiled_padded);
  strided.stride_out = 4096 * 4096 + 2;
  EXPECT_EQ(finalize(validate(strided)).path, auto_path::sector_tile);
  // Input rows off 256 bytes: the tile's 256-byte fetches.
  EXPECT_EQ(finalize(validate(shaped(8194, 8200, 8))).input_load, xpose::detail::in_load::fetch_256);
}

TEST(Plan, SkinnySidesOf33To64TakeTheRegisterTileOnSectors) {
  // Wide and 2-byte tall, batched and single: rows of whole vectors, output rows on 32-byte
  // sectors (tall bytes: the staged few-columns kernel, below).
  EXPECT_EQ(finalize(validate(shaped(64, 4194304, 1))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(batch_of(1024, 64, 512, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(batch_of(1024, 48, 512, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(batch_of(1024, 512, 40, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(batch_of(4096, 256, 64, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(4194304, 40, 2))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(2097152, 48, 2))).path, auto_path::register_tile);
  // Output rows off sectors: 48 rows of bytes, 40 and 56 of 2-byte elements (the staged kernel).
  EXPECT_EQ(finalize(validate(shaped(48, 4194304, 1))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(40, 4194304, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(batch_of(1024, 56, 512, 2))).path, auto_path::staged_wide);
  // 32 and fewer (the interleave kernels), fp32 and under 8 MiB: unchanged.
  EXPECT_EQ(finalize(validate(shaped(4194304, 32, 1))).path, auto_path::interleave_tall);
  EXPECT_EQ(finalize(validate(shaped(4194304, 48, 4))).path, auto_path::skinny_tall);
  EXPECT_EQ(finalize(validate(shaped(100000, 64, 1))).path, auto_path::register_tile);
  // An output pitch padded off sectors counts.
  auto padded = shaped(100000, 64, 1);
  padded.ld_out = 100000 + 16;
  EXPECT_EQ(finalize(validate(padded)).path, auto_path::skinny_tall);
  padded.ld_out = 100000 + 32;
  EXPECT_EQ(finalize(validate(padded)).path, auto_path::register_tile);
}

TEST(Plan, StagedTallTakesFewColumnsOfPackedInputRowsWhereItWins) {
  using xpose::detail::staged_few_cols;
  using xpose::detail::staged_tall_wins;
  // Output rows 16-byte aligned: bytes of 33 to 402 columns but where input rows are whole
  // vectors above 64 columns (the register tile); 2-byte elements where the register tile does
  // not serve, and one matrix of 64 columns.
  for (const std::int64_t c : {33, 40, 48, 64, 65, 100, 200, 402}) {
    const auto p = finalize(validate(shaped(4194304, c, 1)));
    EXPECT_TRUE(staged_tall_wins(p)) << c;
    EXPECT_EQ(p.path, auto_path::staged_tall) << c;
  }
  EXPECT_EQ(finalize(validate(shaped(524288, 128, 1))).path, auto_path::register_tile);
  EXPECT_EQ(finalize(validate(shaped(2097152, 64, 2))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(2097152, 33, 2))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(223696, 150, 2))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(batch_of(2048, 256, 100, 1))).path, auto_path::staged_tall);
  // Output rows not 16-byte aligned: up to 200 columns of bytes, 100 of 2-byte elements.
  EXPECT_EQ(finalize(validate(shaped(4194303, 48, 1))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(838861, 80, 1))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(838861, 81, 1))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(335553, 200, 1))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(335553, 201, 1))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(4194303, 40, 2))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(335545, 100, 2))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(335545, 101, 2))).path, auto_path::residue_tile);
  // Not its layouts: padded or offset input, under 8 MiB, not tall, 4-byte elements.
  auto pitched = shaped(4194304, 48, 1);
  pitched.ld_in = 64;
  EXPECT_FALSE(staged_few_cols(finalize(validate(pitched))));
  auto offset = shaped(4194304, 48, 1);
  offset.in = static_cast<const char*>(offset.in) + 8;
  EXPECT_FALSE(staged_few_cols(finalize(validate(offset))));
  EXPECT_NE(finalize(validate(shaped(100000, 48, 1))).path, auto_path::staged_tall);
  EXPECT_NE(finalize(validate(shaped(300, 400, 1))).path, auto_path::staged_tall);
  EXPECT_EQ(finalize(validate(shaped(4194304, 48, 4))).path, auto_path::skinny_tall);
}

TEST(Plan, ShortMisalignedRowsOfBytesTakeTheSkinnyKernel) {
  using xpose::detail::short_misaligned_wide;
  // 1 and 2 bytes, 65 to 167 (bytes) / 150 (2-byte) rows that are not whole 16-byte vectors,
  // packed output rows: a few-rows kernel, single and batched, large and small (the staged
  // one from 8 MiB, its shifted form where the input rows are not 16-byte aligned, the general
  // skinny one below 8 MiB or where the output run is not 16-byte aligned).
  for (const std::int64_t r : {65, 72, 100, 120, 150, 167}) {
    const auto p = finalize(validate(shaped(r, 671088, 1)));
    EXPECT_TRUE(short_misaligned_wide(p)) << r;
    EXPECT_EQ(p.path, auto_path::staged_wide) << r;
    const auto q = finalize(validate(shaped(r, 671089, 1)));
    EXPECT_TRUE(short_misaligned_wide(q)) << r;
    EXPECT_EQ(q.path, auto_path::staged_wide) << r;
  }
  for (const std::int64_t r : {65, 100, 150}) {
    EXPECT_EQ(finalize(validate(shaped(r, 335544, 2))).path, auto_path::staged_wide) << r;
    EXPECT_EQ(finalize(validate(shaped(r, 335543, 2))).path, auto_path::staged_wide) << r;
    EXPECT_EQ(finalize(validate(shaped(r, 20001, 2))).path, auto_path::skinny_wide) << r;  // under 8 MiB
  }
  // Above those rows the staged kernel (its shifted form to staged_shifted_max_rows), then the tiles.
  EXPECT_EQ(finalize(validate(shaped(151, 335543, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(179, 335543, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(151, 335544, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(batch_of(2048, 100, 256, 1))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(batch_of(256, 100, 1000, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(batch_of(2048, 100, 250, 1))).path, auto_path::skinny_wide);
  EXPECT_EQ(finalize(validate(shaped(100, 20000, 1))).path, auto_path::skinny_wide);  // under 8 MiB
  // From residue_min_rows rows the residue tile; rows of whole vectors the register tile.
  EXPECT_EQ(finalize(validate(shaped(168, 400001, 1))).path, auto_path::staged_wide);  // shifted
  EXPECT_EQ(finalize(validate(shaped(301, 400001, 1))).path, auto_path::staged_wide);  // shifted
  EXPECT_EQ(finalize(validate(shaped(321, 400001, 1))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(180, 200001, 2))).path, auto_path::staged_wide);  // shifted
  EXPECT_EQ(finalize(validate(shaped(301, 200001, 2))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(112, 600000, 1))).path, auto_path::register_tile);
  // Output rows padded (ld_out > rows): no contiguous output run, the realigned tile as before.
  auto padded = shaped(100, 671088, 1);
  padded.ld_out = 101;
  EXPECT_EQ(finalize(validate(padded)).path, auto_path::realigned_tile);
  // The mirror image (few columns, input rows misaligned) takes the staged few-columns kernel;
  // 4-byte elements: unchanged.
  EXPECT_EQ(finalize(validate(shaped(671088, 100, 1))).path, auto_path::staged_tall);
  EXPECT_FALSE(short_misaligned_wide(finalize(validate(shaped(98, 171196, 4)))));
  EXPECT_EQ(finalize(validate(shaped(98, 171196, 4))).path, auto_path::element_tile);
}

TEST(Plan, StagedKernelsFoldOnlyWherePartialMicroTilesCostMost) {
  using xpose::detail::staged_folded_tail;
  using xpose::detail::staged_wide_tile_cols;
  // Bytes of 33 to 35 rows: the third micro-row's 1 to 3 rows go to the second micro-row's
  // threads, which then cover 64 micro-columns instead of 42.
  for (int r = 33; r <= 35; ++r) {
    EXPECT_EQ(staged_folded_tail(r, 1), r - 32) << r;
    EXPECT_EQ(staged_wide_tile_cols(r, 1), 1024) << r;
  }
  EXPECT_EQ(staged_wide_tile_cols(36, 1), 672);  // three micro-rows: 42 micro-columns
  // The few-columns kernel the same way: 64 micro-rows a block for 33-35 columns, 42 for 36;
  // with aligned output rows also 65-67 (32 micro-rows) and 129-131 (16), never 49-51 or 97-99.
  using xpose::detail::staged_tall_folded_cols;
  using xpose::detail::staged_tall_micro_rows;
  for (const bool aligned : {false, true}) {
    for (int c = 33; c <= 35; ++c) EXPECT_EQ(staged_tall_micro_rows(c, 1, aligned), 64) << c;
    EXPECT_EQ(staged_tall_micro_rows(36, 1, aligned), 42);
    EXPECT_EQ(staged_tall_micro_rows(33, 2, aligned), 25);  // 2-byte: 8 + 8 + 8 + 8 + 1, no fold
  }
  for (int c = 65; c <= 67; ++c) {
    EXPECT_EQ(staged_tall_folded_cols(c, 1, true), c - 64) << c;
    EXPECT_EQ(staged_tall_micro_rows(c, 1, true), 32) << c;
    EXPECT_EQ(staged_tall_folded_cols(c, 1, false), 0) << c;
    EXPECT_EQ(staged_tall_micro_rows(c, 1, false), 25) << c;
  }
  for (int c = 129; c <= 131; ++c) EXPECT_EQ(staged_tall_micro_rows(c, 1, true), 16) << c;
  int folding = 0;
  for (int c = 33; c <= 402; ++c) folding += staged_tall_folded_cols(c, 1, true) > 0;
  EXPECT_EQ(folding, 9);  // 33-35, 65-67, 129-131
  for (int c = 33; c <= 402; ++c) EXPECT_EQ(staged_tall_folded_cols(c, 2, true), 0) << c;
  // Nowhere else: 36-47 rows (4 or more in the last micro-row), 48 (none), 49-51 and 65-67 (one
  // micro-row of four or five), 2-byte elements.
  for (int r = 36; r <= 402; ++r) EXPECT_EQ(staged_folded_tail(r, 1), 0) << r;
  for (int r = 33; r <= 402; ++r) EXPECT_EQ(staged_folded_tail(r, 2), 0) << r;
}

TEST(Plan, StagedFewRowsNeedAlignedInputRowsAndAnAlignedOutputRun) {
  using xpose::detail::staged_few_rows;
  // 1 and 2 bytes, 33 or more rows, input rows of whole 16-byte vectors, packed output (rows
  // that are whole 32-byte sectors take the register tile before: 2-byte 48 rows).
  for (const std::size_t e : {1, 2}) {
    for (const std::int64_t r : {33, 37, 40, 63, 100}) {
      const auto p = finalize(validate(shaped(r, 1 << 20, e)));
      EXPECT_TRUE(staged_few_rows(p)) << r << " " << e;
      EXPECT_EQ(p.path, auto_path::staged_wide) << r << " " << e;
    }
  }
  // 32 rows and fewer: the interleave kernels; 4-byte elements: the general skinny kernel.
  EXPECT_EQ(finalize(validate(shaped(32, 1 << 20, 1))).path, auto_path::interleave_wide);
  EXPECT_FALSE(staged_few_rows(finalize(validate(shaped(48, 1 << 20, 4)))));
  EXPECT_EQ(finalize(validate(shaped(48, 1 << 20, 4))).path, auto_path::skinny_wide);
  // Input rows off 16 bytes, by their length, their pitch or the input pointer: the shifted form;
  // a pointer off the element size: the general kernel.
  using xpose::detail::staged_shifted_max_rows;
  EXPECT_EQ(finalize(validate(shaped(48, (1 << 20) + 1, 1))).path, auto_path::staged_wide);
  auto pitch = shaped(40, 1 << 20, 2);
  pitch.ld_in = (1 << 20) + 4;
  EXPECT_EQ(finalize(validate(pitch)).path, auto_path::staged_wide);
  pitch.ld_in = (1 << 20) + 8;
  EXPECT_EQ(finalize(validate(pitch)).path, auto_path::staged_wide);
  auto in_off = shaped(48, 1 << 20, 1);
  in_off.in = reinterpret_cast<const void*>(0x100008);
  EXPECT_EQ(finalize(validate(in_off)).path, auto_path::staged_wide);
  auto odd = shaped(48, 1 << 20, 2);
  odd.in = reinterpret_cast<const void*>(0x100001);
  EXPECT_EQ(finalize(validate(odd)).path, auto_path::skinny_wide);
  EXPECT_TRUE(staged_few_rows(finalize(validate(shaped(staged_shifted_max_rows(1), 400001, 1)))));
  EXPECT_FALSE(staged_few_rows(finalize(validate(shaped(staged_shifted_max_rows(1) + 1, 400001, 1)))));
  EXPECT_TRUE(staged_few_rows(finalize(validate(shaped(staged_shifted_max_rows(2), 200001, 2)))));
  EXPECT_FALSE(staged_few_rows(finalize(validate(shaped(staged_shifted_max_rows(2) + 1, 200001, 2)))));
  // The output run off 16 bytes: the output pointer, or the matrices of a batch.
  auto out_off = shaped(48, 1 << 20, 1);
  out_off.out = reinterpret_cast<void*>(0x100000000008);
  EXPECT_EQ(finalize(validate(out_off)).path, auto_path::skinny_wide);
  auto batch = batch_of(256, 48, 1024, 1);
  EXPECT_EQ(finalize(validate(batch)).path, auto_path::staged_wide);
  batch.stride_out = 48 * 1024 + 8;
  EXPECT_EQ(finalize(validate(batch)).path, auto_path::skinny_wide);
  batch.stride_out = 48 * 1024 + 16;
  EXPECT_EQ(finalize(validate(batch)).path, auto_path::staged_wide);
  // Misaligned output rows above short_misaligned_wide's rows, up to kStagedMaxRows (402):
  // wide where the staged kernel takes them, the tiles otherwise (misaligned input rows beyond
  // the shifted form's rows, under 8 MiB, more rows).
  using xpose::detail::staged_misaligned_wide;
  for (const std::int64_t r : {168, 200, 250, 402}) {
    const auto p = finalize(validate(shaped(r, 400000, 1)));
    EXPECT_TRUE(staged_misaligned_wide(p)) << r;
    EXPECT_EQ(p.path, auto_path::staged_wide) << r;
    EXPECT_EQ(finalize(validate(shaped(r, 400001, 1))).path, r <= 320 ? auto_path::staged_wide : auto_path::residue_tile)
        << r;
    EXPECT_EQ(finalize(validate(shaped(r, 8000, 1))).path, auto_path::residue_tile) << r;
  }
  EXPECT_EQ(finalize(validate(shaped(151, 200000, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(402, 200000, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(403, 400000, 1))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(403, 200000, 2))).path, auto_path::residue_tile);
  EXPECT_EQ(finalize(validate(shaped(400, 400000, 1))).path, auto_path::register_tile);  // whole vectors
  // Under kStagedMinBytes (8 MiB) a call, the general skinny kernel: 40 rows of 2-byte
  // elements are 80 bytes a column, 104864 columns (whole vectors) 8389120 bytes.
  static_assert(xpose::detail::kStagedMinBytes == 8388608);
  EXPECT_EQ(finalize(validate(shaped(40, 104864, 2))).path, auto_path::staged_wide);
  EXPECT_EQ(finalize(validate(shaped(40, 104856, 2))).path, auto_path::skinny_wide);
}

TEST(Plan, EdgeVectorsStreamOnlyOnWholeSectors) {
  using xpose::detail::stream_edge_vectors;
  // Rows that start and end on 32-byte sectors on both sides: 80 x 262144 fp32 (320-byte output rows).
  const auto whole = finalize(validate(shaped(80, 262144, 4)));
  EXPECT_TRUE(whole.sector_in && whole.sector_out);
  EXPECT_TRUE(stream_edge_vectors(whole));
  EXPECT_TRUE(stream_edge_vectors(finalize(validate(batch_of(512, 1024, 80, 4)))));
  // 68-element output rows (272 bytes) and 100-element input rows (400 bytes) end mid-sector.
  EXPECT_FALSE(stream_edge_vectors(finalize(validate(shaped(68, 262144, 4)))));
  EXPECT_FALSE(stream_edge_vectors(finalize(validate(shaped(262144, 100, 4)))));
  // A padded input pitch off sectors counts, and so does an input pointer 16 bytes off one.
  auto pitch = shaped(80, 262144, 4);
  pitch.ld_in = 262144 + 4;
  EXPECT_FALSE(finalize(validate(pitch)).sector_in);
  EXPECT_FALSE(stream_edge_vectors(finalize(validate(pitch))));
  auto moved = base(0x100010, 0x100000000000, 4, 262144);
  moved.rows = 80;
  EXPECT_TRUE(finalize(validate(moved)).vec_in);
  EXPECT_FALSE(finalize(validate(moved)).sector_in);
}

TEST(Plan, NarrowFp32SidesTakeNarrowTiles) {
  using xpose::detail::tile_order;
  using xpose::detail::vectorized_narrow_cols;
  using xpose::detail::vectorized_narrow_rows;
  // Columns under 256, not whole 64-element tiles: 128 x 32 tiles in row order.
  for (const std::int64_t c : {72, 80, 96, 112, 144, 200, 252}) {
    const auto p = finalize(validate(shaped(1048576, c, 4)));
    EXPECT_EQ(p.path, auto_path::vectorized_streaming) << c;
    EXPECT_TRUE(vectorized_narrow_cols(p) && !vectorized_narrow_rows(p)) << c;
    EXPECT_EQ(p.order, tile_order::rows) << c;
  }
  const auto heads = finalize(validate(batch_of(512, 1024, 80, 4)));
  EXPECT_TRUE(vectorized_narrow_cols(heads));
  EXPECT_EQ(heads.order, tile_order::rows);
  // Rows under 256, whole 32-row tiles but not 64-row ones: 32 x 128 tiles in the order of the size.
  const auto wide = finalize(validate(shaped(96, 262144, 4)));
  EXPECT_TRUE(vectorized_narrow_rows(wide) && !vectorized_narrow_cols(wide));
  EXPECT_EQ(wide.order, tile_order::columns);
  EXPECT_TRUE(vectorized_narrow_rows(finalize(validate(shaped(224, 65536, 4)))));
  for (const std::int64_t r : {68, 80, 132, 244}) {  // partial 32-row tiles: 64 x 64
    EXPECT_FALSE(vectorized_narrow_rows(finalize(validate(shaped(r, 262144, 4))))) << r;
  }
  // Whole tiles, 256 and more, other element sizes and paths: the 64 x 64 tile as before.
  for (const auto& r : {shaped(262144, 128, 4), shaped(131072, 320, 4), shaped(16384, 8200, 4), shaped(64, 262144, 4),
                        shaped(262144, 96, 8), shaped(262144, 98, 4)}) {
    const auto p = finalize(validate(r));
    EXPECT_FALSE(vectorized_narrow_cols(p) || vectorized_narrow_rows(p)) << r.rows << " x " << r.cols;
  }
  EXPECT_EQ(finalize(validate(shaped(262144, 128, 4))).order, tile_order::columns);
  // 8-byte elements keep their 32 x 32 padded tile; narrow columns not of whole tiles run in rows.
  for (const std::int64_t c : {72, 80, 112, 200}) {
    const auto p = finalize(validate(shaped(1048576, c, 8)));
    EXPECT_EQ(p.path, auto_path::tiled_padded) << c;
    EXPECT_TRUE(xpose::detail::padded8_narrow_cols(p)) << c;
    EXPECT_EQ(p.order, tile_order::rows) << c;
  }
  EXPECT_EQ(finalize(validate(shaped(1048576, 96, 8))).order, tile_order::columns);
  EXPECT_EQ(finalize(validate(shaped(80, 1048576, 8))).order, tile_order::columns);
  EXPECT_EQ(finalize(validate(shaped(1048576, 80, 16))).order, tile_order::columns);
}

}  // namespace
