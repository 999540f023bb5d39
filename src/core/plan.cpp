#include "plan.hpp"

#include <cstdint>

namespace xpose::detail {
namespace {

bool multiple_of(std::uintptr_t v, std::uintptr_t m) { return v % m == 0; }

// Every row start of a strided matrix batch is 16-byte aligned.
bool rows_16b_aligned(const void* base, std::int64_t ld, std::int64_t stride, std::int64_t batch,
                      std::size_t elem_bytes) {
  const auto e = static_cast<std::uintptr_t>(elem_bytes);
  return multiple_of(reinterpret_cast<std::uintptr_t>(base), 16) &&
         multiple_of(static_cast<std::uintptr_t>(ld) * e, 16) &&
         (batch <= 1 || multiple_of(static_cast<std::uintptr_t>(stride) * e, 16));
}

}  // namespace

strategy choose_automatic(const plan& p) {
  // Measured on an H200 (docs/auto.md, bench/results/): for 8- and 16-byte elements one
  // scalar access already moves 8 or 16 bytes, and the plain padded tile (four accesses
  // in flight per thread, 32 registers) edges out the vectorized one. For 1- to 4-byte
  // elements the 16-byte accesses of the vectorized tile win by 5 to 25 points. Both
  // fall back to scalar accesses by themselves when rows are not 16-byte aligned.
  return p.elem_bytes >= 8 ? strategy::tiled_padded : strategy::vectorized;
}

plan finalize(plan p) {
  const auto e = static_cast<std::uintptr_t>(p.elem_bytes);
  p.elem_aligned = multiple_of(reinterpret_cast<std::uintptr_t>(p.in), e) &&
                   multiple_of(reinterpret_cast<std::uintptr_t>(p.out), e);
  p.vec_in = p.elem_aligned && rows_16b_aligned(p.in, p.ld_in, p.stride_in, p.batch, p.elem_bytes);
  p.vec_out = p.elem_aligned && rows_16b_aligned(p.out, p.ld_out, p.stride_out, p.batch, p.elem_bytes);
  if (p.kernel == strategy::automatic) p.kernel = choose_automatic(p);
  return p;
}

}  // namespace xpose::detail
