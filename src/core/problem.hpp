// Internal description of one transpose request, shared by validation, planning and launch.
#pragma once

#include <xpose/xpose.hpp>

#include <cstddef>
#include <cstdint>

namespace xpose::detail {

/** A request as the user gave it (leading dimensions and strides may still be 0). */
struct request {
  const void* in = nullptr;
  void* out = nullptr;
  std::int64_t batch = 1;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::size_t elem_bytes = 0;
  std::int64_t ld_in = 0;
  std::int64_t ld_out = 0;
  std::int64_t stride_in = 0;
  std::int64_t stride_out = 0;
  strategy kernel = strategy::automatic;
  tile_config tile = tile_config::tile32_block32x8;
  cudaStream_t stream = nullptr;
};

/** The kernel behind strategy::automatic (docs/auto.md). */
enum class auto_path {
  none,                  ///< the plan's strategy is not automatic
  small_batch,           ///< packed batches of small matrices: src/kernels/small_batch.cu
  batch_micro_tile,      ///< the same, sides multiples of 16 bytes: src/kernels/batch_micro_tile.cu
  batch_interleave,      ///< packed batches of matrices with few rows: src/kernels/batch_interleave.cu
  skinny_wide,           ///< few rows, packed output rows: src/kernels/skinny.cu
  skinny_tall,           ///< few columns, packed input rows: src/kernels/skinny.cu
  staged_wide,           ///< 1 and 2 bytes, 33-402 rows, aligned input rows, packed output, from 8 MiB: src/kernels/staged_wide.cu
  staged_tall,           ///< its mirror image: 1 and 2 bytes, few columns, packed input: src/kernels/staged_tall.cu
  interleave_wide,       ///< 1-4 bytes, few rows: src/kernels/skinny_interleave.cu
  interleave_tall,       ///< 1-4 bytes, few columns: src/kernels/skinny_interleave.cu
  register_tile,         ///< 1- and 2-byte elements, aligned rows: src/kernels/register_tile.cuh
  sector_tile,           ///< 16 bytes, output rows off 32-byte sectors: src/kernels/sector_tile.cu
  split_tile,            ///< 16 bytes, output rows on 32-byte sectors: src/kernels/split_tile.cu
  element_tile,          ///< one packed matrix, 4 or 8 bytes, output (8: or input) rows not 16-byte aligned: src/kernels/element_tile.cu
  element_tile_strided,  ///< the same, batched, strided or wider than 65535 column tiles
  residue_tile,          ///< 1 and 2 bytes, rows not all 16-byte aligned, from 1.5 tile rows: src/kernels/residue_tile.cu
  realigned_tile,        ///< 1 and 2 bytes, fewer rows, output rows not 16-byte aligned; 4 bytes also, batched or strided, aligned input: src/kernels/realigned_tile.cu
  unaligned_tile,        ///< other rows not 16-byte aligned: a padded tile sized per element size
  vectorized_streaming,  ///< the vectorized tile with streaming cache hints
  tiled_padded,          ///< 8-byte elements on aligned rows
};

/**
 * The order in which consecutive thread blocks of a tile kernel take a matrix's tiles
 * (kernels/matrix_view.cuh: tiling). Column order keeps the blocks resident at one time
 * writing a few long output runs (consecutive tiles of a column are consecutive segments of
 * the same output rows), where row order has them read long input runs and scatter their
 * writes over as many output rows. On the H200 the write side is the one that pays for
 * scattering (sweep 33, suite auto, % of memcpy, rows -> columns: 16384^2 fp32 93.4 -> 96.5,
 * 32768 x 8192 fp32 90.7 -> 96.8, 16384^2 bytes 88.4 -> 93.5, 16384^2 2-byte 88.7 -> 94.5,
 * 8192^2 fp64 94.9 -> 98.5). On an H100 row order is ahead below a few hundred MiB for 4-
 * to 16-byte elements (plan.hpp: column_order_min_bytes).
 */
enum class tile_order {
  rows,     ///< along tile rows: consecutive blocks read consecutive input runs
  columns,  ///< down tile columns: consecutive blocks write consecutive output runs
};

/**
 * How the tile kernels whose input loads are whole elements or 16-byte vectors on aligned
 * addresses (the vectorized tile for 4 bytes, the padded tile for 8, the split and sector
 * tiles for 16, the register tile for 1 and 2) issue their interior input loads
 * (kernels/global_load.cuh has why).
 */
enum class in_load {
  hinted,           ///< the kernel's own loads (evict-first where it streams)
  fetch_256,        ///< plain loads that have L2 fetch whole 256-byte blocks
  fetch_256_first,  ///< the same fetch, evict-first (the register tile)
};

/** A validated request with every default resolved; what the kernels consume. */
struct plan {
  const void* in = nullptr;
  void* out = nullptr;
  std::int64_t batch = 0;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::size_t elem_bytes = 0;
  std::int64_t ld_in = 0;       ///< resolved, >= cols
  std::int64_t ld_out = 0;      ///< resolved, >= rows
  std::int64_t stride_in = 0;   ///< resolved, in elements
  std::int64_t stride_out = 0;  ///< resolved, in elements
  strategy kernel = strategy::naive;
  auto_path path = auto_path::none;   ///< set by finalize() when kernel is automatic
  tile_order order = tile_order::rows;  ///< set by finalize(): auto's tile kernels' order
  tile_config tile = tile_config::tile32_block32x8;
  bool elem_aligned = true;  ///< both pointers are multiples of elem_bytes
  bool vec_in = false;       ///< every input row start is 16-byte aligned
  bool vec_out = false;      ///< every output row start is 16-byte aligned
  bool sector_in = false;    ///< every input row start is 32-byte aligned (a DRAM sector)
  bool sector_out = false;   ///< every output row start is 32-byte aligned (a DRAM sector)
  in_load input_load = in_load::hinted;  ///< set by finalize(): those tiles' interior loads
  int memory_bus_bits = 0;   ///< the device's memory interface, set before finalize() (0: not known)
  cudaStream_t stream = nullptr;

  [[nodiscard]] bool empty() const { return batch == 0 || rows == 0 || cols == 0; }
  [[nodiscard]] std::int64_t elements() const { return batch * rows * cols; }
};

}  // namespace xpose::detail
