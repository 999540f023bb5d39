// Kernel design sweep (development tool, not part of the product): times kernel variants
// and plain copy kernels against cudaMemcpy on the same bytes, on rotating buffers,
// verifying every transpose variant against the CPU reference. It runs sweep 7 (tiles
// loaded by the TMA, src/kernels/tma_tile.cuh) or sweep 8 (tiles larger than their shared
// buffer, src/kernels/split_tile.cuh) or sweep 9 (in-place squares by pairs of regions of
// register micro-tiles, src/kernels/inplace_region_pairs.cuh) or sweep 10 (the out-of-place
// register tile's warps as a grid, src/kernels/register_tile.cuh) or sweep 11 (batches of
// small matrices: small_batch.cuh run lengths and block sizes, register tile warp shapes
// for (32, 2048, 128)) or sweep 15 (batches without block tiles: batch_micro_tile.cuh,
// batch_interleave.cuh) or sweep 16 (the memory pattern of tile transposes, as copies); the earlier sweeps (register tile, streaming hints,
// tile sizes, warp shapes, unaligned tile widths) are in this file's git history. Outputs
// are in bench/results/h200/experiments/ and the conclusions in docs/auto.md.
//
// usage: xpose_kernel_sweep rect16|pairs|tma|split|order|exchange|inplace|grid|batch|batch15|pattern|walks|rect|rect36|hints|hints_aligned|strided|residue|persist|walking|submatrix|pitches|sides|rectvec|rectpitch|occupancy|minblocks|cacheconfig [ROWSxCOLS ...]
//   residue: sweep 37, the residue tile for 1- and 2-byte elements on unaligned rows (its not-taken
//          word tile, aligned 4-byte words on both sides, is in git history at b40a6ea)
//   persist: sweep 38, the residue tile walking several tiles per block, with and without an L2
//          prefetch of the block's next tile
//   walking: sweep 38, the residue tile on 4 or 8 blocks per SM that walk the column-order tiles a
//          grid apart, with and without the L2 prefetch
//   submatrix: sweep 40, fp32 8192^2 with ld 9000 (and 8448, 8200) against packed: auto's kernel's
//          orders and hints, the split tile, the element tile
//   pitches: sweep 40, auto on fp32 8192^2 views of pitches 32800 to 36864 bytes
//   rectpitch: sweep 40, fp32 packed shapes whose pitches are not multiples of 256 bytes, auto
//          against 32 x 128 and 64 x 128 vectorized tiles
//   rectvec: sweep 40, the library's vectorized tile with rectangular tiles (wider input runs), fp32
//   sides: sweep 40, one side's pitch 256-byte aligned and the other not, auto and two
//          rectangular vectorized tiles
//   tall, late, pairorder: sweeps 38 and 39 (the residue tile on 512 threads, and with its lane
//          constants computed after its loads; in-place pairs in blocked order), in git history
//          at 38f8114 with the library parameters they needed
//   walks: sweep 32, the square grid's walks (30000 x 7000 and 7000 x 30000, 1, 2, 4 bytes)
//   hints: sweep 36, streaming against plain loads on unaligned rows, 1 to 8 bytes
//   strided: sweep 36, the element tile's strided kernel on batches with unaligned rows, 4 and 8 bytes
//   hints_aligned: sweep 36, the same on aligned rows (auto's 1-, 2-, 4-byte kernels; element
//          tiles of 8 and 16 bytes)
//   rect36: sweep 36, the element tile's block size, hints and shape, 4 and 8 bytes (default
//          five unaligned shapes)
//   rect:  sweep 33, a plain padded tile launched down tile columns (default the large auto shapes)
//          (sweep 35's rectpass mode, passes of input columns through a half-tile buffer, not
//          taken, is in git history at 343b6e0; its persistent-grid variant (run 14) at bb9339c)
//   tma:   4, 8, 16 bytes; default 4096^2 8192^2 16384^2 32768x8192 2048x8192
//   split: 1 to 16 bytes (1 and 2 only on unaligned shapes); default 4095x4097 8191x8193
//          8192^2 16384^2 32768x8192
//   grid:  1 and 2 bytes; default the 8 large shapes of the auto suite but 4095 x 4097
//   batch: the auto suite's batched rows, 1 to 8 bytes (no shapes taken)
//   batch15: (4096, 32, 32) and (1024, 3, 1000), 1 to 8 bytes: sweep 15's kernels only
//   rect16: sweep 48, padded tiles of 16-byte elements with 256- and 128-byte row runs in column
//          order; default the auto suite's aligned 16-byte shapes
//   pairs: sweep 48, the in-place squares' pair pattern (swapped tiles, no transpose) and pair
//          kernels of other tile and block sizes, 4, 8, 16 bytes; default 4096^2 8192^2 16384^2
//   pattern: sweep 16, 4096^2 8192^2 16384^2 32768x8192, 4, 8, 16 bytes (no shapes taken)
//   inplace: squares only, 1 to 16 bytes; default 4096^2 8192^2 16384^2 32768^2, matrices up to 2 GiB
#include "../../src/kernels/tiled_tile.cuh"
#include "../../src/kernels/element_tile.cuh"
#include "../../src/kernels/residue_tile.cuh"
#include "../../src/kernels/split_tile.cuh"
#include "../../src/kernels/tma_tile.cuh"
#include "../../src/kernels/inplace_region_pairs.cuh"
#include "../../src/kernels/vectorized_tile.cuh"
#include "../../src/kernels/register_tile.cuh"
#include "../../src/kernels/small_batch.cuh"
#include "../../src/kernels/batch_micro_tile.cuh"
#include "../../src/kernels/batch_interleave.cuh"
#include "../../src/kernels/launchers.hpp"
#include "../../src/kernels/split_walks.cuh"
#include "../../src/kernels/square_pairs.hpp"
#include "../../src/core/square_grid.hpp"
#include "../../src/core/plan.hpp"
#include "../../src/core/validate.hpp"
#include "../../tools/common/device_buffer.hpp"
#include "../../tools/xpose/timing.hpp"
#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <cudaTypedefs.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

using namespace xpose;
using namespace xpose::detail;
using tooling::device_buffer;

namespace {

template <int UNROLL>
__global__ void __launch_bounds__(256) copy_unrolled(const uint4* __restrict__ src, uint4* __restrict__ dst,
                                                     std::size_t n) {
  const std::size_t base = (static_cast<std::size_t>(blockIdx.x) * 256 * UNROLL) + threadIdx.x;
  uint4 v[UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const std::size_t i = base + u * 256;
    if (i < n) v[u] = src[i];
  }
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const std::size_t i = base + u * 256;
    if (i < n) dst[i] = v[u];
  }
}

struct bench_case {
  std::int64_t rows, cols;
  std::size_t e;
  std::int64_t batch = 1;
  std::int64_t ld_in = 0, ld_out = 0;  // 0: packed (one matrix only otherwise)
};

class sweep {
 public:
  explicit sweep(const bench_case& c) : c_(c), bytes_(static_cast<std::size_t>(c.batch * c.rows * c.cols) * c.e) {
    cudaDeviceProp prop{};
    XPOSE_TOOLING_CUDA(cudaGetDeviceProperties(&prop, 0));
    reference::layout l = reference::packed(c.batch, c.rows, c.cols, c.e);
    if (c.ld_in > 0) l.ld_in = c.ld_in;
    if (c.ld_out > 0) l.ld_out = c.ld_out;
    in_bytes_ = static_cast<std::size_t>(reference::in_span(l)) * c.e;
    out_bytes_ = static_cast<std::size_t>(reference::out_span(l)) * c.e;
    const std::size_t pair = in_bytes_ + out_bytes_;
    sets_ = static_cast<int>(std::max<std::size_t>(1, (2 * static_cast<std::size_t>(prop.l2CacheSize) + pair - 1) / pair));
    for (int i = 0; i < sets_; ++i) {
      in_.emplace_back(in_bytes_);
      out_.emplace_back(out_bytes_);
      tooling::fill_random(in_.back().get(), in_bytes_, c.e, 77 + i);
    }
    std::vector<unsigned char> h(in_bytes_);
    XPOSE_TOOLING_CUDA(cudaMemcpy(h.data(), in_[0].get(), in_bytes_, cudaMemcpyDeviceToHost));
    expected_.assign(out_bytes_, 0xFF);  // the output's padding stays as poisoned
    reference::transpose(h.data(), expected_.data(), l);
    memcpy_ms_ = time([&](int i) {
      const int s = i % sets_;
      XPOSE_TOOLING_CUDA(cudaMemcpyAsync(out_[s].get(), in_[s].get(), bytes_, cudaMemcpyDeviceToDevice, nullptr));
    });
    std::printf("\n%lld x %lld x %lld, %zu-byte elements%s (%d buffer sets): memcpy %.4f ms = %.0f GB/s\n",
                static_cast<long long>(c.batch), static_cast<long long>(c.rows), static_cast<long long>(c.cols), c.e,
                c.ld_in > 0 || c.ld_out > 0 ? (", ld_in " + std::to_string(c.ld_in) + ", ld_out " + std::to_string(c.ld_out)).c_str() : "",
                sets_, memcpy_ms_, 2.0 * bytes_ / memcpy_ms_ / 1e6);
  }

  double time(const std::function<void(int)>& run) { return cli::time_runs(run, 5, 40, nullptr).median_ms; }

  void report(const std::string& name, const std::function<void(const void*, void*)>& op, bool is_transpose) {
    bool ok = true;
    if (is_transpose) {
      XPOSE_TOOLING_CUDA(cudaMemset(out_[0].get(), 0xFF, out_bytes_));
      op(in_[0].get(), out_[0].get());
      std::vector<unsigned char> got(out_bytes_);
      XPOSE_TOOLING_CUDA(cudaMemcpy(got.data(), out_[0].get(), out_bytes_, cudaMemcpyDeviceToHost));
      ok = std::memcmp(got.data(), expected_.data(), out_bytes_) == 0;
    }
    const double ms = time([&](int i) { op(in_[i % sets_].get(), out_[i % sets_].get()); });
    XPOSE_TOOLING_CUDA(cudaGetLastError());
    std::printf("  %-34s %.4f ms  %6.1f%%  %s\n", name.c_str(), ms, 100.0 * memcpy_ms_ / ms,
                is_transpose ? (ok ? "ok" : "WRONG") : "");
  }

