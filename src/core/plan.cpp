#include "plan.hpp"

#include <algorithm>
#include <cstdint>

namespace xpose::detail {
namespace {

bool multiple_of(std::uintptr_t v, std::uintptr_t m) { return v % m == 0; }

// Every row start of a strided matrix batch is a multiple of `align` bytes.
bool rows_aligned(const void* base, std::int64_t ld, std::int64_t stride, std::int64_t batch,
                  std::size_t elem_bytes, std::uintptr_t align = 16) {
  const auto e = static_cast<std::uintptr_t>(elem_bytes);
  return multiple_of(reinterpret_cast<std::uintptr_t>(base), align) &&
         multiple_of(static_cast<std::uintptr_t>(ld) * e, align) &&
         (batch <= 1 || multiple_of(static_cast<std::uintptr_t>(stride) * e, align));
}

// a * b, or INT64_MAX when that overflows: a pitch that large is simply "large". (A
// one-row matrix may carry any leading dimension; validation bounds only what is used.)
std::int64_t saturating_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

// Bytes of all matrices of the call, saturated.
std::int64_t call_bytes(const plan& p) {
  return saturating_mul(saturating_mul(p.batch, saturating_mul(p.rows, p.cols)), static_cast<std::int64_t>(p.elem_bytes));
}

}  // namespace

auto_path choose_automatic(const plan& p) {
  if (p.empty()) return auto_path::tiled_padded;  // nothing will run; avoid arithmetic on unchecked sizes
  // Rules and the measurements behind them: docs/auto.md.
  // A side this short wastes most of a square tile; with the other side packed, one side
  // of the transpose is a contiguous run.
  // Packed batches: a run of whole matrices is contiguous on both sides.
  const std::int64_t matrix = p.rows * p.cols;
  const auto e = static_cast<std::int64_t>(p.elem_bytes);
  const auto in = reinterpret_cast<std::uintptr_t>(p.in), out = reinterpret_cast<std::uintptr_t>(p.out);
  // One matrix counts as a packed batch here only for 8-byte elements, which the interleave
  // kernels below do not take: 2 x 16M fp64 83 -> 100% of memcpy, 3 x 11184810 83 -> 100%
  // against the skinny kernel (sweep 26).
  const bool packed = p.ld_in == p.cols && p.ld_out == p.rows &&
                      (p.batch == 1 || (p.stride_in == matrix && p.stride_out == matrix));
  if (packed && (p.batch > 1 || e == 8)) {
    // Few rows of whole 8-byte pieces: a thread interleaves one piece of every row, whatever
    // the matrix size (the tiled interleave kernel would move a matrix shorter than its
    // block element by element). Grid and per-row piece counts stay within 31 bits.
    const std::int64_t row_pieces = p.cols * e / 8;
    if (p.rows <= kMaxBatchInterleaveRows && p.rows < p.cols && e <= 8 && (p.cols * e) % 8 == 0 &&
        multiple_of(in, 8) && multiple_of(out, 8) && row_pieces <= INT32_MAX && p.batch <= INT32_MAX / row_pieces * 256) {
      return auto_path::batch_interleave;
    }
    if (p.batch > 1 && matrix * e <= kMaxSmallBatchBytes) {
      // Sides that are whole 16-byte vectors: the register tile's micro-tiles, several
      // matrices per block; otherwise runs of whole matrices staged in shared memory.
      const std::int64_t v = 16 / e;
      if (e <= 4 && p.rows % v == 0 && p.cols % v == 0 && multiple_of(in, 16) && multiple_of(out, 16) &&
          p.batch <= INT32_MAX / (matrix / (v * v)) * 64) {
        return auto_path::batch_micro_tile;
      }
      return auto_path::small_batch;
    }
  }
  // Few columns of 1- and 2-byte elements, packed input: the staged few-columns kernel where
  // it measured ahead (plan.hpp, staged_tall_wins).
  if (staged_tall_wins(p)) return auto_path::staged_tall;
  // For 4-byte elements a side of exactly 64 fills the vectorized tile, which is faster
  // there ((1024,512,64) fp32: 96.8% against 85.9% on the skinny kernel).
  const std::int64_t skinny_max = p.elem_bytes == 4 ? kMaxSkinny - 1 : kMaxSkinny;
  const bool wide =
      (p.rows <= skinny_max || short_misaligned_wide(p) || staged_misaligned_wide(p)) && p.ld_out == p.rows;
  const bool tall = p.cols <= skinny_max && p.ld_in == p.cols;
  const bool use_wide = wide && (!tall || p.rows <= p.cols);
  if (use_wide || tall) {
    // 1- and 2-byte elements: interleaving in registers instead of staging single elements
    // in shared memory, when the packed side's run is 16-byte aligned and the long side
    // fills a few blocks (the first and last blocks of a row move element by element).
    const std::int64_t small = use_wide ? p.rows : p.cols, long_side = use_wide ? p.cols : p.rows;
    // 1 and 2 bytes with a short side of 33 to 64, rows of whole vectors and output rows on
    // sectors: the register tile (H200, % of memcpy, skinny -> register tile,
    // bench/results/h200/session44/rules, narrow, heads): bytes 4194304 x 64 57.5 -> 86.7,
    // 64 x 4194304 56.2 -> 95.0, (1024, 512, 64) 58 -> 91.5, 2097152 x 48 76.8 -> 86.8;
    // 2-byte (1024, 64, 512) 76.6 -> 95.5, (1024, 512, 56) 77.4 -> 91.5, 4194304 x 40 78.5 ->
    // 89.8, (4096, 256, 64) 93.0 -> 95.0. Output rows off sectors lose there (48 x 4194304
    // bytes 75.8 -> 58-60, 40 x 4194304 2-byte 78.9 -> 64.0), and so does one 2-byte 64-column
    // matrix, which the skinny kernel writes as 64 long rows (2097152 x 64 89.9 -> 87.0,
    // 4194304 x 64 90.7 -> 85.8).
    const bool one_tall_64 = p.elem_bytes == 2 && !use_wide && small == 64 && p.batch == 1;
    if (p.elem_bytes <= 2 && small > kMaxInterleave && p.vec_in && p.vec_out && p.sector_out && !one_tall_64) {
      return auto_path::register_tile;
    }
    const void* packed = use_wide ? p.out : p.in;
    const std::int64_t packed_stride = use_wide ? p.stride_out : p.stride_in;
    // Tall, the strided output rows must be element-aligned: their 16-byte chunks split at
    // element boundaries (skinny_interleave.cu).
    const bool strided_ok = use_wide || multiple_of(reinterpret_cast<std::uintptr_t>(p.out), p.elem_bytes);
    if (interleave_serves(p.elem_bytes, small) && strided_ok &&
        multiple_of(reinterpret_cast<std::uintptr_t>(packed), 16) &&
        (p.batch == 1 || multiple_of(static_cast<std::uintptr_t>(packed_stride) * p.elem_bytes, 16)) &&
        long_side >= kInterleaveMinBlocks * interleave_span(p.elem_bytes, small)) {
      return use_wide ? auto_path::interleave_wide : auto_path::interleave_tall;
    }
    if (use_wide && staged_few_rows(p)) return auto_path::staged_wide;
    return use_wide ? auto_path::skinny_wide : auto_path::skinny_tall;
  }
  // 1- and 2-byte elements: transposing 16 x 16 / 8 x 8 blocks in registers keeps every
  // access 16 bytes wide without scalar shared-memory traffic.
  if (p.elem_bytes <= 2 && p.vec_in && p.vec_out) return auto_path::register_tile;
  // 1 and 2 bytes on rows that are not all 16-byte aligned (either side): output rows 16 bytes
  // of pitches apart share their misalignment, so one staged load feeds four aligned output
  // chunks (residue_tile.cu; sweep 37, % of memcpy, before -> residue tile: 4095 x 4097 bytes
  // 64 -> 92, 2-byte 70 -> 92; 16383 x 16385 62 -> 80, 71 -> 83; 4096 x 4097 (input rows only)
  // 59 -> 78, 72 -> 83; 3001 x 2999 2-byte 65 -> 95), at every size from 1.5 tile rows on.
  if (p.elem_bytes <= 2 && p.elem_aligned && p.rows >= residue_min_rows(p.elem_bytes)) return auto_path::residue_tile;
  // 16-byte elements whose output rows do not all start on a 32-byte sector (4095 x 4097):
  // a tile that starts each output row's stores on a sector, so that no sector is split
  // between two tiles' stores (86.7 -> 90.6%, sweep 20). (8-byte elements on rows that are not
  // 16-byte aligned took it from 96 MiB until the element tile below, sweep 36; on 16-byte
  // aligned rows off sectors they take it since session 43, below.)
  if (p.elem_bytes == 16 && p.elem_aligned && !p.sector_out) {
    return auto_path::sector_tile;
  }
  // 4- or 8-byte elements whose output rows are not 16-byte aligned: cuBLAS's tile of element
  // accesses, in column order, with plain loads and stores so that the sectors shared by
  // neighbouring tiles stay in L2 (element_tile.cu; sweep 36, % of memcpy, before -> element
  // tile: 4095 x 4097 fp32 87.3 -> 94.3, 8191 x 8193 fp32 81.5 -> 86.5, 4095 x 4097 fp64 92.2
  // -> 96.4, 9001 x 7003 fp64 89.1 -> 90.6; batches (16, 1001, 1003) fp32 81.9 -> 86.3, fp64
  // 88.7 -> 95.6). One packed matrix has a kernel of its own, 5 points faster on it than the
  // strided one, up to its grid's 65535 column tiles; the strided one launches per slice.
  // Batched or strided 4-byte layouts whose input rows are aligned keep the realigned tile
  // from kRealignedMinBytes4: its aligned vector loads measured ahead on 256 MiB (8192^2 with
  // ld_out 8193: 85.1 against 79.3%), level or behind on 64 MiB.
  // 8-byte elements with only their input rows misaligned too (4096 x 4097: 93.3 -> 95.1%,
  // 2048 x 2049 89.9 -> 94.9%, against the padded tile; 4-byte ones keep it, ahead there at
  // 8192 x 8193, 92.1 against 88.6%).
  const bool element_rows = p.elem_bytes == 4 ? !p.vec_out : !(p.vec_in && p.vec_out);
  if ((p.elem_bytes == 4 || p.elem_bytes == 8) && p.elem_aligned && element_rows) {
    const bool one_packed = p.batch == 1 && p.ld_in == p.cols && p.ld_out == p.rows &&
                            (p.cols + 31) / 32 <= kElementTileMaxColTiles;
    if (one_packed) return auto_path::element_tile;
    if (p.elem_bytes == 4 && p.vec_in && call_bytes(p) >= kRealignedMinBytes4) return auto_path::realigned_tile;
    return auto_path::element_tile_strided;
  }
  // Output rows that are not 16-byte aligned, 1 and 2 bytes below the residue tile's rows,
  // large problems: 16-byte vectors built from the aligned chunks that cover them, transposed
  // in registers, each output sector written by one tile (realigned_tile.cu: 9001 x 7003
  // bytes 46 -> 62%, 2-byte 60 -> 70%; fp32 took it too, 64 -> 78%, until the element tile).
  if (!p.vec_out && p.elem_aligned && p.elem_bytes <= 2) {
    const std::int64_t from = p.elem_bytes == 1 ? kRealignedMinBytes1 : kRealignedMinBytes2;
    if (call_bytes(p) >= from) return auto_path::realigned_tile;
  }
  // Other rows that are not 16-byte aligned (odd leading dimensions, offset pointers): the
  // 16-byte paths would fall back to scalar accesses; a padded tile with one-element
  // accesses, wider than the seed's 32 for elements under 16 bytes, stays coalesced.
  if (!(p.vec_in && p.vec_out)) return auto_path::unaligned_tile;
  if (p.elem_bytes <= 4) return auto_path::vectorized_streaming;
  // 8 bytes: the padded tile, in column order from kColumnOrderMinBytes (tile_order). In
  // column order it measured at or above the diagonal and split tiles that long row
  // pitches took before (sweep 33, % of memcpy: 16384^2 diagonal 92.5 -> 94.8, 32768 x 8192
  // split 92.5 -> 97.5; 32768^2, 20000^2 and 24576 x 16384 level at 96.6-97.3).
  // Output rows off 32-byte sectors, from kSectorTile8MinBytes per call: the sector tile, so
  // that no output sector is split between two tiles' stores.
  if (p.elem_bytes == 8) {
    return !p.sector_out && call_bytes(p) >= kSectorTile8MinBytes ? auto_path::sector_tile : auto_path::tiled_padded;
  }
  // 16 bytes (rows on 32-byte sectors here): the split tile's four loads per thread in flight
  // before one shared-memory pass, 0.6-0.8 points over the padded tile and level at 8192^2 and
  // above (sweep 31).
  if (p.elem_bytes == 16) return auto_path::split_tile;
  return auto_path::tiled_padded;
}

plan finalize(plan p) {
  const auto e = static_cast<std::uintptr_t>(p.elem_bytes);
  p.elem_aligned = multiple_of(reinterpret_cast<std::uintptr_t>(p.in), e) &&
                   multiple_of(reinterpret_cast<std::uintptr_t>(p.out), e);
  p.vec_in = p.elem_aligned && rows_aligned(p.in, p.ld_in, p.stride_in, p.batch, p.elem_bytes);
  p.vec_out = p.elem_aligned && rows_aligned(p.out, p.ld_out, p.stride_out, p.batch, p.elem_bytes);
  p.sector_in = p.elem_aligned && rows_aligned(p.in, p.ld_in, p.stride_in, p.batch, p.elem_bytes, 32);
  p.sector_out = p.elem_aligned && rows_aligned(p.out, p.ld_out, p.stride_out, p.batch, p.elem_bytes, 32);
  p.path = p.kernel == strategy::automatic ? choose_automatic(p) : auto_path::none;
  // The ladder's named strategies keep the order the seeds' tables were measured in.
  p.order = p.kernel == strategy::automatic && !p.empty() &&
                    call_bytes(p) >= column_order_min_bytes(p.path, p.elem_bytes, p.memory_bus_bits)
                ? tile_order::columns
                : tile_order::rows;
  // Narrow 4- and 8-byte columns that are not whole tiles: row order (plan.hpp, kNarrowEdgeMaxSide).
  if (vectorized_narrow_cols(p) || padded8_narrow_cols(p)) p.order = tile_order::rows;
  // Input rows off 256-byte boundaries: whole 256-byte fetches (kernels/global_load.cuh).
  const bool fetching_tile = p.path == auto_path::vectorized_streaming || p.path == auto_path::tiled_padded ||
                             p.path == auto_path::split_tile || p.path == auto_path::sector_tile;
  const bool in_off_256 = !rows_aligned(p.in, p.ld_in, p.stride_in, p.batch, p.elem_bytes, 256);
  if (fetching_tile && in_off_256) p.input_load = in_load::fetch_256;
  // The 1-/2-byte register tile streams: its fetches are evict-first. Its long store runs for
  // output rows off sectors take them, and so do wide matrices for input rows off 256 bytes
  // (plan.hpp: the two thresholds; kernels/register_tile.cu).
  if (p.path == auto_path::register_tile) {
    const bool wide = p.cols * static_cast<std::int64_t>(p.elem_bytes) >= kRegisterTileFetchMinRowBytes;
    if (register_tile_long_runs(p) || (wide && in_off_256)) p.input_load = in_load::fetch_256_first;
  }
  return p;
}

}  // namespace xpose::detail
