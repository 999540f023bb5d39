// `auto` for packed batches of small matrices whose sides are multiples of 16 bytes
// ((4096, 32, 32)): batch_micro_tile.cuh, configured per element size.
#include "batch_micro_tile.cuh"
#include "launchers.hpp"

#include <cstdint>

namespace xpose::detail {

// (4096, 32, 32), sweep 15 (bench/results/h200/experiments/sweep15_batches.txt): one
// micro-tile per thread in blocks of 64 threads for 1 and 2 bytes (93.4 / 94.1% of memcpy,
// against 84.8 / 92.5% with 256 threads: a 4 MiB batch of bytes is only 16K micro-tiles),
// two per thread on 128 threads for 4 bytes (97.0%, 92.6% with one).
template <class T>
void launch_batch_micro_tile(const plan& p) {
  if constexpr (sizeof(T) <= 2) {
    launch_batch_micro_tile_variant<T, 1, 64>(p);
  } else {
    launch_batch_micro_tile_variant<T, 2, 128>(p);
  }
  check_launch("batch micro-tiles");
}

// Planned for 1-, 2- and 4-byte elements with 16-byte aligned pointers only.
template void launch_batch_micro_tile<std::uint8_t>(const plan&);
template void launch_batch_micro_tile<std::uint16_t>(const plan&);
template void launch_batch_micro_tile<std::uint32_t>(const plan&);

}  // namespace xpose::detail