  /** Times an in-place operation on the output buffers; verifies it on a copy of the input. */
  void report_inplace(const std::string& name, const std::function<void(void*)>& op, bool verify = true) {
    bool ok = true;
    if (verify) {
      XPOSE_TOOLING_CUDA(cudaMemcpy(out_[0].get(), in_[0].get(), bytes_, cudaMemcpyDeviceToDevice));
      op(out_[0].get());
      std::vector<unsigned char> got(bytes_);
      XPOSE_TOOLING_CUDA(cudaMemcpy(got.data(), out_[0].get(), bytes_, cudaMemcpyDeviceToHost));
      ok = std::memcmp(got.data(), expected_.data(), bytes_) == 0;
    }
    const double ms = time([&](int i) { op(out_[i % sets_].get()); });
    XPOSE_TOOLING_CUDA(cudaGetLastError());
    std::printf("  %-34s %.4f ms  %6.1f%%  %s\n", name.c_str(), ms, 100.0 * memcpy_ms_ / ms, verify ? (ok ? "ok" : "WRONG") : "");
  }

  /** The library's own plan for this packed case (validated, alignment flags derived). */
  plan make_plan(const void* in, void* out) const {
    request req;
    req.in = in;
    req.out = out;
    req.batch = c_.batch;
    req.rows = c_.rows;
    req.cols = c_.cols;
    req.elem_bytes = c_.e;
    req.ld_in = c_.ld_in;
    req.ld_out = c_.ld_out;
    return finalize(validate(req));
  }

  /** Times xpose's `auto` through the public entry point on this case. */
  void report_auto(const std::string& name = "xpose auto") {
    report(name, [this](const void* in, void* out) {
      batched_options o;
      o.ld_in = c_.ld_in;
      o.ld_out = c_.ld_out;
      transpose_bytes(in, out, c_.batch, c_.rows, c_.cols, c_.e, o);
    }, true);
  }

  std::size_t bytes() const { return bytes_; }
  bool vector_rows() const {
    const plan p = make_plan(in_[0].get(), out_[0].get());
    return p.vec_in && p.vec_out;
  }

 private:
  bench_case c_;
  std::size_t bytes_, in_bytes_ = 0, out_bytes_ = 0;  // matrix bytes (memcpy's), buffer bytes
  int sets_ = 1;
  std::vector<device_buffer> in_, out_;
  std::vector<unsigned char> expected_;
  double memcpy_ms_ = 0;
};

// Sweep 7: TMA-loaded tiles (src/kernels/tma_tile.cuh) against the production kernels.
PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encoder() {
  static PFN_cuTensorMapEncodeTiled_v12000 fn = [] {
    void* f = nullptr;
    cudaDriverEntryPointQueryResult q{};
    XPOSE_TOOLING_CUDA(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q));
    if (q != cudaDriverEntryPointSuccess || f == nullptr) throw std::runtime_error("cuTensorMapEncodeTiled not found");
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(f);
  }();
  return fn;
}

template <int E, int BH, int STAGES>
void tma_variant(sweep& s, const bench_case& c, int blocks_per_sm_cap) {
  using namespace xpose::detail::tma;
  constexpr int COLS = 128 / E;
  if (c.rows % BH != 0 || c.cols % COLS != 0) return;
  auto kernel = tma_transpose_kernel<E, BH, STAGES>;
  constexpr int smem = tma_shared_bytes<E, BH, STAGES>();
  XPOSE_TOOLING_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int per_sm = 0, sms = 0;
  XPOSE_TOOLING_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, 256, smem));
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  per_sm = std::min(per_sm, blocks_per_sm_cap);
  char name[80];
  std::snprintf(name, sizeof name, "tma %dx128B x%d stages, %d/SM", BH, STAGES, per_sm);
  s.report(name, [&](const void* in, void* out) {
    CUtensorMap map{};
    const cuuint64_t dims[2] = {static_cast<cuuint64_t>(c.cols) * E, static_cast<cuuint64_t>(c.rows)};
    const cuuint64_t strides[1] = {static_cast<cuuint64_t>(c.cols) * E};
    const cuuint32_t box[2] = {128, BH};
    const cuuint32_t estride[2] = {1, 1};
    const CUresult r = tensor_map_encoder()(&map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, const_cast<void*>(in), dims, strides, box,
                                            estride, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) throw std::runtime_error("cuTensorMapEncodeTiled failed");
    tma_problem p{static_cast<unsigned char*>(out), c.rows, c.cols, c.rows, c.cols / COLS, 0};
    p.tiles = (c.rows / BH) * p.tiles_c;
    const std::int64_t grid = std::min<std::int64_t>(p.tiles, static_cast<std::int64_t>(sms) * per_sm);
    kernel<<<static_cast<unsigned>(grid), 256, smem>>>(map, p);
  }, true);
}

template <int E>
void tma_variants(sweep& s, const bench_case& c) {
  tma_variant<E, 64, 4>(s, c, 8);
  tma_variant<E, 128, 4>(s, c, 8);
  tma_variant<E, 128, 6>(s, c, 8);
  tma_variant<E, 256, 3>(s, c, 8);
  tma_variant<E, 128, 4>(s, c, 2);
}

// Sweep 8: tiles larger than their shared buffer (src/kernels/split_tile.cuh).
template <class T, int TR, int TC, int PR, int MB>
void split_variant(sweep& s) {
  char name[80];
  std::snprintf(name, sizeof name, "split %dx%d pass %d, %d/SM", TR, TC, PR, MB);
  s.report(name, [&](const void* in, void* out) { launch_split_tile<T, TR, TC, PR, MB>(s.make_plan(in, out)); }, true);
}

template <int E>
void split_variants(sweep& s) {
  if constexpr (E == 1) {
    split_variant<std::uint8_t, 32, 128, 32, 8>(s);
    split_variant<std::uint8_t, 64, 128, 32, 6>(s);
    split_variant<std::uint8_t, 64, 64, 32, 8>(s);
  } else if constexpr (E == 2) {
    split_variant<std::uint16_t, 64, 64, 32, 8>(s);
    split_variant<std::uint16_t, 32, 128, 32, 8>(s);
    split_variant<std::uint16_t, 64, 128, 32, 6>(s);
  } else if constexpr (E == 4) {
    split_variant<std::uint32_t, 64, 64, 32, 6>(s);
    split_variant<std::uint32_t, 64, 64, 32, 8>(s);  // cuBLAS Sgeam's footprint on 4095 x 4097 (sweep 35)
    split_variant<std::uint32_t, 32, 64, 32, 8>(s);
    split_variant<std::uint32_t, 64, 32, 32, 8>(s);
    split_variant<std::uint32_t, 64, 64, 16, 6>(s);
    split_variant<std::uint32_t, 128, 64, 32, 4>(s);
  } else if constexpr (E == 8) {
    split_variant<unsigned long long, 64, 32, 32, 8>(s);
    split_variant<unsigned long long, 32, 32, 32, 8>(s);
    split_variant<unsigned long long, 64, 32, 16, 8>(s);
    split_variant<unsigned long long, 128, 32, 32, 6>(s);
  } else {
    split_variant<uint4, 32, 32, 16, 8>(s);
    split_variant<uint4, 64, 32, 16, 6>(s);
    split_variant<uint4, 32, 32, 32, 8>(s);
    split_variant<uint4, 64, 32, 32, 4>(s);
  }
}

// Sweep 9: in-place squares by pairs of regions of register micro-tiles
// (inplace_region_pairs.cuh) against the production in-place call and out-of-place auto.
template <class T, int S, bool STREAMING>
void region_variant(sweep& s, std::int64_t n) {
  char name[80];
  std::snprintf(name, sizeof name, "regions %dx%d micro-tiles%s", S, S, STREAMING ? " streaming" : "");
  s.report_inplace(name, [&](void* d) { launch_inplace_region_pairs<T, S, STREAMING>(static_cast<T*>(d), 1, packed_squares{n}, nullptr); });
}

template <class T>
void region_variants(sweep& s, std::int64_t n) {
  region_variant<T, 8, true>(s, n);
  region_variant<T, 8, false>(s, n);
  region_variant<T, 16, true>(s, n);
  region_variant<T, 16, false>(s, n);
}

// Sweep 10: the register tile (register_tile.cuh) with its 8 warps as WR rows x 8 / WR
// columns of warp tiles, so that the block tile is square-ish instead of one row of warps.
template <class T, int IW, int U, int WR, bool STREAMING>
void warp_grid_variant(sweep& s) {
  char name[80];
  std::snprintf(name, sizeof name, "register IW%d U%d warps %dx%d%s", IW, U, WR, 8 / WR, STREAMING ? " streaming" : "");
  if (!s.vector_rows()) return;  // the register tile needs 16-byte rows
  s.report(name, [&](const void* in, void* out) { launch_register_tile_variant<T, IW, U, STREAMING, WR>(s.make_plan(in, out)); }, true);
}

void run_grid_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    warp_grid_variant<std::uint8_t, 16, 1, 1, true>(s);
    warp_grid_variant<std::uint8_t, 8, 1, 1, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 1, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 2, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 4, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 8, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 4, false>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 8, false>(s);
  } else {
    warp_grid_variant<std::uint16_t, 16, 1, 1, true>(s);
    warp_grid_variant<std::uint16_t, 8, 1, 1, true>(s);
    warp_grid_variant<std::uint16_t, 4, 2, 1, true>(s);
    warp_grid_variant<std::uint16_t, 4, 2, 2, true>(s);
    warp_grid_variant<std::uint16_t, 4, 2, 4, true>(s);
    warp_grid_variant<std::uint16_t, 4, 1, 4, true>(s);
    warp_grid_variant<std::uint16_t, 4, 1, 8, true>(s);
    warp_grid_variant<std::uint16_t, 4, 2, 4, false>(s);
  }
}

// Sweep 11: batches of small matrices.
template <class T, int THREADS, int RUN_BYTES>
void small_batch_variant(sweep& s, const bench_case& c) {
  if (c.rows * c.cols * static_cast<std::int64_t>(sizeof(T)) > RUN_BYTES) return;
  char name[80];
  std::snprintf(name, sizeof name, "small batch %d threads, %d-byte runs", THREADS, RUN_BYTES);
  s.report(name, [&](const void* in, void* out) { launch_small_batch_variant<T, THREADS, RUN_BYTES>(s.make_plan(in, out)); }, true);
}

template <class T>
void small_batch_variants(sweep& s, const bench_case& c) {
  small_batch_variant<T, 256, 16384>(s, c);
  small_batch_variant<T, 256, 8192>(s, c);
  small_batch_variant<T, 128, 8192>(s, c);
  small_batch_variant<T, 256, 4096>(s, c);
  small_batch_variant<T, 128, 4096>(s, c);
  small_batch_variant<T, 64, 2048>(s, c);
  small_batch_variant<T, 256, 32768>(s, c);
  small_batch_variant<T, 512, 32768>(s, c);
}

