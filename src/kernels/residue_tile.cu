// `auto` for 1-byte elements whose rows are not all 16-byte aligned (residue_tile.cuh has the
// kernel and the why): tiles of 112 input rows x 128 columns, 256 threads, at most 64
// registers so that 4 blocks share an SM (sweep 37: at 5 blocks per SM the kernel spills and
// measured 70-80% where 4 measured 80-92%).
#include "launchers.hpp"
#include "residue_tile.cuh"

#include "../core/plan.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

constexpr int kChunks = 7, kThreads = 256, kBlocksPerSm = 4;
using shape = residue_shape<kChunks, kThreads>;
static_assert(shape::ROWS + 1 == kResidueMinRows, "the planner's row threshold is one tile row plus one");

}  // namespace

void launch_residue_tile(const plan& p) {
  const tiling g = make_tiling(p, shape::ROWS, kResidueCols, p.order);
  // The covering chunks of the first and last input rows may reach outside the matrix: the
  // kernel reads none outside [in_lo, in_hi).
  const auto in_lo = reinterpret_cast<std::uintptr_t>(p.in);
  const auto in_hi =
      in_lo + static_cast<std::uintptr_t>((p.batch - 1) * p.stride_in + (p.rows - 1) * p.ld_in + p.cols);
  residue_tile_kernel<kChunks, kThreads, kBlocksPerSm>
      <<<grid_for(g), kThreads, 0, p.stream>>>(make_view<std::uint8_t>(p), g, in_lo, in_hi);
  check_launch("residue tile");
}

}  // namespace xpose::detail
