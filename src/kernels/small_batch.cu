// `auto` for packed batches of small matrices ((4096, 32, 32), (1024, 3, 1000) ...):
// small_batch.cuh with the shortest run that holds a 16-byte aligned group of matrices.
#include "element_types.hpp"
#include "launchers.hpp"
#include "small_batch.cuh"

namespace xpose::detail {

// Shorter runs mean more blocks for these small problems (4 MiB for (4096, 32, 32)
// bytes), and block time is mostly latency: 4 KiB runs on 128 threads, else 8 KiB on 256,
// measured 1.5-13 points faster than 16 KiB runs for 1- to 4-byte elements; 8-byte
// elements lose 2-15 points with them and keep 16 KiB
// (bench/results/h200/experiments/sweep11_batches.txt). A run whose matrices do not end
// on a 16-byte boundary would move element by element (30% instead of 57% for
// (1024, 3, 1000) bytes in 4 KiB runs), so such a run length is skipped.
template <class T>
void launch_small_batch(const plan& p) {
  constexpr std::int64_t E = sizeof(T);
  const std::int64_t matrix_bytes = p.rows * p.cols * E;
  const auto aligned_group_fits = [&](std::int64_t run_bytes) {
    return aligned_matrices_per_run(matrix_bytes, run_bytes) > 0;
  };
  if (E <= 4 && aligned_group_fits(4096)) {
    launch_small_batch_variant<T, 128, 4096>(p);
  } else if (E <= 4 && aligned_group_fits(8192)) {
    launch_small_batch_variant<T, 256, 8192>(p);
  } else {
    launch_small_batch_variant<T, 256, 16384>(p);
  }
  check_launch("small_batch");
}

#define XPOSE_INSTANTIATE(T) template void launch_small_batch<T>(const plan&);
XPOSE_FOR_EACH_ELEMENT_TYPE(XPOSE_INSTANTIATE)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
