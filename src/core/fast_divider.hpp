// Division by a divisor fixed per launch, for the cycle walks' index maps
// (core/skinny_blocks.hpp, core/square_grid.hpp): one high multiply and a shift instead of
// the GPU's multi-instruction integer division. Host and device share it;
// tests/cpu/test_square_grid.cpp checks it against division.
#pragma once

#include "stacked_squares.hpp"  // XPOSE_HOST_DEVICE

#include <cstdint>

namespace xpose::detail {

/** x / d and x % d for 0 <= x < 2^31 by one high multiply and a shift (d fixed per launch):
    m = ceil(2^(31 + l) / d) with 2^l >= d, so that x m / 2^(31 + l) rounds down to x / d. */
struct fast_divider {
  std::uint32_t d = 1, multiplier = 0, shift = 0;
  static constexpr fast_divider of(std::uint32_t divisor) {
    fast_divider f;
    f.d = divisor;
    if (divisor == 1) return f;
    std::uint32_t l = 0;
    while ((std::uint64_t{1} << l) < divisor) ++l;
    const std::uint64_t p = std::uint64_t{1} << (31 + l);
    f.multiplier = static_cast<std::uint32_t>((p + divisor - 1) / divisor);
    f.shift = l - 1;  // 31 + l - 32
    return f;
  }
  XPOSE_HOST_DEVICE std::uint32_t div(std::uint32_t x) const {
    if (d == 1) return x;
#if defined(__CUDA_ARCH__)
    return __umulhi(x, multiplier) >> shift;
#else
    return static_cast<std::uint32_t>((std::uint64_t{x} * multiplier) >> 32) >> shift;
#endif
  }
};

}  // namespace xpose::detail