bool g_old_batch_variants = true;  // sweep 11's run lengths; off for sweep 15 alone

// Sweep 15: batches of small matrices without block tiles (batch_micro_tile.cuh,
// batch_interleave.cuh).
template <class T, int U, int THREADS>
void micro_tile_variant(sweep& s) {
  char name[80];
  std::snprintf(name, sizeof name, "micro-tiles x%d, %d threads", U, THREADS);
  s.report(name, [&](const void* in, void* out) { launch_batch_micro_tile_variant<T, U, THREADS>(s.make_plan(in, out)); }, true);
}

template <class T>
void micro_tile_variants(sweep& s) {
  micro_tile_variant<T, 1, 64>(s);
  micro_tile_variant<T, 1, 128>(s);
  micro_tile_variant<T, 1, 256>(s);
  micro_tile_variant<T, 2, 128>(s);
  micro_tile_variant<T, 2, 256>(s);
  if constexpr (sizeof(T) >= 4) {
    micro_tile_variant<T, 4, 128>(s);
    micro_tile_variant<T, 4, 256>(s);
  }
}

template <int E, int R, int S, int U, int THREADS>
void interleave_variant(sweep& s, const bench_case& c) {
  if ((c.cols * E) % S != 0) return;
  char name[80];
  std::snprintf(name, sizeof name, "batch interleave %dB pieces x%d, %d threads", S, U, THREADS);
  s.report(name, [&](const void* in, void* out) { launch_batch_interleave_variant<E, R, S, U, THREADS>(s.make_plan(in, out)); }, true);
}

template <int E>
void interleave_variants(sweep& s, const bench_case& c) {
  interleave_variant<E, 3, 16, 1, 128>(s, c);
  interleave_variant<E, 3, 16, 1, 256>(s, c);
  interleave_variant<E, 3, 16, 2, 128>(s, c);
  interleave_variant<E, 3, 16, 2, 256>(s, c);
  interleave_variant<E, 3, 8, 1, 256>(s, c);
  interleave_variant<E, 3, 8, 2, 128>(s, c);
  interleave_variant<E, 3, 8, 2, 256>(s, c);
  interleave_variant<E, 3, 8, 4, 128>(s, c);
}

void run_batch_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.rows == 32 && c.cols == 32) {
    switch (c.e) {
      case 1: micro_tile_variants<std::uint8_t>(s); break;
      case 2: micro_tile_variants<std::uint16_t>(s); break;
      case 4: micro_tile_variants<std::uint32_t>(s); break;
      default: micro_tile_variants<unsigned long long>(s); break;
    }
  }
  if (c.rows == 3) {
    switch (c.e) {
      case 1: interleave_variants<1>(s, c); break;
      case 2: interleave_variants<2>(s, c); break;
      case 4: interleave_variants<4>(s, c); break;
      default: interleave_variants<8>(s, c); break;
    }
  }
  if (c.cols == 128) {  // (32, 2048, 128): register tile warp shapes
    if (c.e == 1) {
      warp_grid_variant<std::uint8_t, 16, 1, 1, true>(s);
      warp_grid_variant<std::uint8_t, 16, 1, 2, true>(s);
      warp_grid_variant<std::uint8_t, 8, 1, 4, true>(s);
      warp_grid_variant<std::uint8_t, 4, 1, 8, true>(s);
      warp_grid_variant<std::uint8_t, 4, 1, 4, true>(s);
      warp_grid_variant<std::uint8_t, 4, 1, 2, true>(s);
      warp_grid_variant<std::uint8_t, 4, 1, 1, true>(s);
    } else if (c.e == 2) {
      warp_grid_variant<std::uint16_t, 16, 1, 1, true>(s);
      warp_grid_variant<std::uint16_t, 8, 1, 2, true>(s);
      warp_grid_variant<std::uint16_t, 4, 1, 4, true>(s);
      warp_grid_variant<std::uint16_t, 4, 2, 4, true>(s);
      warp_grid_variant<std::uint16_t, 8, 2, 2, true>(s);
      warp_grid_variant<std::uint16_t, 4, 1, 8, true>(s);
      warp_grid_variant<std::uint16_t, 4, 1, 2, true>(s);
    }
    return;
  }
  if (!g_old_batch_variants) return;
  switch (c.e) {
    case 1: small_batch_variants<std::uint8_t>(s, c); break;
    case 2: small_batch_variants<std::uint16_t>(s, c); break;
    case 4: small_batch_variants<std::uint32_t>(s, c); break;
    default: small_batch_variants<unsigned long long>(s, c); break;
  }
}

// Sweep 16: the transpose's memory pattern without the transpose. A block moves an R x
// B-byte tile (R rows, B bytes of each) with 16-byte streaming loads, all of them before
// its stores, either to the same place of a same-shaped output (tiled copy) or to the
// mirrored tile of the transposed output (tile (i, j) to (j, i), its content not
// transposed: B = R x E, the footprint of an R x R tile transpose on both sides).
template <int R, int B, bool MIRROR>
__global__ void __launch_bounds__(256) pattern_copy(const unsigned char* __restrict__ in, unsigned char* __restrict__ out,
                                                    std::int64_t pitch_in, std::int64_t pitch_out, std::int64_t tiles_c) {
  constexpr int kRowVectors = B / 16;
  constexpr int N = R * kRowVectors / 256;
  static_assert(N >= 1 && (R * kRowVectors) % 256 == 0, "whole vectors per thread");
  const std::int64_t t = blockIdx.x, ti = t / tiles_c, tj = t - ti * tiles_c;
  uint4 v[N];
#pragma unroll
  for (int k = 0; k < N; ++k) {
    const int i = k * 256 + static_cast<int>(threadIdx.x), r = i / kRowVectors, c = i - r * kRowVectors;
    v[k] = __ldcs(reinterpret_cast<const uint4*>(in + (ti * R + r) * pitch_in + tj * B) + c);
  }
#pragma unroll
  for (int k = 0; k < N; ++k) {
    const int i = k * 256 + static_cast<int>(threadIdx.x), r = i / kRowVectors, c = i - r * kRowVectors;
    unsigned char* row = MIRROR ? out + (tj * R + r) * pitch_out + ti * B : out + (ti * R + r) * pitch_out + tj * B;
    __stcs(reinterpret_cast<uint4*>(row) + c, v[k]);
  }
}

template <int R, int B, bool MIRROR>
void pattern_variant(sweep& s, const bench_case& c) {
  const std::int64_t row_bytes = c.cols * static_cast<std::int64_t>(c.e);
  if (c.rows % R != 0 || row_bytes % B != 0) return;
  if (MIRROR && B != R * static_cast<int>(c.e)) return;
  const std::int64_t tiles_c = row_bytes / B, tiles = c.rows / R * tiles_c;
  const std::int64_t pitch_out = MIRROR ? c.rows * static_cast<std::int64_t>(c.e) : row_bytes;
  char name[80];
  std::snprintf(name, sizeof name, "%s %d rows x %d B", MIRROR ? "mirrored tiles" : "tiled copy", R, B);
  s.report(name, [&](const void* in, void* out) {
    pattern_copy<R, B, MIRROR><<<static_cast<unsigned>(tiles), 256>>>(static_cast<const unsigned char*>(in),
                                                                        static_cast<unsigned char*>(out), row_bytes,
                                                                        pitch_out, tiles_c);
  }, false);
}

