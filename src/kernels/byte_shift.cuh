// Shifting a 16-byte vector by a byte count known only at run time, for rows that are not
// 16-byte aligned: the aligned chunk covering a row segment's start and the chunk after it
// hold the segment, and the shift takes it out of the pair (realigned_tile.cu,
// residue_tile.cuh, staged_wide.cu, staged_tall.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

namespace xpose::detail {

/** Bytes [o, o + 16) of lo ++ hi, o in [0, 16) at run time: two rounds of selects (by 8 and by
 *  4 bytes) and four funnel shifts. */
__device__ __forceinline__ uint4 funnel16(const uint4& lo, const uint4& hi, int o) {
  const std::uint32_t w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  const bool by2 = (o & 8) != 0, by1 = (o & 4) != 0;
  std::uint32_t y[6], z[5];
#pragma unroll
  for (int i = 0; i < 6; ++i) y[i] = by2 ? w[i + 2] : w[i];
#pragma unroll
  for (int i = 0; i < 5; ++i) z[i] = by1 ? y[i + 1] : y[i];
  const unsigned shift = 8u * static_cast<unsigned>(o & 3);
  return make_uint4(__funnelshift_r(z[0], z[1], shift), __funnelshift_r(z[1], z[2], shift),
                    __funnelshift_r(z[2], z[3], shift), __funnelshift_r(z[3], z[4], shift));
}

/** The same where o is the same across the warp (a staged row's pieces in the staged
 *  few-columns kernel): the word part of the shift a branch instead of selects. */
__device__ __forceinline__ uint4 funnel16_uniform(const uint4& lo, const uint4& hi, int o) {
  const std::uint32_t w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  const unsigned shift = 8u * static_cast<unsigned>(o & 3);
  const auto words_from = [&](auto j) {
    constexpr int J = decltype(j)::value;
    return make_uint4(__funnelshift_r(w[J], w[J + 1], shift), __funnelshift_r(w[J + 1], w[J + 2], shift),
                      __funnelshift_r(w[J + 2], w[J + 3], shift), __funnelshift_r(w[J + 3], w[J + 4], shift));
  };
  switch (o >> 2) {
    case 0: return words_from(std::integral_constant<int, 0>{});
    case 1: return words_from(std::integral_constant<int, 1>{});
    case 2: return words_from(std::integral_constant<int, 2>{});
    default: return words_from(std::integral_constant<int, 3>{});
  }
}

}  // namespace xpose::detail
