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
  // The vectorized padded tile is the fastest ladder rung for every shape measured so far
  // (docs/auto.md); it degrades to scalar accesses by itself when rows are not 16-byte aligned.
  (void)p;
  return strategy::vectorized;
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