void run_pattern_case(const bench_case& c) {
  sweep s(c);
  const std::size_t n16 = s.bytes() / 16;
  s.report("copy unrolled x1", [&](const void* in, void* out) {
    copy_unrolled<1><<<static_cast<unsigned>((n16 + 255) / 256), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  s.report_auto();
  pattern_variant<64, 256, true>(s, c);    // fp32: the vectorized tile's 64 x 64
  pattern_variant<32, 256, true>(s, c);    // fp64: the padded tile's 32 x 32
  pattern_variant<32, 512, true>(s, c);    // complex double: 32 x 32
  pattern_variant<128, 512, true>(s, c);   // fp32 128 x 128
  pattern_variant<64, 256, false>(s, c);
  pattern_variant<32, 256, false>(s, c);
  pattern_variant<16, 1024, false>(s, c);
  pattern_variant<8, 2048, false>(s, c);
  pattern_variant<128, 512, false>(s, c);
}

// Sweep 48 (session 37): the in-place squares' memory pattern without the transpose. A block
// owns the pair of TILE x TILE tiles (i, j) / (j, i), i <= j (upper_triangle_pair, the order of
// inplace_square_vector_kernel), loads both with 16-byte loads and then either stores each
// tile's vectors unchanged at the other's place (TRANSPOSE false: the footprint of an in-place
// tile-pair transpose with no transposition and no shared memory; the result is not a
// transpose) or stages both in shared memory and stores them transposed (TRANSPOSE true: the
// production kernel's scheme with the tile size and block size as parameters). n % TILE == 0.
template <class T, int TILE, int THREADS, bool TRANSPOSE, bool STORE_CS>
__global__ void __launch_bounds__(THREADS) pair_pattern(T* mat, std::int64_t n, std::int64_t tiles) {
  constexpr int E = sizeof(T), V = 16 / E, VPR = TILE / V, PER = TILE * VPR / THREADS;
  static_assert(PER >= 1 && (TILE * VPR) % THREADS == 0 && VPR % 8 == 0, "whole vectors per thread");
  extern __shared__ __align__(16) unsigned char smem[];
  T(*a)[TILE + 1] = reinterpret_cast<T(*)[TILE + 1]>(smem);
  T(*b)[TILE + 1] = a + TILE;
  union pack {
    uint4 v;
    T e[V];
  };
  const std::int64_t pairs = tiles * (tiles + 1) / 2;
  for (std::int64_t x = blockIdx.x; x < pairs; x += gridDim.x) {
    std::int64_t i, j;
    upper_triangle_pair(x, tiles, i, j);
    const std::int64_t r0 = i * TILE, c0 = j * TILE;
    const bool diagonal = i == j;
    uint4 va[PER], vb[PER];
#pragma unroll
    for (int k = 0; k < PER; ++k) {
      int row, vc;
      slot_position<VPR>(threadIdx.x + k * THREADS, row, vc);
      va[k] = *reinterpret_cast<const uint4*>(mat + (r0 + row) * n + c0 + vc * V);
      if (!diagonal) vb[k] = *reinterpret_cast<const uint4*>(mat + (c0 + row) * n + r0 + vc * V);
    }
    auto store = [](T* p, const uint4& v) {
      if constexpr (STORE_CS) {
        __stcs(reinterpret_cast<uint4*>(p), v);
      } else {
        *reinterpret_cast<uint4*>(p) = v;
      }
    };
    if constexpr (!TRANSPOSE) {
      if (diagonal) continue;  // a diagonal tile stays where it is
#pragma unroll
      for (int k = 0; k < PER; ++k) {
        int row, vc;
        slot_position<VPR>(threadIdx.x + k * THREADS, row, vc);
        store(mat + (c0 + row) * n + r0 + vc * V, va[k]);
        store(mat + (r0 + row) * n + c0 + vc * V, vb[k]);
      }
    } else {
#pragma unroll
      for (int k = 0; k < PER; ++k) {
        int row, vc;
        slot_position<VPR>(threadIdx.x + k * THREADS, row, vc);
        pack pa, pb;
        pa.v = va[k];
        pb.v = vb[k];
#pragma unroll
        for (int e = 0; e < V; ++e) {
          a[row][vc * V + e] = pa.e[e];
          if (!diagonal) b[row][vc * V + e] = pb.e[e];
        }
      }
      __syncthreads();
#pragma unroll
      for (int k = 0; k < PER; ++k) {
        int orow, ovc;
        slot_position<VPR>(threadIdx.x + k * THREADS, orow, ovc);
        pack pa, pb;
#pragma unroll
        for (int e = 0; e < V; ++e) {
          pa.e[e] = a[ovc * V + e][orow];
          if (!diagonal) pb.e[e] = b[ovc * V + e][orow];
        }
        store(mat + (c0 + orow) * n + r0 + ovc * V, pa.v);
        if (!diagonal) store(mat + (r0 + orow) * n + c0 + ovc * V, pb.v);
      }
      __syncthreads();
    }
  }
}

// CAP > 0: a persistent grid of CAP blocks an SM (at most what fits) walking the pairs a grid
// apart, so that at most CAP pairs an SM are in flight; CAP 0: one block a pair.
template <class T, int TILE, int THREADS, bool TRANSPOSE, bool STORE_CS = false>
void pair_pattern_variant(sweep& s, std::int64_t n, int cap = 0) {
  if (n % TILE != 0) return;
  const std::int64_t tiles = n / TILE, pairs = tiles * (tiles + 1) / 2;
  const int smem = TRANSPOSE ? 2 * TILE * (TILE + 1) * static_cast<int>(sizeof(T)) : 0;
  auto kernel = pair_pattern<T, TILE, THREADS, TRANSPOSE, STORE_CS>;
  XPOSE_TOOLING_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int per_sm = 0, sms = 0;
  XPOSE_TOOLING_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, smem));
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  if (cap > per_sm) return;
  const std::int64_t grid = cap > 0 ? std::min<std::int64_t>(pairs, std::int64_t{cap} * sms) : pairs;
  char name[96];
  std::snprintf(name, sizeof name, "%s %d^2 x%d%s, %d/SM", TRANSPOSE ? "pairs" : "swap pattern", TILE, THREADS,
                STORE_CS ? " cs" : "", cap > 0 ? cap : per_sm);
  s.report_inplace(name, [&](void* d) {
    kernel<<<static_cast<unsigned>(grid), THREADS, smem>>>(static_cast<T*>(d), n, tiles);
  }, TRANSPOSE);
}

template <class T>
void pair_pattern_variants(sweep& s, std::int64_t n) {
  constexpr int E = sizeof(T);
  constexpr int TILE = E == 4 ? 64 : 32;  // the production tile (tile_for)
  for (int cap : {0, 1, 2, 3, 4, 6}) pair_pattern_variant<T, TILE, 128, true>(s, n, cap);
  for (int cap : {0, 1, 2, 4}) pair_pattern_variant<T, TILE, 128, false>(s, n, cap);
  pair_pattern_variant<T, 2 * TILE, 256, false>(s, n);
  pair_pattern_variant<T, 2 * TILE, 256, true>(s, n);
  if constexpr (E == 16) {
    for (int cap : {0, 2, 4, 6}) pair_pattern_variant<T, 16, 64, true>(s, n, cap);
  }
}

void run_pair_pattern_case(const bench_case& c) {
  sweep s(c);
  const std::size_t n16 = s.bytes() / 16;
  s.report("copy unrolled x1", [&](const void* in, void* out) {
    copy_unrolled<1><<<static_cast<unsigned>((n16 + 255) / 256), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  s.report_auto("xpose auto (out of place)");
  s.report_inplace("xpose in place (production)", [&](void* d) {
    transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, nullptr, 0, nullptr);
  });
  switch (c.e) {
    case 4: pair_pattern_variants<std::uint32_t>(s, c.rows); break;
    case 8: pair_pattern_variants<unsigned long long>(s, c.rows); break;
    default: pair_pattern_variants<uint4>(s, c.rows); break;
  }
  s.report_inplace("xpose in place (production) again", [&](void* d) {
    transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, nullptr, 0, nullptr);
  }, false);
}

// Sweep 32: the square grid's walks (split_walks.cuh) against the bound of their memory
// pattern (next-copy) (bench/results/h200/experiments/sweep32_square_grid_walks.txt; its
// segmented walks and test-free chains, not taken, are in this file at commit 6915ed3).

/** The walks' DRAM footprint without their chains: super-element q of `in` copied to next(q)
    of `out`, one piece per thread. */
template <class C>
__global__ void __launch_bounds__(256) next_copy_kernel(const C* in, C* out, int pieces, square_grid_cycles cycles) {
  const std::int64_t t = std::int64_t{blockIdx.x} * 256 + threadIdx.x;
  const std::int64_t q = t / pieces, i = t - q * pieces;
  if (q < 1 || q >= cycles.modulus) return;
  out[cycles.next(q) * pieces + i] = in[q * pieces + i];
}

template <class C, class Squares>
void walk_variants(sweep& s, const bench_case& c, const square_grid_plan& sg, unsigned char* ws, Squares squares) {
  const std::int64_t se_bytes = sg.side * static_cast<std::int64_t>(c.e);
  const std::int64_t pieces = se_bytes / static_cast<std::int64_t>(sizeof(C));
  char name[80];
  std::snprintf(name, sizeof name, "pattern next-copy (%zu-byte pieces)", sizeof(C));
  s.report(name, [&](const void* in, void* out) {
    const std::int64_t n = (sg.cycles.modulus + 1) * pieces;
    next_copy_kernel<C><<<static_cast<unsigned>((n + 255) / 256), 256>>>(static_cast<const C*>(in), static_cast<C*>(out),
                                                                        static_cast<int>(pieces), sg.cycles);
  }, false);
  // Each row runs the squares, then the walks: checked against the reference, timed whole.
  auto variant = [&](const char* label, auto run) {
    s.report_inplace(label, [&](void* d) {
      squares(d);
      run(static_cast<unsigned char*>(d));
    });
  };
  variant("walks: production", [&](unsigned char* d) {
    launch_split_walks(d, ws, se_bytes, sg.cycles, sg.splits, se_bytes >= 4096, nullptr);
  });
  variant("walks: production, own launch", [&](unsigned char* d) {
    launch_split_walks(d, ws, se_bytes, sg.cycles, sg.splits, true, nullptr);
  });
}

void run_walks_case(const bench_case& c) {
  const square_grid_plan sg = make_square_grid_plan(c.rows, c.cols, static_cast<std::int64_t>(c.e));
  if (!sg.use) return;
  sweep s(c);
  const std::int64_t lines = square_grid_workspace_lines(c.rows, c.cols);
  device_buffer ws(static_cast<std::size_t>(lines * std::max(c.rows, c.cols)) * c.e);
  std::printf("  grid %lld x %lld squares of %lld, every %lld, %lld split points\n", static_cast<long long>(sg.grid_rows),
              static_cast<long long>(sg.grid_cols), static_cast<long long>(sg.side), static_cast<long long>(sg.splits.every),
              static_cast<long long>(sg.splits.count));
  s.report_inplace("xpose in place (production)", [&](void* d) {
    transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, ws.get(), ws.size(), nullptr);
  });
  auto squares = [&](void* d) {
    const std::int64_t count = sg.grid_rows * sg.grid_cols;
    const grid_squares layout{sg.side, sg.grid_cols, count, count * sg.side * sg.side};
    switch (c.e) {
      case 1: launch_inplace_grid_squares<std::uint8_t>(static_cast<std::uint8_t*>(d), count, layout, nullptr); break;
      case 2: launch_inplace_grid_squares<std::uint16_t>(static_cast<std::uint16_t*>(d), count, layout, nullptr); break;
      case 4: launch_inplace_grid_squares<std::uint32_t>(static_cast<std::uint32_t*>(d), count, layout, nullptr); break;
      default: break;
    }
  };
  s.report_inplace("squares only", squares, false);
  const std::int64_t se_bytes = sg.side * static_cast<std::int64_t>(c.e);
  unsigned char* w = static_cast<unsigned char*>(ws.get());
  if (se_bytes % 16 == 0) {
    walk_variants<uint4>(s, c, sg, w, squares);
  } else if (se_bytes % 8 == 0) {
    walk_variants<uint2>(s, c, sg, w, squares);
  }
}

// Sweep 33: cuBLAS geam's footprint for unaligned rows (Nsight Compute on 4095 x 4097:
// transpose_readWrite_alignment_kernel, 256 threads, 32 registers, 8.3 KB of shared memory,
// 95% occupancy, a third of the sector tile's instructions): element accesses on a
// TR x TC tile, TR input rows (the output row segment) by TC input columns, no sector logic,
// its grid's x dimension down the tile rows, which turned out to be what gained (column
// tile order, core/problem.hpp: tile_order). Sweep 35: for 4 bytes at 64 x 32 it compiles to 36
// registers (6 blocks per SM) and beats cuBLAS at 4095 x 4097; at 32 registers (8 blocks per SM,
// as the same tile built into the library took) it loses 5 points
// (experiments/sweep35_unaligned_element_tile.txt). Sweep 36: without the streaming hints it
// gains 6-8 more, and that version is auto's element tile. The kernel is shared with the
// library (src/kernels/element_tile.cuh), its block size and hints parameters;
// rect_variant's defaults are the sweep 33 kernel (both streaming hints).
template <class T, int TR, int TC, int THREADS = 256, bool LDCS = true, bool STCS = true>
void rect_variant(sweep& s, const bench_case& c) {
  char name[80];
  if (THREADS == 256 && LDCS && STCS) {
    std::snprintf(name, sizeof name, "rect tile %d rows x %d cols", TR, TC);
  } else {
    std::snprintf(name, sizeof name, "rect %dx%d %d thr %s/%s", TR, TC, THREADS, LDCS ? "ldcs" : "ld", STCS ? "stcs" : "st");
  }
  s.report(name, [&](const void* in, void* out) {
    const dim3 grid(static_cast<unsigned>((c.rows + TR - 1) / TR), static_cast<unsigned>((c.cols + TC - 1) / TC));
    element_tile_kernel<T, TR, TC, THREADS, LDCS, STCS>
        <<<grid, THREADS>>>(static_cast<const T*>(in), static_cast<T*>(out), c.rows, c.cols);
  }, true);
}

