// Chooses the kernel for a validated request: resolves strategy::automatic and the
// alignment-dependent fast paths. Host-only and deterministic, so it is unit-tested on CPU.
#pragma once

#include "problem.hpp"
#include "stacked_squares.hpp"  // XPOSE_HOST_DEVICE

namespace xpose::detail {

/** Matrices with a side of at most this many elements take the skinny kernels. */
inline constexpr std::int64_t kMaxSkinny = 64;

/** Matrices with a side of at most this many elements, the other side at least
 *  kInterleaveMinBlocks blocks long, may take the interleaving skinny kernels. */
inline constexpr int kMaxInterleave = 32;
inline constexpr std::int64_t kInterleaveMinBlocks = 4;

/** Whether the interleaving kernels serve `elem_bytes` elements with `small` rows (wide)
 *  or columns (tall): 1, 2 and 4 bytes, up to kMaxInterleave either way (N x 31 fp32 on
 *  the tall one: 87% of memcpy, against 75% on the general skinny kernel, sweep 19). */
constexpr bool interleave_serves(std::size_t elem_bytes, std::int64_t small) {
  return small <= kMaxInterleave && elem_bytes <= 4;
}

/** Bytes of each strided row one thread of the interleaving kernels moves: 16 for up to 3
 *  rows, 8 for 4 to 8 (half the registers of 16, so more blocks per SM: 7 x N bytes 75 ->
 *  80%, fp32 84 -> 96%), 4 beyond (the rows then staged in shared memory; docs/auto.md). */
constexpr int interleave_vector_bytes(std::int64_t r) { return r <= 3 ? 16 : r <= 8 ? 8 : 4; }

/** Long-side elements one block of the interleaving kernels covers (256 threads). */
constexpr std::int64_t interleave_span(std::size_t elem_bytes, std::int64_t r) {
  return 256 * interleave_vector_bytes(r) / static_cast<std::int64_t>(elem_bytes);
}

/** Shared memory one block of the general skinny kernel stages (skinny.cu). */
inline constexpr std::int64_t kSkinnyChunkBytes = 16384;

/** Long-side elements one block of the general skinny kernel covers for a short side of
 *  `small` elements: the largest power of two whose chunk fits kSkinnyChunkBytes, at least
 *  one 16-byte vector. */
constexpr std::int64_t skinny_chunk(std::int64_t small, std::int64_t elem_bytes) {
  const std::int64_t fit = kSkinnyChunkBytes / (small * elem_bytes), vector = 16 / elem_bytes;
  std::int64_t c = 1;
  while (2 * c <= fit) c *= 2;
  return c > vector ? c : vector;
}

/** Packed batches of matrices up to this size take the small-batch kernels. */
inline constexpr std::int64_t kMaxSmallBatchBytes = 8192;

/** Packed batches of wide matrices with at most this many rows, each row a whole number
 *  of 8-byte pieces, take the batch interleave kernel. Its threads store R 8-byte pieces
 *  R * 8 bytes apart, so from 4 rows on each warp store touches several times the sectors
 *  it fills: (1024, 7, 1000) fp32 40% against 79% on the skinny kernel (sweep 15c). */
inline constexpr int kMaxBatchInterleaveRows = 3;

/** Rows from which 1- and 2-byte elements whose rows are not all 16-byte aligned take the
 *  residue tile (residue_tile.cu): one and a half of its tile rows (112 input rows for bytes,
 *  120 for 2 bytes). Below, most or all of its tiles take the checked edge path (sweep 37, %
 *  of memcpy, residue tile against the earlier path: 100 x 50001 bytes 61 / 74, 121 x 40001
 *  2-byte 59 / 65; 200 x 30001 bytes 81 / 77, 2-byte 87 / 68). */
constexpr std::int64_t residue_min_rows(std::size_t elem_bytes) { return elem_bytes == 1 ? 168 : 180; }

/** 1- and 2-byte matrices of kMaxSkinny + 1 to 167 (bytes: residue_min_rows - 1) / 150
 *  (2-byte) rows whose output rows are not all 16-byte aligned (odd row counts): with packed
 *  output rows they take the general skinny kernel (one contiguous output run per block) too,
 *  not the realigned tile, whose 480-row (bytes) / 240-row (2-byte) tiles such matrices fill a
 *  seventh to two thirds of. H200, % of memcpy, realigned tile -> skinny kernel, two rounds
 *  (bench/results/h200/session45/rules): bytes 65 x 1032444 12.5 -> 47.1, 100 x 671088 22.6 ->
 *  73.8, 120 x 559240 18.8 -> 56.7, 150 x 447392 30.2 -> 67.0, 167 x 401849 29.5 -> 41.6,
 *  (2048, 100, 256) 21.3 -> 71.1; 2-byte 65 x 516222 16.4 -> 46.5, 100 x 335544 33.7 -> 76.3,
 *  150 x 223696 44.2 -> 72.7, (2048, 100, 256) 29.9 -> 76.4; below the realigned tile's 12 MiB,
 *  against the unaligned tile, 150 x 50000 bytes 75.7 -> 95.1. Not taken: 2-byte 179 x 187454
 *  (55.8 against 48.7), and from residue_min_rows the residue tile (bytes 250 x 268435 50.8
 *  against 43.1, session45/short); the mirror images (few columns, input rows misaligned) were
 *  mixed there; with packed input rows the staged few-columns kernel takes them since session 47
 *  (staged_tall_wins). */
inline constexpr std::int64_t kShortMisalignedMaxRows2 = 150;
inline bool short_misaligned_wide(const plan& p) {
  const std::int64_t max_rows = p.elem_bytes == 1 ? residue_min_rows(1) - 1 : kShortMisalignedMaxRows2;
  return p.elem_bytes <= 2 && p.elem_aligned && !p.vec_out && p.rows <= max_rows;
}

/** Threads of a staged few-rows block: one micro-tile each. */
inline constexpr int kStagedWideThreads = 128;

/** Rows (columns) past the last whole micro-row (micro-column) that the staged few-rows
 *  (few-columns) kernels fold into the one before (its threads load them too and store one
 *  word a column: staged_wide.cu; one 16-byte chunk an output row: staged_tall.cu), so that
 *  their 128 threads cover more columns (rows): bytes of a short side of 33 to 35, whose third
 *  micro-row (micro-column) would hold only 1 to 3 (1024 columns, or rows, a tile instead of
 *  672); else 0. H200, % of memcpy, the few-rows kernel, two rounds
 *  (bench/results/h200/session50/call3): aligned input rows 33 x 4194304 81.0 -> 86.8,
 *  35 x 4194304 83.05 -> 87.9, (1024, 33, 1024) 70.0 -> 72.65, (512, 34, 2048) 71.05 -> 74.0;
 *  misaligned 33 x 4194303 66.2 -> 70.2, 34 x 4194303 67.0 -> 71.45, 33 x 2097147 64.7 ->
 *  65.65. Not taken elsewhere (call 2, the aligned kernel), where the folded kernel (95
 *  registers against 80: 5 blocks an SM, not 6) gained little or lost: 65-67 rows +0.8 to
 *  +1.7, 49-51 rows -0.3 to -1.7, 97-401 rows -0.9 to -4.3 ((2048, 99, 256) 72.3 -> 68.35, 401
 *  x 166944 73.2 -> 68.9). The few-columns kernel, HEAD -> folded (call 5): 4194304 x 33 87.15
 *  -> 90.8, 4194304 x 35 86.95 -> 90.7, (1024, 1024, 33) 77.75 -> 88.05; misaligned output rows
 *  4194303 x 33 79.0 -> 82.55, 2097151 x 34 77.75 -> 78.0, 1000003 x 33 75.3 -> 75.05. */
XPOSE_HOST_DEVICE inline int staged_folded_tail(std::int64_t side, std::size_t elem_bytes) {
  const auto v = static_cast<std::int64_t>(16 / elem_bytes);
  return elem_bytes == 1 && side > 2 * v && side < 3 * v && side % v <= 3 ? static_cast<int>(side % v) : 0;
}

/** Input columns a block of the staged few-rows kernel takes: one V x V micro-tile (V = 16 /
 *  elem_bytes) for each of its 128 threads, the folded rows taking none of their own, an even
 *  number of micro-columns (whole 32-byte sectors of every input row), at least one. */
inline int staged_wide_tile_cols(std::int64_t rows, std::size_t elem_bytes) {
  const auto v = static_cast<std::int64_t>(16 / elem_bytes);
  const std::int64_t micro_rows = (rows + v - 1) / v - (staged_folded_tail(rows, elem_bytes) > 0 ? 1 : 0);
  const std::int64_t micro_cols = kStagedWideThreads / micro_rows >= 2 ? kStagedWideThreads / micro_rows / 2 * 2 : 1;
  return static_cast<int>(micro_cols * v);
}

/** Few-rows (wide) matrices of 1- and 2-byte elements with more rows than the interleave
 *  kernels serve, whose input rows are 16-byte aligned (or, up to staged_shifted_max_rows,
 *  element-aligned) and whose packed output run starts on 16 bytes in every matrix: the
 *  staged kernel (kernels/staged_wide.cu) instead of the general skinny kernel, which stages
 *  them element by element. H200, % of memcpy, skinny -> staged,
 *  two rounds (bench/results/h200/session46/call4): bytes 33 x 4194304 57.3 -> 70.9, 48 x
 *  4194304 67.9 -> 79.3 (91.9 with the launcher's carveout rule, call14), 60 x 2236928 71.1 -> 96.4, 63 x 2130048 65.6 -> 80.9, 65 x 1032448
 *  61.9 -> 72.4, 100 x 671088 67.3 -> 88.4, 167 x 401856 60.6 -> 68.4, (2048, 100, 256)
 *  65.2 -> 82.0; 2-byte 33 x 2097152 70.7 -> 87.5, 37 x 1813504 74.3 -> 91.6, 40 x 4194304
 *  75.8 -> 93.1, 65 x 516224 70.8 -> 81.1, 100 x 335544 81.0 -> 86.8, 150 x 223696 71.0 ->
 *  84.3, (1024, 56, 512) 81.5 -> 85.6. From kStagedMinBytes a call: below, the general
 *  kernel was faster or level (bench/results/h200/session46/call6): bytes 50 x 100000 (5 MB)
 *  110.4 -> 90.3, (64, 100, 256) 77.5 -> 70.3; 2-byte (128, 56, 512) 86.9 -> 81.1; level: 100 x
 *  50000 bytes, 40 x 50000 2-byte, (256, 100, 256) bytes. Above, one loss: 50 x 400000 bytes
 *  (20 MB) 76.7 -> 70.0 (50 x 200000 and 50 x 800000 level; 100 x 200000 bytes 76.3 -> 91.9,
 *  40 x 200000 2-byte 88.1 -> 110.2). Needs finalize()'s alignment flags (vec_in, elem_aligned). */
inline constexpr std::int64_t kStagedMinBytes = std::int64_t{8} << 20;

/** Input rows not 16-byte aligned (pointers element-aligned): the staged kernel stages each
 *  row's aligned chunks first and reads its micro-tiles from them with the rows' shifts, up to
 *  these rows. Session 47 (registers, 8 loads a round; old auto -> staged, bench/results/h200/
 *  session47/call7): bytes 48 x 4194303 48.0 -> 64.2, 100 x 671089 43.6 -> 64.2, 300 x 223697
 *  58.3 -> 59.5; 2-byte 40 x 4194303 59.2 -> 81.8, 179 x 187457 54.9 -> 59.7, then 300 / 179
 *  rows. Session 48 (the chunks by cp.async; the old auto beyond those rows -> staged, two
 *  rounds, bench/results/h200/session48/call3): bytes 301 x 223697 54.95 -> 62.6, 350 x 191739
 *  57.65 -> 57.7, 402 x 166945 63.15 -> 58.75; 2-byte 180 x 187457 53.25 -> 78.85, 250 x 134219
 *  57.4 -> 78.7, 300 x 111847 66.3 -> 67.75, 402 x 83473 70.6 -> 68.55. */
constexpr std::int64_t staged_shifted_max_rows(std::size_t elem_bytes) { return elem_bytes == 1 ? 320 : 300; }

/** Whether every matrix of a batch starts 16-byte aligned at `base`, `stride` elements apart:
 *  the packed side's run of the staged kernels. */
inline bool runs_start_aligned(const void* base, std::int64_t stride, const plan& p) {
  return reinterpret_cast<std::uintptr_t>(base) % 16 == 0 &&
         (p.batch == 1 || static_cast<std::uintptr_t>(stride) * static_cast<std::uintptr_t>(p.elem_bytes) % 16 == 0);
}

/** Whether the call moves at least kStagedMinBytes (in double: no overflow, exact enough for a
 *  threshold). */
inline bool staged_size(const plan& p) {
  return static_cast<double>(p.batch) * static_cast<double>(p.rows) * static_cast<double>(p.cols) *
             static_cast<double>(p.elem_bytes) >=
         static_cast<double>(kStagedMinBytes);
}

inline bool staged_few_rows(const plan& p) {
  const bool rows_ok = p.vec_in || (p.elem_aligned && p.rows <= staged_shifted_max_rows(p.elem_bytes));
  return p.elem_bytes <= 2 && p.rows > kMaxInterleave && p.ld_out == p.rows && rows_ok &&
         runs_start_aligned(p.out, p.stride_out, p) && staged_size(p);
}

/** Above short_misaligned_wide's rows, 1- and 2-byte matrices of up to kStagedMaxRows rows
 *  whose output rows are not 16-byte aligned are few-rows matrices too, where the staged
 *  kernel takes them (staged_few_rows), instead of the residue or realigned tile. H200, % of
 *  memcpy, tile -> staged, two rounds (bench/results/h200/session46/call7, call8): bytes 180 x
 *  372832 45.8 -> 84.3, 200 x 335552 51.2 -> 84.3, 250 x 268448 49.8 -> 68.0, 300 x 223696
 *  58.7 -> 77.1, 402 x 166944 61.6 -> 67.9; 2-byte 151 x 222224 41.7 -> 79.5, 179 x 187456
 *  60.4 -> 83.0, 203 x 165000 63.9 -> 76.3, 250 x 134224 57.4 -> 77.9, 300 x 111856 65.4 ->
 *  75.8, 402 x 83472 70.6 -> 78.4. Beyond, the tiles: bytes 500 x 134224 66.3 against 46.2,
 *  700 x 95872 70.0 against 69.3, 1000 x 67104 76.9 against 42.0; 2-byte 500 x 67104 72.8
 *  against 72.6, 1001 x 33552 81.4 against 61.1. 402 is the largest row count measured ahead. */
inline constexpr std::int64_t kStagedMaxRows = 402;
inline bool staged_misaligned_wide(const plan& p) {
  return p.elem_bytes <= 2 && !p.vec_out && p.rows <= kStagedMaxRows && staged_few_rows(p);
}

/** The staged few-columns kernel (kernels/staged_tall.cu), the few-rows kernel's mirror image:
 *  a block stages P = micro_rows * V whole input rows (V = 16 / elem_bytes), one V x V
 *  micro-tile for each of its 128 threads: micro_rows = 128 / micro-columns. */
inline constexpr int kStagedTallThreads = 128;

/** Columns past the last whole micro-column that the few-columns kernel folds into the one
 *  before (staged_folded_tail): 33-35 columns of bytes and, where the output rows are 16-byte
 *  aligned, also 65-67 and 129-131, whose folded micro-columns (4, 8) divide the 128 threads
 *  evenly (32 and 16 micro-rows), so that no thread idles; else 0. H200, % of memcpy, two
 *  rounds (bench/results/h200/session50/call9), 33-35 only -> this rule: 2097152 x 65 82.25 ->
 *  91.55, 2097152 x 66 81.95 -> 87.7, 2097152 x 67 82.9 -> 91.8, 1048576 x 129 85.7 -> 91.3,
 *  1048576 x 131 85.55 -> 91.35, (512, 2048, 65) 86.75 -> 90.6. Not taken (call 8, folded
 *  against unfolded): 49-51 columns (3 folded micro-columns, 126 threads: 4194304 x 49 91.6 ->
 *  85.4, (1024, 1024, 49) 92.9 -> 86.7), 97 (1048576 x 97 85.6 -> 78.8), and on misaligned
 *  output rows beyond 35 (2097151 x 65 82.55 -> 81.9; 4194303 x 49 +0.85, 1048573 x 97 +3.2). */
inline int staged_tall_folded_cols(std::int64_t cols, std::size_t elem_bytes, bool aligned_out) {
  const int tail = staged_folded_tail(cols, elem_bytes);
  if (tail > 0 || elem_bytes != 1 || !aligned_out) return tail;
  const std::int64_t whole = cols / 16;  // whole micro-columns of bytes
  return (whole == 4 || whole == 8) && cols % 16 >= 1 && cols % 16 <= 3 ? static_cast<int>(cols % 16) : 0;
}

inline int staged_tall_micro_rows(std::int64_t cols, std::size_t elem_bytes, bool aligned_out) {
  const auto v = static_cast<std::int64_t>(16 / elem_bytes);
  const bool folds = staged_tall_folded_cols(cols, elem_bytes, aligned_out) > 0;
  const std::int64_t micro_cols = (cols + v - 1) / v - (folds ? 1 : 0);
  return static_cast<int>(kStagedTallThreads / micro_cols);
}

/** Input rows a block of the staged few-columns kernel owns: all it stages where every output
 *  row is 16-byte aligned; else all but the last V, which complete the aligned 16-byte chunk
 *  that each output row's last owned chunk runs into. */
inline int staged_tall_own_rows(std::int64_t cols, std::size_t elem_bytes, bool aligned_out) {
  const int v = static_cast<int>(16 / elem_bytes);
  return (staged_tall_micro_rows(cols, elem_bytes, aligned_out) - (aligned_out ? 0 : 1)) * v;
}

/** Few-columns (tall) matrices of 1- and 2-byte elements with more columns than the
 *  interleave kernels serve, packed input rows whose run starts on 16 bytes in every matrix,
 *  output rows of any element-aligned pitch, at least kStagedMinBytes a call: the layouts the
 *  staged few-columns kernel can take. staged_tall_wins says where it does. */
inline constexpr std::int64_t kStagedTallMaxCols = 402;
inline bool staged_few_cols(const plan& p) {
  return p.elem_bytes <= 2 && p.cols > kMaxInterleave && p.cols <= kStagedTallMaxCols && p.ld_in == p.cols &&
         p.elem_aligned && runs_start_aligned(p.in, p.stride_in, p) && staged_size(p);
}

/** Output rows not 16-byte aligned: the staged few-columns kernel up to these columns, beyond
 *  which its halo (V of every P staged rows) and short output runs cost more than they save.
 *  Bytes went from 80 to 200 columns with the cp.async staging (H200, % of memcpy, old auto ->
 *  staged, two rounds, bench/results/h200/session48/call5): 699051 x 96 70.35 -> 77.35, 599187 x
 *  112 77.35 -> 77.45, 335553 x 200 63.75 -> 72.5, but 166945 x 402 63.55 -> 50.65; 2-byte
 *  elements stay at 100 (279621 x 120 75.75 -> 73.85, 223697 x 150 67.25 -> 68.5, 83473 x 402
 *  82.5 -> 29.5). */
constexpr std::int64_t staged_tall_misaligned_max_cols(std::size_t elem_bytes) { return elem_bytes == 1 ? 200 : 100; }

/** Tall matrices where the staged few-columns kernel measured ahead (H200, % of memcpy, old
 *  auto -> staged, two rounds, bench/results/h200/session47/call2, call3):
 *  - output rows 16-byte aligned (its direct stores): bytes 4194304 x 33 64 -> 75, 4194304 x
 *    48 85 -> 88, 4194304 x 56 82 -> 91, 2097152 x 64 88 -> 90, 671088 x 100 73 -> 83, 335552
 *    x 200 64 -> 77, 166944 x 402 62 -> 82, (2048, 256, 100) 47 -> 77; 2-byte 2097152 x 33 80 ->
 *    85, 2097152 x 64 91 -> 93, 335544 x 100 69 -> 78, 223696 x 150 68 -> 95, 83472 x 402 83 ->
 *    89. Where the register tile serves (both sides' rows 16-byte aligned, output rows on
 *    sectors), it stays for 2-byte elements (4194304 x 40 90 against 87, 2097152 x 48 88
 *    against 83, 1048576 x 56 level) and above 64 columns (bytes 524288 x 128 level);
 *  - output rows not 16-byte aligned, up to staged_tall_misaligned_max_cols: bytes 4194303 x
 *    33 42 -> 58, 4194303 x 48 54 -> 73, 2097151 x 64 40 -> 73, 1032444 x 65 52 -> 62, 838861 x
 *    80 62 -> 69 (but, before session 48's cp.async staging, 699051 x 96 71 -> 68, 599187 x 112
 *    77 -> 66, 671089 x 100 73 -> 64); 2-byte
 *    4194303 x 40 62 -> 83, 4194303 x 56 58 -> 74, 516222 x 65 56 -> 77, 335545 x 100 69 -> 76
 *    (but 279621 x 120 76 -> 73, 223697 x 150 67 -> 63).
 *  Needs finalize()'s alignment flags. */
inline bool staged_tall_wins(const plan& p) {
  if (p.rows <= p.cols || !staged_few_cols(p)) return false;
  if (!p.vec_out) return p.cols <= staged_tall_misaligned_max_cols(p.elem_bytes);
  // As choose_automatic gives the register tile these (output rows aligned here).
  const bool register_tile_serves = p.vec_in && (p.cols > kMaxSkinny || p.sector_out);
  const bool one_tall_64 = p.elem_bytes == 2 && p.cols == 64 && p.batch == 1;  // the skinny kernel's there
  return !register_tile_serves || (p.elem_bytes == 1 && p.cols <= kMaxSkinny) || one_tall_64;
}

/** Bytes per call (all matrices) from which 1- and 2-byte elements with misaligned output
 *  rows take the realigned tile. Below, the padded tile measured faster: its split output
 *  sectors are mostly completed in L2 before they are written back, and its smaller tiles
 *  fill the GPU better (sweep 23: 2049 x 2047 bytes 86% against 68%, 2-byte 80.9% against
 *  78.0%; level at 3549 x 3547 bytes, 12.6 MB; ahead from 4095 x 4097 bytes). */
inline constexpr std::int64_t kRealignedMinBytes1 = std::int64_t{12} << 20;
inline constexpr std::int64_t kRealignedMinBytes2 = std::int64_t{16} << 20;
/** The same for batched or strided 4-byte layouts with aligned input rows; below it, and for
 *  every other 4-byte layout with misaligned output rows, the element tile (sweep 36, element
 *  tile / realigned tile, % of memcpy: 8192^2 with ld_out 8193 (256 MiB) 79.3 / 85.1, 4096^2
 *  with ld_out 4097 (64 MiB) 81.4 / 81.1, a (100, 401, 400) batch (64 MiB) 80.2 / 78.0). */
inline constexpr std::int64_t kRealignedMinBytes4 = std::int64_t{128} << 20;

/** Columns from which the 1-/2-byte register tile (register_tile.cu) writes output rows that
 *  are off 32-byte sectors in long runs: 16 micro-rows a warp, tiles 128 columns wide, with
 *  evict-first 256-byte fetches. H200, % of memcpy, before -> after (bench/results/h200/
 *  session43/narrow3, confirm): 200016 x 128 bytes 77.1 -> 94.5, 200008 x 256 2-byte 60.0 ->
 *  82.5, 8208^2 bytes 73.7 -> 86.4. Narrower matrices keep 4 micro-rows a warp and their loads. */
inline constexpr std::int64_t kRegisterTileLongRunsMinCols = 128;

/** Whether the register tile writes `p`'s output rows in long runs (finalize() gives them the
 *  evict-first fetches; register_tile.cu launches them). */
inline bool register_tile_long_runs(const plan& p) {
  return !p.sector_out && p.cols >= kRegisterTileLongRunsMinCols;
}

/** Row bytes from which the register tile's 4-micro-row layout (output rows on sectors) takes
 *  evict-first 256-byte fetches for input rows off 256-byte boundaries: a row of 8 warps
 *  (1024 bytes). Narrower matrices stack their warps and read whole rows, and the fetches
 *  cost them (session43/narrow2: 100000 x 1008 bytes 82.9 -> 71.7%, 100000 x 496 2-byte 90.0 ->
 *  86.9%); wide ones gain (confirm: 8192 x 8208 bytes 87.4 -> 89.4%, 16400^2 2-byte 89.4 -> 92.2%). */
inline constexpr std::int64_t kRegisterTileFetchMinRowBytes = 1024;

/** Bytes per call from which 8-byte elements on 16-byte aligned rows whose output rows are off
 *  32-byte sectors (pitches of 2 mod 4 elements: 8194 x 8192) take the sector tile (64 x 64)
 *  instead of the padded tile. H200, % of memcpy, padded -> sector tile (bench/results/h200/
 *  session43/sector48): 4098 x 4096 (128 MiB) 94.3 -> 94.8, 8194 x 8192 94.7 -> 96.5, 16386 x
 *  8192 93.2 -> 95.5. Smaller calls were not measured and keep the padded tile. */
inline constexpr std::int64_t kSectorTile8MinBytes = std::int64_t{128} << 20;

/** fp32 sides below this many elements that are not whole 64-element tiles of the vectorized
 *  tile (kVectorizedTile4) take narrower tiles: every tile row (or column) of the matrix would
 *  end in a tile of 16-48 elements, whose threads mostly idle, and such matrices are made of
 *  those. Columns: 128 x 32 tiles (rows x columns) in row order, so that the blocks running
 *  together read whole input rows; rows that are whole 32-row tiles: 32 x 128 tiles in column
 *  order. H200, % of memcpy, 64 x 64 -> narrow tiles (bench/results/h200/session44/narrow,
 *  rules): 1048576 x 80 60.1 -> 82.5, 262144 x 96 66.4 -> 90.3, 524288 x 144 64.3 -> 87.1,
 *  200000 x 200 67.6 -> 89.9, (512, 1024, 96) 79.7 -> 99, (512, 1024, 80) 77.1 -> 86; 96 x
 *  262144 77.4 -> 93.6, 160 x 65536 82.7 -> 93.4. Whole tiles keep 64 x 64 (262144 x 128 93.7%, against 90.3 on 128 x 32), and
 *  wider matrices too (16384 x 8200 95.9%, against 90.6-93.0; (512, 1024, 400) 95.6 / 95.1). */
inline constexpr std::int64_t kNarrowEdgeMaxSide = 256;
inline constexpr std::int64_t kVectorizedTile4 = 64;  ///< the fp32 vectorized tile's side

/** Whether `auto`'s fp32 vectorized tile covers `p` with 128 x 32 tiles (narrow columns). */
inline bool vectorized_narrow_cols(const plan& p) {
  return p.path == auto_path::vectorized_streaming && p.elem_bytes == 4 && p.cols < kNarrowEdgeMaxSide &&
         p.cols % kVectorizedTile4 != 0;
}

/** Whether it covers `p` with 32 x 128 tiles (narrow rows, columns not narrow): rows that are
 *  whole 32-row tiles only. Others end in a partial tile either way and lost on the shorter
 *  output runs (session44/domain: 68 x 262144 80.5 -> 71.1%, 132 x 262144 81.2 -> 71.4, 244 x
 *  262144 71.7 -> 65.4; 80 rows: (512, 80, 1024) 78.8 -> 80.1). */
inline bool vectorized_narrow_rows(const plan& p) {
  return p.path == auto_path::vectorized_streaming && p.elem_bytes == 4 && !vectorized_narrow_cols(p) &&
         p.rows < kNarrowEdgeMaxSide && p.rows % kVectorizedTile4 != 0 && p.rows % (kVectorizedTile4 / 2) == 0;
}

/** Whether the streaming vectorized tile's partial last tiles move their vectors evict-first,
 *  as its whole tiles do: only where every input and output row both starts and ends on a
 *  32-byte sector. Otherwise an edge vector shares a sector with a neighbouring tile (the next
 *  input row, the rest of an output row), which finds it in L2 after plain accesses. H200, %
 *  of memcpy, edge vectors plain -> evict-first (bench/results/h200/session45/edges, batches,
 *  short): 80 x 262144 79.9 -> 85.2, (512, 1024, 80) 89.7 -> 90.4; 68 x 262144 (68-element
 *  output rows) 81.2 -> 79.1, with evict-first loads only 76.2; 262144 x 100 83.3 -> 82.7. */
inline bool stream_edge_vectors(const plan& p) {
  const auto e = static_cast<std::int64_t>(p.elem_bytes);
  return p.sector_in && p.sector_out && (p.cols * e) % 32 == 0 && (p.rows * e) % 32 == 0;
}

inline constexpr std::int64_t kPaddedTile8 = 32;  ///< the 8-byte padded tile's side

/** The same for 8-byte elements on the padded tile (kPaddedTile8): columns under
 *  kNarrowEdgeMaxSide that are not whole tiles run in row order, the 32 x 32 tile kept. H200, % of memcpy, column
 *  -> row order (bench/results/h200/session44/rows8): 1048576 x 80 81.0 -> 92.3, 1048576 x 72
 *  71.3 -> 91.7, 524288 x 112 80.8 -> 90.6, 200000 x 200 75.7 -> 93.8; whole tiles (1048576 x
 *  96) and batches ((512, 1024, 80)) level. 16-byte elements measured both ways (72 and 200
 *  columns +5.5, 80 and 112 -0.7) and keep column order. */
inline bool padded8_narrow_cols(const plan& p) {
  return p.path == auto_path::tiled_padded && p.elem_bytes == 8 && p.cols < kNarrowEdgeMaxSide &&
         p.cols % kPaddedTile8 != 0;
}

/** Column tiles (32 input columns each) of the packed element tile's grid at most: its y
 *  dimension. Wider matrices take the strided kernel, launched per slice of columns. */
inline constexpr std::int64_t kElementTileMaxColTiles = 65535;

/** Calls from this many bytes (all matrices) run `auto`'s tile kernels in column order
 *  (problem.hpp: tile_order; finalize sets plan::order). Every gain was measured on problems of 16 MiB and
 *  more; below a few MiB the grid is short and small calls keep the row order measured
 *  before (the latency rows of the auto suite among them). */
inline constexpr std::int64_t kColumnOrderMinBytes = std::int64_t{4} << 20;

/** The memory interface of a Hopper with five HBM stacks, in bits: the H100 80GB HBM3 (SXM,
 *  where the rule below was measured; the PCIe card's bus is as wide). The H200 reports 6016. */
inline constexpr int kFiveStackBusBits = 5120;

/** Calls from this many bytes run `auto`'s kernel for `path` in column order. On a
 *  five-stack device the aligned 4-, 8- and 16-byte tiles keep row order below 256 MiB (4
 *  bytes) or 512 MiB (8, 16 bytes). On an H100 (sweep 42, bench/results/h100/session26/order/,
 *  % of memcpy, rows against columns) rows were 0.4-2.2 points ahead at 16-144 MiB at every
 *  shape and element size but three, level (4096 x 8192 and 6144^2 fp32, 2048 x 4096 16-byte:
 *  within 0.2), and at 256-288 MiB of 8- and 16-byte elements at five of six shapes (2048 x
 *  8192 16-byte: 0.2 behind); from 256 MiB of 4-byte and 512 MiB of 8- and 16-byte elements
 *  level or behind (8192^2 fp32 -0.9, 16384^2 fp32 -1.0, 6144^2 and 4096 x 8192 16-byte
 *  -0.5). The H200 loses 1.3-3.3 points with rows at 8 and 16 bytes on six of the same eight
 *  128-256 MiB shapes, so every other device, and every other path, takes kColumnOrderMinBytes. */
constexpr std::int64_t column_order_min_bytes(auto_path path, std::size_t elem_bytes, int memory_bus_bits) {
  const bool aligned_tile =
      path == auto_path::vectorized_streaming || path == auto_path::tiled_padded || path == auto_path::split_tile;
  if (memory_bus_bits != kFiveStackBusBits || !aligned_tile) return kColumnOrderMinBytes;
  return elem_bytes == 4 ? std::int64_t{256} << 20 : std::int64_t{512} << 20;
}

/** The kernel `auto` runs, given shape, layout, element size and alignment flags. */
auto_path choose_automatic(const plan& p);

/** Fills the alignment flags and, for strategy::automatic, the auto path. */
plan finalize(plan p);

}  // namespace xpose::detail
