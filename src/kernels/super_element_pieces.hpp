// The unit the super-element cycle walks move per thread (inplace_stacked_squares.cu,
// inplace_skinny_blocks.cu): as wide as every pointer involved and the super-element allow.
#pragma once

#include <vector_types.h>

#include <cstdint>
#include <initializer_list>

namespace xpose::detail {

/** Calls f(C{}) with the widest piece C (16, 8, 4, 2 or 1 bytes) that divides every
    pointer of `pointers` and the super-element's bytes. */
template <class F>
void with_piece(std::initializer_list<const void*> pointers, std::int64_t se_bytes, F&& f) {
  auto fits = [&](std::int64_t v) {
    for (const void* ptr : pointers) {
      if (reinterpret_cast<std::uintptr_t>(ptr) % static_cast<std::uintptr_t>(v) != 0) return false;
    }
    return se_bytes % v == 0;
  };
  if (fits(16)) return f(uint4{});
  if (fits(8)) return f(uint2{});
  if (fits(4)) return f(unsigned{});
  if (fits(2)) return f(static_cast<unsigned short>(0));
  return f(static_cast<unsigned char>(0));
}

}  // namespace xpose::detail
