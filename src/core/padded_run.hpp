// The padded output run of the staged few-rows kernel (kernels/staged_wide.cu) for bytes
// whose row count is not a multiple of 4. A tile's output run is its W columns one after
// another, R bytes each; in shared memory each column starts on a word instead, col_bytes
// rounded up to the pitch, so that every thread's pieces are stored as whole words. The store
// gathers output byte b from position_of(b). Host and device share these functions;
// tests/cpu/test_padded_run.cpp runs them.
#pragma once

#include "stacked_squares.hpp"  // XPOSE_HOST_DEVICE

namespace xpose::detail {

/** A padded run's column lengths: col_bytes = R * E > 16 in the run, pitch in shared memory. */
struct padded_run {
  /** column_of is exact for output bytes below this (every col_bytes of 17 to 1024, checked on
   *  the host with the reciprocal one ulp either way); a run fits 48 KiB of shared memory. */
  static constexpr int kMaxBytes = 1 << 16;

  int col_bytes = 0;
  int pitch = 0;
  float inverse = 0.0f;  // 1 / col_bytes: the column without an integer division

  XPOSE_HOST_DEVICE static constexpr int pitch_of(int col_bytes) { return (col_bytes + 3) / 4 * 4; }
  XPOSE_HOST_DEVICE static padded_run of(int col_bytes) {
    return padded_run{col_bytes, pitch_of(col_bytes), 1.0f / static_cast<float>(col_bytes)};
  }
  /** b / col_bytes for 0 <= b < kMaxBytes: b + 1/2 lies at least 1 / (2 col_bytes) from a
   *  multiple of col_bytes, far above the float product's error. */
  XPOSE_HOST_DEVICE int column_of(int b) const {
    return static_cast<int>((static_cast<float>(b) + 0.5f) * inverse);
  }
  /** Where output byte b lies in shared memory (before the skew). */
  XPOSE_HOST_DEVICE int position_of(int b) const {
    const int c = column_of(b);
    return c * pitch + (b - c * col_bytes);
  }
};

}  // namespace xpose::detail
