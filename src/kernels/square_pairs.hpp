// The launch grid shared by the in-place square kernels (inplace_square.cu,
// inplace_region_pairs.cuh): an n x n matrix cut into count x count blocks (tiles or
// regions), where the thread block at (i, j), i <= j, owns the pair (i, j) / (j, i) and
// blocks with j < i have nothing to do. Each kernel writes its own grid-stride loops over
// (batch, i, j): a shared device helper taking the pair's work as a lambda changed the
// register allocation and cost the 2-byte regions 10 points at 16384^2 (90% -> 80% of
// memcpy on the H200).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace xpose::detail {

/** A count x count x batch grid, capped at the launch limits (the kernels loop over the rest). */
inline dim3 owned_pair_grid(std::int64_t count, std::int64_t batch) {
  const auto cap = [](std::int64_t v, std::int64_t limit) { return static_cast<unsigned>(v < limit ? v : limit); };
  return dim3(cap(count, 0x7FFFFFFF), cap(count, 65535), cap(batch, 65535));
}

}  // namespace xpose::detail