// Sweep 36: the element tile's neighbours (block size, hints, tile shape) on unaligned shapes.
void run_rect36_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 4) {
    rect_variant<unsigned, 64, 32>(s, c);
    rect_variant<unsigned, 64, 32, 256, false, true>(s, c);
    rect_variant<unsigned, 64, 32, 256, true, false>(s, c);
    rect_variant<unsigned, 64, 32, 256, false, false>(s, c);
    rect_variant<unsigned, 64, 32, 128>(s, c);
    rect_variant<unsigned, 64, 32, 512>(s, c);
    rect_variant<unsigned, 96, 32>(s, c);
    rect_variant<unsigned, 64, 16>(s, c);
    rect_variant<unsigned, 32, 32, 128>(s, c);
    rect_variant<unsigned, 128, 32, 512>(s, c);
  } else if (c.e == 8) {
    rect_variant<unsigned long long, 32, 32>(s, c);
    rect_variant<unsigned long long, 32, 32, 256, false, true>(s, c);
    rect_variant<unsigned long long, 32, 32, 256, true, false>(s, c);
    rect_variant<unsigned long long, 32, 32, 128>(s, c);
    rect_variant<unsigned long long, 64, 32, 512>(s, c);
    rect_variant<unsigned long long, 64, 16>(s, c);
  }
}

void run_rect_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 8) {
    rect_variant<unsigned long long, 32, 32>(s, c);
    rect_variant<unsigned long long, 64, 32>(s, c);
    rect_variant<unsigned long long, 128, 32>(s, c);
    rect_variant<unsigned long long, 64, 16>(s, c);
    rect_variant<unsigned long long, 64, 64>(s, c);
    rect_variant<unsigned long long, 32, 64>(s, c);
  } else if (c.e == 16) {
    rect_variant<uint4, 32, 32>(s, c);
    rect_variant<uint4, 64, 32>(s, c);
    rect_variant<uint4, 32, 16>(s, c);
    rect_variant<uint4, 16, 32>(s, c);
    rect_variant<uint4, 64, 16>(s, c);
  } else if (c.e == 4) {
    rect_variant<unsigned, 32, 32>(s, c);
    rect_variant<unsigned, 64, 32>(s, c);
    rect_variant<unsigned, 64, 64>(s, c);
    rect_variant<unsigned, 128, 32>(s, c);
    rect_variant<unsigned, 128, 64>(s, c);
    rect_variant<unsigned, 32, 64>(s, c);
  }
}

// Sweep 48 (session 37): 16-byte elements on large aligned squares and rectangles, where auto
// and cuBLAS both read 92-95% of memcpy while 8-byte elements at the same row pitch read 98%:
// padded tiles in column order whose row runs are 256 bytes on both sides (16 x 16, the 8-byte
// 32 x 32 tile's footprint) or 128 bytes on one side, against auto's split tile.
void run_rect16_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  rect_variant<uint4, 16, 16, 64>(s, c);
  rect_variant<uint4, 16, 16, 128>(s, c);
  rect_variant<uint4, 16, 16, 256>(s, c);
  rect_variant<uint4, 16, 16, 64, false, false>(s, c);
  rect_variant<uint4, 16, 16, 128, true, false>(s, c);
  rect_variant<uint4, 32, 16, 128>(s, c);
  rect_variant<uint4, 16, 32, 128>(s, c);
  rect_variant<uint4, 8, 16, 64>(s, c);
  rect_variant<uint4, 16, 8, 64>(s, c);
  rect_variant<uint4, 8, 8, 64>(s, c);
  rect_variant<uint4, 32, 32>(s, c);
  s.report_auto("xpose auto again");
}

// Sweep 36: streaming (evict-first) hints against plain accesses on rows that are not
// 16-byte aligned, where neighbouring tiles share the sectors at their edges. (Run 4 also
// timed auto with plain loads in the realigned and unaligned tiles, through a switch that
// lived only in that build: level or lower, not taken.)
void run_hints_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 4) {
    rect_variant<unsigned, 64, 32>(s, c);
    rect_variant<unsigned, 64, 32, 256, false, true>(s, c);
    rect_variant<unsigned, 64, 32, 256, false, false>(s, c);
  } else if (c.e == 8) {
    rect_variant<unsigned long long, 32, 32>(s, c);
    rect_variant<unsigned long long, 32, 32, 256, false, true>(s, c);
    rect_variant<unsigned long long, 32, 32, 256, false, false>(s, c);
    rect_variant<unsigned long long, 64, 32, 256, false, false>(s, c);
  } else if (c.e == 2) {
    rect_variant<unsigned short, 64, 64, 256, false, false>(s, c);
    rect_variant<unsigned short, 128, 32, 256, false, false>(s, c);
  } else if (c.e == 1) {
    rect_variant<unsigned char, 128, 64, 256, false, false>(s, c);
    rect_variant<unsigned char, 128, 32, 256, false, false>(s, c);
  }
}

// Sweep 36, aligned rows in column order: the streaming hints of auto's 1-, 2- and 4-byte
// kernels against plain accesses, and the element tile (plain) on aligned rows.
void run_hints_aligned_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    warp_grid_variant<std::uint8_t, 4, 1, 4, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 4, false>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 1, true>(s);
    warp_grid_variant<std::uint8_t, 4, 1, 1, false>(s);
  } else if (c.e == 2) {
    warp_grid_variant<std::uint16_t, 4, 2, 2, true>(s);
    warp_grid_variant<std::uint16_t, 4, 2, 2, false>(s);
    warp_grid_variant<std::uint16_t, 4, 1, 4, true>(s);
    warp_grid_variant<std::uint16_t, 4, 1, 4, false>(s);
  } else if (c.e == 4) {
    s.report("vectorized streaming (columns)", [&](const void* in, void* out) { launch_vectorized_streaming<std::uint32_t>(s.make_plan(in, out)); }, true);
    s.report("vectorized plain (columns)", [&](const void* in, void* out) { launch_vectorized<std::uint32_t>(s.make_plan(in, out)); }, true);
    rect_variant<unsigned, 64, 32, 256, false, false>(s, c);
  } else if (c.e == 8) {
    rect_variant<unsigned long long, 32, 32, 256, false, false>(s, c);
    rect_variant<unsigned long long, 64, 32, 256, false, false>(s, c);
  } else if (c.e == 16) {
    rect_variant<uint4, 32, 32, 256, false, false>(s, c);
    rect_variant<uint4, 32, 16, 256, false, false>(s, c);
    rect_variant<uint4, 64, 16, 256, false, false>(s, c);
  }
}

// Sweep 37: the residue tile (src/kernels/residue_tile.cuh) for 1- and 2-byte elements on
// unaligned rows (auto runs it for bytes from run9 on), blocks per SM asked of the launch
// bounds, and the tile order.
template <class T, int MINB>
void residue_variant(sweep& s, tile_order order = tile_order::columns) {
  char name[80];
  std::snprintf(name, sizeof name, "residue %d/SM%s", MINB, order == tile_order::rows ? ", rows" : "");
  s.report(name, [&](const void* in, void* out) {
    const plan p = s.make_plan(in, out);
    using S = residue_shape<sizeof(T)>;
    const tiling g = make_tiling(p, S::ROWS, S::COLS, order);
    residue_tile_kernel<T, MINB>
        <<<grid_for(g), S::THREADS>>>(make_view<T>(p), g, reinterpret_cast<std::uintptr_t>(p.in), input_end<T>(p));
  }, true);
}

void run_residue_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    residue_variant<std::uint8_t, 4>(s);
    residue_variant<std::uint8_t, 4>(s, tile_order::rows);
  } else {
    residue_variant<std::uint16_t, 4>(s);
    residue_variant<std::uint16_t, 4>(s, tile_order::rows);
  }
}

// Sweep 38: the residue tile on fewer blocks than tiles (each block walks DIV tiles of its tile
// row, a grid stride apart, so the per-block set-up is paid once per DIV tiles), and with the
// rows of the block's next tile prefetched into L2 by the bulk-copy engine while it works on
// the current one (no registers or shared memory held for it).
__device__ __forceinline__ void sweep_prefetch_l2(std::uintptr_t a, unsigned bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(a), "r"(bytes) : "memory");
}

template <class T, int MINB, bool PREFETCH>
__global__ void __launch_bounds__(256, MINB)
    residue_persistent_kernel(matrix_view<T> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  using S = residue_shape<sizeof(T)>;
  __shared__ uint4 staged[S::kSharedRows * 8];
  g.for_each_tile([&](const tile_coord& at) {
    if constexpr (PREFETCH) {
      // Column order: the block's next tile is gridDim.y tile columns to the right.
      const std::int64_t c_next = at.c0 + static_cast<std::int64_t>(gridDim.y) * S::COLS;
      const std::int64_t r = at.r0 - S::HALO + static_cast<std::int64_t>(threadIdx.x);
      if (c_next < m.cols && threadIdx.x < kResidueStagedRows && r >= 0 && r < m.rows) {
        const auto a = reinterpret_cast<std::uintptr_t>(m.in_row(at.b, r) + c_next) & ~std::uintptr_t{15};
        if (a >= in_lo && a + 144 <= in_hi) sweep_prefetch_l2(a, 144);
      }
    }
    residue_tile(m, at, in_lo, in_hi, staged);
  });
}

