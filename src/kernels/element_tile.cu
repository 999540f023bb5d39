// `auto` for 4- and 8-byte elements whose output rows (8 bytes: or input rows) are not
// 16-byte aligned (4095 x 4097, odd leading dimensions, offset output pointers): a tile of single-element accesses, TR input
// rows (the output row segment) by TC input columns, 256 threads, the grid's x dimension down
// the tile rows (column order), no sector or realignment logic. cuBLAS geam's kernel for such
// rows has this footprint (64 x 32 fp32 tiles, 256 threads, 32 x 65 staged floats: Nsight
// Compute, sweep 33).
//
// Plain loads and stores, no streaming hints. A row segment that is not 16-byte aligned
// shares its first and last 32-byte sectors with the neighbouring tiles; evict-first loads
// drop those sectors from L2 before the neighbour reads them, and evict-first stores before
// the neighbour completes them. Sweep 36, % of memcpy, streaming / plain (64 x 32 fp32,
// 32 x 32 fp64): 4095 x 4097 fp32 86.6 / 94.3, fp64 88.7 / 96.4; 8191 x 8193 fp32 74.5 /
// 86.5, fp64 81.0 / 90.6; auto's earlier tiles there 81.5-87.3 fp32 and 88.9-92.2 fp64.
//
// 6 resident blocks per SM is part of the measured speed: the same streaming tile written for
// any batch and leading dimensions took 32 registers, ran 8 blocks per SM and lost 3-5 points
// (sweep 35). One packed matrix runs a kernel with no layout parameters (36 registers, 6
// blocks per SM, 5 points ahead of the strided kernel on it); batches, leading dimensions and
// grids wider than 65535 column tiles run the strided kernel, bounded to the same 6 blocks.
#include "element_tile.cuh"
#include "element_types.hpp"
#include "launchers.hpp"

#include "../core/plan.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

template <class T, int TR, int TC>
void launch_element_tile(const plan& p) {
  // The planner keeps the column tiles within the grid's y limit (kElementTileMaxColTiles).
  const dim3 grid(static_cast<unsigned>((p.rows + TR - 1) / TR), static_cast<unsigned>((p.cols + TC - 1) / TC));
  element_tile_kernel<T, TR, TC><<<grid, kElementTileThreads, 0, p.stream>>>(static_cast<const T*>(p.in),
                                                                             static_cast<T*>(p.out), p.rows, p.cols);
  check_launch("element tile");
}

// One launch per slice of at most kElementTileMaxColTiles column tiles (the grid's y limit,
// which the planner holds the packed kernel to): a slice is the same strided batch with its
// column range cut, so a block has no column loop (one cost the kernel spills at its
// 40-register bound).
template <class T, int TR, int TC>
void launch_element_tile_strided(const plan& p) {
  constexpr std::int64_t kSliceCols = kElementTileMaxColTiles * TC;
  const auto* in = static_cast<const T*>(p.in);
  auto* out = static_cast<T*>(p.out);
  for (std::int64_t c0 = 0; c0 < p.cols; c0 += kSliceCols) {
    const std::int64_t cols = p.cols - c0 < kSliceCols ? p.cols - c0 : kSliceCols;
    const element_tile_layout m{p.batch, p.rows, cols, p.ld_in, p.ld_out, p.stride_in, p.stride_out};
    const dim3 grid(static_cast<unsigned>((p.rows + TR - 1) / TR), static_cast<unsigned>((cols + TC - 1) / TC),
                    static_cast<unsigned>(p.batch < 65535 ? p.batch : 65535));
    element_tile_strided_kernel<T, TR, TC><<<grid, kElementTileThreads, 0, p.stream>>>(in + c0, out + c0 * p.ld_out, m);
    check_launch("element tile (strided)");
  }
}

}  // namespace

void launch_element_tile_strided_4(const plan& p) { launch_element_tile_strided<std::uint32_t, 64, 32>(p); }
void launch_element_tile_strided_8(const plan& p) { launch_element_tile_strided<unsigned long long, 32, 32>(p); }

// fp64 on 64 x 32 measured within a point of 32 x 32 (sweep 36, run 4), behind it at 4095 x 4097.
void launch_element_tile_4(const plan& p) { launch_element_tile<std::uint32_t, 64, 32>(p); }
void launch_element_tile_8(const plan& p) { launch_element_tile<unsigned long long, 32, 32>(p); }

}  // namespace xpose::detail
