// Rungs 1 and 2 of the ladder: one thread per element, no shared memory. One side of
// every access pattern is strided, so each warp touches 32 different cache lines there.
#include "element_types.hpp"
#include "launchers.hpp"
#include "matrix_view.cuh"

namespace xpose::detail {
namespace {

constexpr int kWide = 32;  // threads along the coalesced direction (one warp)
constexpr int kDeep = 8;   // warps per block

// threadIdx.x walks an input row: reads coalesce, writes land ld_out elements apart.
template <class T>
__global__ void __launch_bounds__(kWide* kDeep) naive_kernel(matrix_view<T> m, tiling g) {
  g.for_each_tile([&](const tile_coord& at) {
    const std::int64_t r = at.r0 + threadIdx.y, c = at.c0 + threadIdx.x;
    if (r < m.rows && c < m.cols) m.out_row(at.b, c)[r] = m.in_row(at.b, r)[c];
  });
}

// threadIdx.x walks an output row (an input column): writes coalesce, reads are strided.
template <class T>
__global__ void __launch_bounds__(kWide* kDeep) naive_write_coalesced_kernel(matrix_view<T> m, tiling g) {
  g.for_each_tile([&](const tile_coord& at) {
    const std::int64_t r = at.r0 + threadIdx.x, c = at.c0 + threadIdx.y;
    if (r < m.rows && c < m.cols) m.out_row(at.b, c)[r] = m.in_row(at.b, r)[c];
  });
}

}  // namespace

template <class T>
void launch_naive(const plan& p) {
  const tiling g = make_tiling(p, kDeep, kWide, p.order);
  naive_kernel<T><<<grid_for(g), dim3(kWide, kDeep), 0, p.stream>>>(make_view<T>(p), g);
  check_launch("naive");
}

template <class T>
void launch_naive_write_coalesced(const plan& p) {
  const tiling g = make_tiling(p, kWide, kDeep, p.order);
  naive_write_coalesced_kernel<T><<<grid_for(g), dim3(kWide, kDeep), 0, p.stream>>>(make_view<T>(p), g);
  check_launch("naive_write_coalesced");
}

#define XPOSE_INSTANTIATE(T)                           \
  template void launch_naive<T>(const plan&);          \
  template void launch_naive_write_coalesced<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