// The same on exactly `resident` blocks that walk the tiles of column order a grid apart
// (linear tile k + i * gridDim.x), so the tiles in flight are those of the one-tile-per-block
// grid; PREFETCH: the block's next tile's rows go to L2 first.
template <class T, bool PREFETCH>
__global__ void __launch_bounds__(256, 4)
    residue_linear_kernel(matrix_view<T> m, tiling g, std::uintptr_t in_lo, std::uintptr_t in_hi) {
  using S = residue_shape<sizeof(T)>;
  __shared__ uint4 staged[S::kSharedRows * 8];
  const auto nr = static_cast<std::uint32_t>(g.tiles_r);
  const auto total = static_cast<std::uint32_t>(g.tiles_r * g.tiles_c);
  for (std::uint32_t k = blockIdx.x; k < total; k += gridDim.x) {
    const tile_coord at{0, static_cast<std::int64_t>(k % nr) * S::ROWS, static_cast<std::int64_t>(k / nr) * S::COLS};
    if constexpr (PREFETCH) {
      const std::uint32_t kn = k + gridDim.x;
      const std::int64_t r = static_cast<std::int64_t>(kn % nr) * S::ROWS - S::HALO + static_cast<std::int64_t>(threadIdx.x);
      const std::int64_t c = static_cast<std::int64_t>(kn / nr) * S::COLS;
      if (kn < total && threadIdx.x < kResidueStagedRows && r >= 0 && r < m.rows) {
        const auto a = reinterpret_cast<std::uintptr_t>(m.in_row(0, r) + c) & ~std::uintptr_t{15};
        if (a >= in_lo && a + 144 <= in_hi) sweep_prefetch_l2(a, 144);
      }
    }
    residue_tile(m, at, in_lo, in_hi, staged);
  }
}

template <class T, bool PREFETCH>
void linear_variant(sweep& s, int per_sm) {
  char name[80];
  std::snprintf(name, sizeof name, "residue, %d blocks/SM walking%s", per_sm, PREFETCH ? ", L2 prefetch" : "");
  int sms = 0;
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  s.report(name, [&](const void* in, void* out) {
    const plan p = s.make_plan(in, out);
    using S = residue_shape<sizeof(T)>;
    const tiling g = make_tiling(p, S::ROWS, S::COLS, tile_order::columns);
    residue_linear_kernel<T, PREFETCH><<<static_cast<unsigned>(sms * per_sm), S::THREADS>>>(
        make_view<T>(p), g, reinterpret_cast<std::uintptr_t>(p.in), input_end<T>(p));
  }, true);
}

template <class T, bool PREFETCH>
void persistent_variant(sweep& s, int div) {
  char name[80];
  std::snprintf(name, sizeof name, "residue, %d tiles/block%s", div, PREFETCH ? ", L2 prefetch" : "");
  s.report(name, [&](const void* in, void* out) {
    const plan p = s.make_plan(in, out);
    using S = residue_shape<sizeof(T)>;
    const tiling g = make_tiling(p, S::ROWS, S::COLS, tile_order::columns);
    dim3 grid = grid_for(g);
    grid.y = (grid.y + div - 1) / div;
    residue_persistent_kernel<T, 4, PREFETCH>
        <<<grid, S::THREADS>>>(make_view<T>(p), g, reinterpret_cast<std::uintptr_t>(p.in), input_end<T>(p));
  }, true);
}

template <class T>
void persistent_variants(sweep& s) {
  residue_variant<T, 4>(s);
  for (int div : {1, 2, 4, 8}) {
    if (div > 1) persistent_variant<T, false>(s, div);
    persistent_variant<T, true>(s, div);
  }
}

template <class T>
void linear_variants(sweep& s) {
  residue_variant<T, 4>(s);
  for (int per_sm : {4, 8}) {
    linear_variant<T, false>(s, per_sm);
    linear_variant<T, true>(s, per_sm);
  }
}

/** auto, then VARIANTS_1 for bytes or VARIANTS_2 for 2-byte elements. */
template <void (*VARIANTS_1)(sweep&), void (*VARIANTS_2)(sweep&)>
void run_residue_variants_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    VARIANTS_1(s);
  } else {
    VARIANTS_2(s);
  }
}

// Sweep 40: fp32 8192^2 as a view of a 9000^2 buffer (ld 9000 on both sides: 36000-byte
// pitches) against the packed matrix: auto's kernel (the streaming vectorized tile in column
// order) in the other tile orders and without hints, the split tile's shapes, the element tile.
// The vectorized tile with its tile in dynamic shared memory, for tiles above 48 KiB.
template <class T, int TILE, int THREADS, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) wide_vectorized_kernel(matrix_view<T> m, tiling g, bool vec_in, bool vec_out) {
  extern __shared__ uint4 dynamic_tile[];
  auto& tile = *reinterpret_cast<T(*)[TILE][TILE + 1]>(dynamic_tile);
  g.for_each_tile([&](const tile_coord& at) {
    vectorized_tile<T, TILE, TILE, THREADS, true>(m, at, vec_in, vec_out, /*stream_edges=*/false, tile);
  });
}

template <class T, int TILE, int THREADS, int MIN_BLOCKS>
void launch_wide_vectorized(const plan& p) {
  constexpr int kBytes = TILE * (TILE + 1) * sizeof(T);
  XPOSE_TOOLING_CUDA(cudaFuncSetAttribute(wide_vectorized_kernel<T, TILE, THREADS, MIN_BLOCKS>,
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, kBytes));
  const tiling g = make_tiling(p, TILE, TILE, p.order);
  wide_vectorized_kernel<T, TILE, THREADS, MIN_BLOCKS><<<grid_for(g), THREADS, kBytes>>>(make_view<T>(p), g, p.vec_in, p.vec_out);
}


// The library's streaming vectorized tile (vectorized_tile.cuh) with rectangular tiles: TR input
// rows x TC input columns (input row runs of TC * 4 bytes), fp32.
template <int TR, int TC, int THREADS, int MIN_BLOCKS>
void library_rect_variant(sweep& s) {
  char name[80];
  std::snprintf(name, sizeof name, "vectorized %dx%d, %d thr %d/SM", TR, TC, THREADS, MIN_BLOCKS);
  s.report(name, [&](const void* in, void* out) {
    launch_vectorized_variant<std::uint32_t, TR, TC, THREADS, MIN_BLOCKS, true>(s.make_plan(in, out));
  }, true);
}

// auto against the two rectangular tiles that led at ld 9000 (modes sides and rectpitch; run5 of
// sides timed sweep-local rectangular tiles instead, in git history at 03fc762).
void run_rect_choice_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  library_rect_variant<32, 128, 256, 4>(s);
  library_rect_variant<64, 128, 512, 2>(s);
}

void run_rectvec_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  library_rect_variant<64, 64, 256, 4>(s);
  library_rect_variant<32, 128, 256, 4>(s);
  library_rect_variant<32, 128, 128, 8>(s);
  library_rect_variant<32, 256, 256, 3>(s);
  library_rect_variant<64, 128, 512, 2>(s);
  library_rect_variant<64, 128, 256, 3>(s);
}

void run_submatrix_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  auto with_order = [&](tile_order order) {
    return [&s, order](const void* in, void* out) {
      plan p = s.make_plan(in, out);
      p.order = order;
      launch_vectorized_streaming<std::uint32_t>(p);
    };
  };
  s.report("vectorized streaming, rows", with_order(tile_order::rows), true);
  s.report("vectorized streaming, columns", with_order(tile_order::columns), true);
  s.report("vectorized plain", [&](const void* in, void* out) { launch_vectorized<std::uint32_t>(s.make_plan(in, out)); }, true);
  s.report("element tile (strided kernel)", [&](const void* in, void* out) { launch_element_tile_strided_4(s.make_plan(in, out)); }, true);
  split_variants<4>(s);
  s.report("vectorized streaming 128 wide, 512 thr", [&](const void* in, void* out) {
    launch_wide_vectorized<std::uint32_t, 128, 512, 2>(s.make_plan(in, out));
  }, true);
  s.report("vectorized streaming 128 wide, 1024 thr", [&](const void* in, void* out) {
    launch_wide_vectorized<std::uint32_t, 128, 1024, 1>(s.make_plan(in, out));
  }, true);
  s.report("vectorized streaming 64 wide, 128 thr", [&](const void* in, void* out) {
    launch_vectorized_variant<std::uint32_t, 64, 64, 128, 8, true>(s.make_plan(in, out));
  }, true);
  s.report("vectorized streaming 64 wide, 512 thr", [&](const void* in, void* out) {
    launch_vectorized_variant<std::uint32_t, 64, 64, 512, 2, true>(s.make_plan(in, out));
  }, true);
}

// Sweep 36: the element tile for strided batches (element_tile_strided_kernel) against
// auto's path for them, on packed batches whose rows are not 16-byte aligned.
void run_strided_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  s.report("element tile, strided kernel", [&](const void* in, void* out) {
    const plan p = s.make_plan(in, out);
    if (c.e == 4) {
      launch_element_tile_strided_4(p);
    } else {
      launch_element_tile_strided_8(p);
    }
  }, true);
}

void run_inplace_case(const bench_case& c) {
  sweep s(c);
  s.report_auto("xpose auto (out of place)");
  s.report_inplace("xpose in place (production)", [&](void* d) {
    transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, nullptr, 0, nullptr);
  });
  switch (c.e) {
    case 1: region_variants<std::uint8_t>(s, c.rows); break;
    case 2: region_variants<std::uint16_t>(s, c.rows); break;
    case 4: region_variants<std::uint32_t>(s, c.rows); break;
    case 8: region_variants<unsigned long long>(s, c.rows); break;
    default: region_variants<uint4>(s, c.rows); break;
  }
}

