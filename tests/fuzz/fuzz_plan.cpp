// libFuzzer target over the host-side argument validation and planning: any byte string
// becomes a request (pointers, sizes, leading dimensions, strides, element size,
// strategy, tile); validate() must either throw xpose::error or return a plan whose
// invariants hold, and finalize() must give automatic requests a kernel path; in-place
// requests go through validate_inplace() and the workspace rule. Built
// with ASan and UBSan, so overflow or out-of-bounds in the checks themselves is caught.
#include <fuzzer/FuzzedDataProvider.h>

#include "core/inplace.hpp"
#include "core/stacked_squares.hpp"
#include "core/plan.hpp"
#include "core/row_interleave_schedule.hpp"
#include "core/validate.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>

namespace {

using xpose::detail::plan;
using xpose::detail::request;

void require(bool ok) {
  if (!ok) std::abort();
}

std::int64_t edgy_int(FuzzedDataProvider& f) {
  static const std::int64_t edges[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65, 4095, 4096, 4097,
                                       (1ll << 31) - 1, 1ll << 31, (1ll << 32) + 1, (1ll << 62), INT64_MAX,
                                       -1, INT64_MIN};
  return f.ConsumeBool() ? edges[f.ConsumeIntegralInRange<std::size_t>(0, sizeof edges / sizeof edges[0] - 1)]
                         : f.ConsumeIntegral<std::int64_t>();
}

// In-place requests: validate_inplace() must throw xpose::error or accept a request whose
// workspace is at least the documented size, aligned, and clear of the data.
int fuzz_inplace(FuzzedDataProvider& f) {
  xpose::detail::inplace_request r;
  r.data = reinterpret_cast<void*>(f.ConsumeIntegral<std::uintptr_t>());
  r.batch = edgy_int(f);
  r.rows = edgy_int(f);
  r.cols = edgy_int(f);
  static const std::size_t sizes[] = {1, 2, 4, 8, 16, 0, 3, 32};
  r.elem_bytes = sizes[f.ConsumeIntegralInRange<std::size_t>(0, 7)];
  r.workspace = reinterpret_cast<void*>(f.ConsumeIntegral<std::uintptr_t>());
  r.workspace_bytes = f.ConsumeIntegral<std::size_t>();
  try {
    xpose::detail::validate_inplace(r);
  } catch (const xpose::error&) {
    return 0;
  }
  const std::size_t need = xpose::detail::inplace_workspace_bytes(r.rows, r.cols, r.elem_bytes);
  require(r.batch >= 0 && r.rows >= 0 && r.cols >= 0);
  require(r.workspace_bytes >= need);
  const bool rectangular = r.rows != r.cols && r.rows > 1 && r.cols > 1;
  const std::int64_t L = r.rows > r.cols ? r.rows : r.cols;
  const std::int64_t s = r.rows < r.cols ? r.rows : r.cols;
  const bool interleaved = s <= xpose::detail::kMaxInterleaveRows;  // rows 1 .. s-1, padded to 16 but the last
  // The square grid: sides sharing a divisor of >= 256 bytes of elements, a short side above
  // 64, no stack of squares, fewer than 2^31 runs; min(128, ceil(s / 64)) lines of L.
  const std::int64_t g = rectangular ? std::gcd(r.rows, r.cols) : 1;
  const bool grid = rectangular && s > 64 && g * static_cast<std::int64_t>(r.elem_bytes) >= 256 &&
                    r.rows / g * r.cols < (std::int64_t{1} << 31) &&
                    !xpose::detail::make_stacked_squares_plan(r.rows, r.cols, static_cast<std::int64_t>(r.elem_bytes)).use;
  // A short side of 8 to 64 (not the grid's: it needs one above 64): two lines of L.
  const std::int64_t lines = grid ? std::min<std::int64_t>(128, (s + 63) / 64) : s >= 8 && s <= 64 ? 2 : 1;
  require(need == (!rectangular ? 0
                   : interleaved ? static_cast<std::size_t>((s - 2) * ((L + 15) / 16 * 16) + L) * r.elem_bytes
                                : static_cast<std::size_t>(lines * L) * r.elem_bytes));
  const std::int64_t elements = r.batch * r.rows * r.cols;  // validated: no overflow
  if (elements > 0) require(r.data != nullptr);
  if (need > 0 && elements > 0) {
    const auto d = reinterpret_cast<std::uintptr_t>(r.data), w = reinterpret_cast<std::uintptr_t>(r.workspace);
    require(w % r.elem_bytes == 0);
    require(w + need <= d || d + static_cast<std::uintptr_t>(elements) * r.elem_bytes <= w);
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider f(data, size);
  if (size > 0 && data[0] % 4 == 3) {  // a quarter of the inputs exercise the in-place checks
    (void)f.ConsumeIntegral<std::uint8_t>();
    return fuzz_inplace(f);
  }
  request r;
  r.in = reinterpret_cast<const void*>(f.ConsumeIntegral<std::uintptr_t>());
  r.out = reinterpret_cast<void*>(f.ConsumeIntegral<std::uintptr_t>());
  r.batch = edgy_int(f);
  r.rows = edgy_int(f);
  r.cols = edgy_int(f);
  static const std::size_t sizes[] = {1, 2, 4, 8, 16, 0, 3, 32};
  r.elem_bytes = sizes[f.ConsumeIntegralInRange<std::size_t>(0, 7)];
  r.ld_in = edgy_int(f);
  r.ld_out = edgy_int(f);
  r.stride_in = edgy_int(f);
  r.stride_out = edgy_int(f);
  r.kernel = static_cast<xpose::strategy>(f.ConsumeIntegralInRange<int>(-1, 8));
  r.tile = static_cast<xpose::tile_config>(f.ConsumeIntegralInRange<int>(-1, 3));

  plan p;
  try {
    p = xpose::detail::validate(r);
  } catch (const xpose::error&) {
    return 0;  // rejected with a typed error: fine
  }
  // Accepted: the resolved layout is consistent.
  require(p.ld_in >= p.cols && p.ld_out >= p.rows);
  require(p.batch >= 0 && p.rows >= 0 && p.cols >= 0 && p.stride_in >= 0 && p.stride_out >= 0);
  if (!p.empty()) {
    require(p.in != nullptr && p.out != nullptr);
    const std::int64_t in_bytes = xpose::detail::span_bytes(p.batch, p.rows, p.cols, p.ld_in, p.stride_in, p.elem_bytes);
    const std::int64_t out_bytes =
        xpose::detail::span_bytes(p.batch, p.cols, p.rows, p.ld_out, p.stride_out, p.elem_bytes);
    const auto in_lo = reinterpret_cast<std::uintptr_t>(p.in), out_lo = reinterpret_cast<std::uintptr_t>(p.out);
    require(in_bytes > 0 && out_bytes > 0);
    require(in_lo + static_cast<std::uintptr_t>(in_bytes) > in_lo);
    require(out_lo + static_cast<std::uintptr_t>(out_bytes) > out_lo);
    require(in_lo + static_cast<std::uintptr_t>(in_bytes) <= out_lo ||
            out_lo + static_cast<std::uintptr_t>(out_bytes) <= in_lo);
    if (p.batch > 1) require(p.stride_out >= (p.cols - 1) * p.ld_out + p.rows);
  }
  // The device's memory bus picks the tile order's threshold only: not known, an H100's, an H200's.
  constexpr int kBusBits[] = {0, xpose::detail::kFiveStackBusBits, 6016};
  p.memory_bus_bits = kBusBits[f.ConsumeIntegralInRange<int>(0, 2)];
  const plan q = xpose::detail::finalize(p);
  if (q.kernel != xpose::strategy::automatic || q.empty()) require(q.order == xpose::detail::tile_order::rows);
  require(!q.vec_in || q.elem_aligned);
  require(!q.vec_out || q.elem_aligned);
  if (q.kernel == xpose::strategy::automatic && !q.empty()) require(q.path != xpose::detail::auto_path::none);
  if (q.kernel != xpose::strategy::automatic) require(q.path == xpose::detail::auto_path::none);
  return 0;
}
