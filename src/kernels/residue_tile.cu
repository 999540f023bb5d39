// `auto` for 1- and 2-byte elements whose rows are not all 16-byte aligned (residue_tile.cuh
// has the kernel and the why): tiles of 128 staged rows (112 input rows owned for bytes, 120
// for 2 bytes) x 128 bytes of columns, 256 threads, at most 64 registers so that 4 blocks
// share an SM (sweep 37: at 5 blocks per SM the byte kernel spills and measured 70-80% where
// 4 measured 80-92%).
#include "element_types.hpp"
#include "launchers.hpp"
#include "residue_tile.cuh"

#include "../core/plan.hpp"
#include "../core/raise.hpp"

#include <cstdint>
#include <type_traits>

namespace xpose::detail {
namespace {

constexpr int kBlocksPerSm = 4;
static_assert(residue_shape<1>::ROWS * 3 / 2 == residue_min_rows(1) && residue_shape<2>::ROWS * 3 / 2 == residue_min_rows(2),
              "the planner's row threshold is one and a half tile rows");

template <class T>
void launch_residue(const plan& p) {
  using S = residue_shape<sizeof(T)>;
  const tiling g = make_tiling(p, S::ROWS, S::COLS, p.order);
  // The covering chunks of the first and last input rows may reach outside the matrix: the
  // kernel reads none outside [in_lo, in_hi).
  const auto in_lo = reinterpret_cast<std::uintptr_t>(p.in);
  const std::uintptr_t in_hi = input_end<T>(p);
  residue_tile_kernel<T, kBlocksPerSm><<<grid_for(g), S::THREADS, 0, p.stream>>>(make_view<T>(p), g, in_lo, in_hi);
  check_launch("residue tile");
}

}  // namespace

template <class T>
void launch_residue_tile(const plan& p) {
  if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t>) {
    launch_residue<T>(p);
  } else {
    raise(status::internal_error, "residue tile planned for ", sizeof(T), "-byte elements");
  }
}

#define XPOSE_INSTANTIATE(T) template void launch_residue_tile<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