void run_case(const bench_case& c, bool tma) {
  sweep s(c);
  int sms = 0;
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const std::size_t n16 = s.bytes() / 16;
  s.report("copy unrolled x1", [&](const void* in, void* out) {
    copy_unrolled<1><<<static_cast<unsigned>((n16 + 255) / 256), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  for (const strategy k : {strategy::automatic}) {
    s.report(std::string("xpose ") + std::string(to_string(k)), [&](const void* in, void* out) {
      options o;
      o.kernel = k;
      transpose_bytes(in, out, 1, c.rows, c.cols, c.e, batched_options{o});
    }, true);
  }
  if (tma) {
    switch (c.e) {
      case 4: tma_variants<4>(s, c); break;
      case 8: tma_variants<8>(s, c); break;
      case 16: tma_variants<16>(s, c); break;
      default: break;
    }
    return;
  }
  switch (c.e) {
    case 1: split_variants<1>(s); break;
    case 2: split_variants<2>(s); break;
    case 4: split_variants<4>(s); break;
    case 8: split_variants<8>(s); break;
    default: split_variants<16>(s); break;
  }
}

// Sweep 41: resident blocks per SM in column order. Every resident block of the bytes
// register tile holds a 256 x 256-byte tile (256 bytes per thread, four times the fp32 tile's
// 64), so at full occupancy the blocks running together write into about half of all output
// rows of 8192^2 at once; fewer blocks per SM keep that band narrower. Dynamic shared memory
// that the kernel never touches caps the blocks per SM; "cap 0" launches as the library does.
// Dynamic shared memory that leaves room for `cap` blocks per SM (0: none).
std::size_t cap_padding(int cap, int static_smem) {
  return cap > 0 ? static_cast<std::size_t>(228 * 1024 / cap - 1536 - static_smem) : 0;
}

template <class Kernel, class... Args>
void launch_capped(Kernel kernel, dim3 grid, int threads, int static_smem, int cap, Args... args) {
  const std::size_t smem = cap_padding(cap, static_smem);
  if (smem > 0) {
    XPOSE_TOOLING_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  }
  kernel<<<grid, threads, smem, nullptr>>>(args...);
}

template <class Kernel>
int resident(Kernel kernel, int threads, int cap, int static_smem) {
  const std::size_t smem = cap_padding(cap, static_smem);
  int blocks = 0;
  XPOSE_TOOLING_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, smem));
  return blocks;
}

template <class T, int IW, int U, int WR>
void register_tile_caps(sweep& s) {
  using S = register_tile_shape<T, IW, U, WR>;
  auto kernel = register_tile_kernel<T, IW, U, true, WR>;
  for (const int cap : {0, 3, 2, 1}) {
    char name[96];
    std::snprintf(name, sizeof name, "register %dx%dx%d, cap %d (%d/SM)", IW, U, WR, cap, resident(kernel, 256, cap, 0));
    s.report(name, [&](const void* in, void* out) {
      plan p = s.make_plan(in, out);
      p.order = tile_order::columns;
      const tiling g = make_tiling(p, S::ROWS, S::COLS, p.order);
      launch_capped(kernel, grid_for(g), S::kThreads, 0, cap, make_view<T>(p), g);
    }, true);
  }
}

void vectorized_caps(sweep& s) {
  auto kernel = vectorized_kernel<std::uint32_t, 64, 64, 256, 4, true>;
  constexpr int kStatic = 64 * 65 * 4;
  for (const int cap : {0, 3, 2, 1}) {
    char name[96];
    std::snprintf(name, sizeof name, "vectorized 64x64, cap %d (%d/SM)", cap, resident(kernel, 256, cap, kStatic));
    s.report(name, [&](const void* in, void* out) {
      plan p = s.make_plan(in, out);
      p.order = tile_order::columns;
      const tiling g = make_tiling(p, 64, 64, p.order);
      launch_capped(kernel, grid_for(g), 256, kStatic, cap, make_view<std::uint32_t>(p), g, p.vec_in, p.vec_out,
                    stream_edge_vectors(p));
    }, true);
  }
}

void run_occupancy_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    register_tile_caps<std::uint8_t, 4, 1, 4>(s);
  } else if (c.e == 2) {
    if (std::min(c.rows, c.cols) * 2 >= 16384) {
      register_tile_caps<std::uint16_t, 4, 2, 2>(s);
    } else {
      register_tile_caps<std::uint16_t, 4, 1, 4>(s);
    }
  } else {
    vectorized_caps(s);
  }
}

// Sweep 41, runs 2-: more resident blocks per SM through the launch bounds (the registers the
// compiler may use), L1 left as it is. The bytes register tile takes 94 registers (2 blocks of
// 256 per SM), the 2-byte 4 x 2 x 2 one 92; the fp32 vectorized tile is bounded to 4 per SM.
template <class T, int IW, int U, int WR, int MIN_BLOCKS>
void register_tile_min_blocks(sweep& s) {
  char name[96];
  std::snprintf(name, sizeof name, "register %dx%dx%d, min blocks %d", IW, U, WR, MIN_BLOCKS);
  s.report(name, [&](const void* in, void* out) {
    plan p = s.make_plan(in, out);
    p.order = tile_order::columns;
    launch_register_tile_variant<T, IW, U, true, WR, MIN_BLOCKS>(p);
  }, true);
}

template <int MIN_BLOCKS>
void vectorized_min_blocks(sweep& s) {
  char name[96];
  std::snprintf(name, sizeof name, "vectorized 64x64, min blocks %d", MIN_BLOCKS);
  s.report(name, [&](const void* in, void* out) {
    plan p = s.make_plan(in, out);
    p.order = tile_order::columns;
    launch_vectorized_variant<std::uint32_t, 64, 64, 256, MIN_BLOCKS, true>(p);
  }, true);
}

void run_min_blocks_case(const bench_case& c) {
  sweep s(c);
  s.report_auto();
  if (c.e == 1) {
    register_tile_min_blocks<std::uint8_t, 4, 1, 4, 0>(s);
    register_tile_min_blocks<std::uint8_t, 4, 1, 4, 3>(s);
    register_tile_min_blocks<std::uint8_t, 4, 1, 4, 4>(s);
    register_tile_min_blocks<std::uint8_t, 4, 1, 1, 3>(s);
  } else if (c.e == 2) {
    register_tile_min_blocks<std::uint16_t, 4, 2, 2, 0>(s);
    register_tile_min_blocks<std::uint16_t, 4, 2, 2, 3>(s);
    register_tile_min_blocks<std::uint16_t, 4, 2, 2, 4>(s);
    register_tile_min_blocks<std::uint16_t, 4, 1, 4, 6>(s);
  } else {
    vectorized_min_blocks<4>(s);
    vectorized_min_blocks<5>(s);
    vectorized_min_blocks<6>(s);
    vectorized_min_blocks<8>(s);
  }
}

// Sweep 41, run 3: the L1 / shared-memory split. Run 1 showed the register tile (no shared
// memory) losing 8 points when its carveout went to the maximum; the tile kernels that stage
// in shared memory run at whatever split the driver picks. cudaDeviceSetCacheConfig states a
// device-wide preference for every kernel without its own; `auto` and the in-place squares
// are timed under each (out of place, then in place for squares).
void run_cache_config_case(const bench_case& c) {
  sweep s(c);
  const std::pair<cudaFuncCache, const char*> configs[] = {{cudaFuncCachePreferNone, "prefer none"},
                                                           {cudaFuncCachePreferL1, "prefer L1"},
                                                           {cudaFuncCachePreferEqual, "prefer equal"},
                                                           {cudaFuncCachePreferShared, "prefer shared"}};
  for (const auto& [config, name] : configs) {
    XPOSE_TOOLING_CUDA(cudaDeviceSetCacheConfig(config));
    s.report_auto(std::string("auto, ") + name);
    if (c.rows == c.cols) {
      s.report_inplace(std::string("in place, ") + name, [&](void* d) {
        transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, nullptr, 0, nullptr);
      });
    }
  }
  XPOSE_TOOLING_CUDA(cudaDeviceSetCacheConfig(cudaFuncCachePreferNone));
}

// Session 26: auto's kernel in row and in column tile order (plan::order), twice in turn,
// on the aligned large shapes: on the H100, sweep 16's mirrored-tile copy in row order ran
// at 98.1% of memcpy at 4096^2 fp32, auto (column order) at 96.5%.
void run_order_case(const bench_case& c) {
  sweep s(c);
  auto with_order = [&s](tile_order order) {
    return [&s, order](const void* in, void* out) {
      plan p = s.make_plan(in, out);
      p.order = order;
      launch(p);
    };
  };
  for (int round = 0; round < 2; ++round) {
    s.report_auto();
    s.report("auto's kernel, rows", with_order(tile_order::rows), true);
    s.report("auto's kernel, columns", with_order(tile_order::columns), true);
  }
}

// Sweep 43 (session 26): the in-place squares of 1- and 2-byte elements whose rows are only
// 8-byte aligned, with the micro-tiles exchanged between lanes before the stores
// (inplace_region_pairs_exchange_kernel, production since) against the regions of 8-byte
// micro-tiles before it (inplace_region_pairs_kernel with W = 8, U = 4); on square matrices and
// on the squares of a grid (30000 x 7000), whose walks then run as in production.
template <class T>
void run_exchange_case_typed(const bench_case& c) {
  sweep s(c);
  constexpr bool kStreaming = sizeof(T) == 2;
  if (c.rows == c.cols) {
    const packed_squares layout{c.rows};
    for (int round = 0; round < 2; ++round) {
      s.report_inplace("before (no exchange)", [&](void* d) {
        launch_inplace_region_pairs<T, 32, kStreaming, 8, 4>(static_cast<T*>(d), 1, layout, nullptr);
      });
      s.report_inplace("exchange", [&](void* d) {
        launch_inplace_region_pairs_exchange<T, kStreaming>(static_cast<T*>(d), 1, layout, nullptr);
      });
      s.report_inplace("production", [&](void* d) { transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, nullptr, 0, nullptr); });
    }
    return;
  }
  const square_grid_plan sg = make_square_grid_plan(c.rows, c.cols, static_cast<std::int64_t>(c.e));
  if (!sg.use) return;
  const std::int64_t lines = square_grid_workspace_lines(c.rows, c.cols);
  device_buffer ws(static_cast<std::size_t>(lines * std::max(c.rows, c.cols)) * c.e);
  const std::int64_t count = sg.grid_rows * sg.grid_cols;
  const grid_squares layout{sg.side, sg.grid_cols, count, count * sg.side * sg.side};
  const std::int64_t se_bytes = sg.side * static_cast<std::int64_t>(c.e);
  auto walks = [&](void* d) {
    launch_split_walks(static_cast<unsigned char*>(d), static_cast<unsigned char*>(ws.get()), se_bytes, sg.cycles, sg.splits,
                       se_bytes >= 4096, nullptr);
  };
  auto exchange_squares = [&](void* d) {
    launch_inplace_region_pairs_exchange<T, kStreaming>(static_cast<T*>(d), count, layout, nullptr);
  };
  auto squares_before = [&](void* d) {
    launch_inplace_region_pairs<T, 32, kStreaming, 8, 4>(static_cast<T*>(d), count, layout, nullptr);
  };
  for (int round = 0; round < 2; ++round) {
    s.report_inplace("production", [&](void* d) {
      transpose_inplace_bytes(d, 1, c.rows, c.cols, c.e, ws.get(), ws.size(), nullptr);
    });
    s.report_inplace("squares before (no exchange), walks", [&](void* d) {
      squares_before(d);
      walks(d);
    });
    s.report_inplace("exchange squares, walks", [&](void* d) {
      exchange_squares(d);
      walks(d);
    });
    s.report_inplace("squares before (no exchange) only", squares_before, false);
    s.report_inplace("exchange squares only", exchange_squares, false);
  }
}

void run_exchange_case(const bench_case& c) {
  if (c.e == 1) run_exchange_case_typed<std::uint8_t>(c);
  if (c.e == 2) run_exchange_case_typed<std::uint16_t>(c);
}

using shape_list = std::vector<std::pair<std::int64_t, std::int64_t>>;

// One sweep mode: its shapes (the command line's, else `defaults`) and what runs per shape.
int run_mode(const std::string& mode, shape_list shapes) {
  const bool tma = mode == "tma";
  auto or_default = [&](const shape_list& defaults) {
    if (shapes.empty()) shapes = defaults;
  };
  if (mode == "cacheconfig") {
    const std::vector<std::tuple<std::int64_t, std::int64_t, std::size_t>> cases = {
        {4096, 4096, 4},   {8192, 2048, 4},  {2048, 8192, 4}, {4095, 4097, 4}, {16384, 1024, 8}, {4095, 4097, 8},
        {8192, 8192, 8},   {8192, 8192, 16}, {2048, 8192, 16}, {32768, 8192, 16},
        {4096, 4096, 16},  {8192, 8192, 1},  {4096, 4096, 2},  {4095, 4097, 1}, {16384, 16384, 4}};
    for (const auto& [r, c, e] : cases) run_cache_config_case({r, c, e});
  } else if (mode == "minblocks") {
    or_default({{8192, 8192}, {16384, 16384}, {32768, 8192}, {4096, 4096}, {8192, 2048}, {16384, 1024}});
    for (const std::size_t e : {1, 2, 4}) {
      for (const auto& [r, c] : shapes) run_min_blocks_case({r, c, e});
    }
  } else if (mode == "occupancy") {
    for (const std::size_t e : {1, 2, 4}) {
      for (const auto& [r, c] : shape_list{{4096, 4096}, {8192, 8192}, {16384, 16384}, {8192, 2048}, {16384, 1024},
                                           {32768, 8192}}) {
        run_occupancy_case({r, c, e});
      }
    }
  } else if (mode == "rectpitch") {
    or_default({{9000, 9000}, {5000, 5000}, {3000, 3000}, {12000, 12000}, {6000, 10000}, {10000, 6000}, {2000, 30000},
                {30000, 2000}, {8192, 9000}, {9000, 8192}, {4000, 4100}});
    for (const auto& [r, c] : shapes) run_rect_choice_case({r, c, 4});
  } else if (mode == "rectvec") {
    for (const auto& [li, lo] : std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 0}, {9000, 9000}, {9024, 9024}, {9000, 9024}}) {
      run_rectvec_case({8192, 8192, 4, 1, li, lo});
    }
    or_default({{4096, 4096}, {8192, 2048}, {2048, 8192}, {16384, 1024}, {16384, 16384}, {32768, 8192}, {9000, 9000}});
    for (const auto& [r, c] : shapes) run_rectvec_case({r, c, 4});
  } else if (mode == "sides") {
    // which side's pitch costs: fp32 8192^2 with one side on 256-byte pitches and the other not
    for (const auto& [li, lo] : std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 0}, {9000, 9000}, {9024, 9024}, {9000, 9024}, {9024, 9000}}) {
      run_rect_choice_case({8192, 8192, 4, 1, li, lo});
    }
  } else if (mode == "pitches") {
    // auto on fp32 8192^2 views whose pitches sit on different boundaries (bytes: ld * 4)
    for (const std::int64_t ld : {0, 8200, 8208, 8216, 8224, 8256, 8448, 9000, 9008, 9016, 9024, 9088, 9216}) {
      sweep s({8192, 8192, 4, 1, ld, ld});
      s.report_auto();
    }
  } else if (mode == "submatrix") {
    for (const std::int64_t ld : {0, 9000, 8448, 8200}) run_submatrix_case({8192, 8192, 4, 1, ld, ld});
    run_submatrix_case({9000, 9000, 4});
  } else if (mode == "walking") {
    or_default({{4095, 4097}, {8191, 8193}, {16383, 16385}, {8192, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2}) run_residue_variants_case<linear_variants<std::uint8_t>, linear_variants<std::uint16_t>>({r, c, e});
    }
  } else if (mode == "persist") {
    or_default({{4095, 4097}, {8191, 8193}, {16383, 16385}, {8192, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2}) run_residue_variants_case<persistent_variants<std::uint8_t>, persistent_variants<std::uint16_t>>({r, c, e});
    }
  } else if (mode == "residue") {
    or_default({{4095, 4097}, {8191, 8193}, {9001, 7003}, {16383, 16385}, {4096, 4097}, {4097, 4096}, {2047, 2049}, {8192, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2}) run_residue_case({r, c, e});
    }
  } else if (mode == "strided") {
    for (std::size_t e : {4, 8}) {
      for (const bench_case& b : {bench_case{2049, 2047, e, 4}, bench_case{4095, 4097, e, 2}, bench_case{1001, 1003, e, 16},
                                  bench_case{401, 400, e, 100}, bench_case{255, 257, e, 64}, bench_case{4095, 4097, e, 1}}) {
        run_strided_case(b);
      }
    }
  } else if (mode == "hints_aligned") {
    or_default({{4096, 4096}, {8192, 8192}, {8192, 2048}, {2048, 8192}, {16384, 1024}, {16384, 16384}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2, 4, 8, 16}) run_hints_aligned_case({r, c, e});
    }
  } else if (mode == "hints") {
    or_default({{4095, 4097}, {6143, 6145}, {8191, 8193}, {9001, 7003}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2, 4, 8}) run_hints_case({r, c, e});
    }
  } else if (mode == "rect36") {
    or_default({{4095, 4097}, {8191, 2049}, {1025, 16383}, {3501, 3500}, {5015, 5017}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {4, 8}) run_rect36_case({r, c, e});
    }
  } else if (mode == "rect") {
    or_default({{4096, 4096}, {8192, 8192}, {16384, 16384}, {8192, 2048}, {2048, 8192}, {16384, 1024}, {4095, 4097}, {32768, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {8, 4, 16}) run_rect_case({r, c, e});
    }
  } else if (mode == "walks") {
    for (std::size_t e : {1, 2, 4}) {
      run_walks_case({30000, 7000, e});
      run_walks_case({7000, 30000, e});
    }
    run_walks_case({18000, 13500, 2});
  } else if (mode == "exchange") {
    for (const bench_case& b : {bench_case{30000, 7000, 1}, bench_case{8200, 8200, 1},
                                bench_case{16392, 16392, 1}, bench_case{4104, 4104, 1}, bench_case{8196, 8196, 2},
                                bench_case{1000, 1000, 1}}) {
      run_exchange_case(b);
    }
  } else if (mode == "order") {
    or_default({{4096, 4096}, {8192, 8192}, {8192, 2048}, {2048, 8192}, {16384, 1024}, {16384, 16384}, {32768, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {4, 8, 16, 1, 2}) {
        if (r * c * static_cast<std::int64_t>(e) > (std::int64_t{1} << 30)) continue;  // host reference time
        run_order_case({r, c, e});
      }
    }
  } else if (mode == "rect16") {
    or_default({{8192, 8192}, {16384, 16384}, {2048, 8192}, {32768, 8192}, {4096, 4096}, {8192, 2048}});
    for (const auto& [r, c] : shapes) run_rect16_case({r, c, 16});
  } else if (mode == "pairs") {
    or_default({{4096, 4096}, {8192, 8192}, {16384, 16384}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {16, 8, 4}) {
        if (r * r * static_cast<std::int64_t>(e) > (std::int64_t{4} << 30)) continue;  // host reference time
        run_pair_pattern_case({r, r, e});
      }
    }
  } else if (mode == "pattern") {
    for (const auto& [r, c] : shape_list{{4096, 4096}, {8192, 8192}, {16384, 16384}, {32768, 8192}}) {
      for (std::size_t e : {4, 8, 16}) run_pattern_case({r, c, e});
    }
  } else if (mode == "batch" || mode == "batch15") {
    const bool batch15 = mode == "batch15";
    g_old_batch_variants = !batch15;
    for (std::size_t e : {1, 2, 4, 8}) {
      run_batch_case({32, 32, e, 4096});
      run_batch_case({3, 1000, e, 1024});
      if (e <= 2 && !batch15) run_batch_case({2048, 128, e, 32});
    }
  } else if (mode == "grid") {
    or_default({{4096, 4096}, {8192, 8192}, {16384, 16384}, {8192, 2048}, {2048, 8192}, {16384, 1024}, {32768, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2}) run_grid_case({r, c, e});
    }
  } else if (mode == "inplace") {
    or_default({{4096, 4096}, {8192, 8192}, {16384, 16384}, {32768, 32768}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2, 4, 8, 16}) {
        if (r != c || (r * static_cast<std::int64_t>(e)) % 16 != 0 || r * r * static_cast<std::int64_t>(e) > (std::int64_t{2} << 30)) continue;
        run_inplace_case({r, c, e});
      }
    }
  } else if (tma || mode == "split") {
    or_default(tma ? shape_list{{4096, 4096}, {8192, 8192}, {16384, 16384}, {32768, 8192}, {2048, 8192}}
                   : shape_list{{4095, 4097}, {8191, 8193}, {8192, 8192}, {16384, 16384}, {32768, 8192}});
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2, 4, 8, 16}) {
        if ((tma || (r % 16 == 0 && c % 16 == 0)) && e < 4) continue;  // aligned bytes: register tile
        run_case({r, c, e}, tma);
      }
    }
  } else {
    std::fprintf(stderr, "usage: xpose_kernel_sweep rect16|pairs|tma|split|order|exchange|inplace|grid|batch|batch15|pattern|walks|rect|rect36|hints|hints_aligned|strided|residue|persist|walking|submatrix|pitches|sides|rectvec|rectpitch|occupancy|minblocks|cacheconfig [ROWSxCOLS ...]\n");
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  shape_list shapes;
  for (int i = 2; i < argc; ++i) {
    long long r = 0, c = 0;
    if (std::sscanf(argv[i], "%lldx%lld", &r, &c) == 2) shapes.emplace_back(r, c);
  }
  try {
    return run_mode(argc > 1 ? argv[1] : "", shapes);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "sweep: %s\n", ex.what());
    return 1;
  }
}
