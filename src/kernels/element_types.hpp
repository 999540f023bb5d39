// The types kernels move. A transpose only moves bytes, so each element size maps to
// one unsigned type of that size; `unaligned_bytes<N>` serves pointers that are not a
// multiple of the element size (byte-wise accesses: slow, but never a misaligned fault).
#pragma once

#include <cuda_runtime_api.h>
#include <vector_types.h>

#include <cstdint>

namespace xpose::detail {

template <int N>
struct unaligned_bytes {
  unsigned char b[N];
};

template <std::size_t Bytes>
struct aligned_element;
template <> struct aligned_element<1> { using type = std::uint8_t; };
template <> struct aligned_element<2> { using type = std::uint16_t; };
template <> struct aligned_element<4> { using type = std::uint32_t; };
template <> struct aligned_element<8> { using type = unsigned long long; };
template <> struct aligned_element<16> { using type = uint4; };

/** Whether T can move as whole 16-byte vectors: an aligned element type whose size divides 16
    (not unaligned_bytes<N>, N > 1, whose pointers may sit at any byte). */
template <class T>
constexpr bool has_vector_path = sizeof(T) == alignof(T) && 16 % sizeof(T) == 0;

inline bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

/** Calls f(T{}) with the element type serving (elem_bytes, aligned). */
template <class F>
void with_element_type(std::size_t elem_bytes, bool aligned, F&& f) {
  switch (elem_bytes) {
    case 1: return f(std::uint8_t{});
    case 2: return aligned ? f(std::uint16_t{}) : f(unaligned_bytes<2>{});
    case 4: return aligned ? f(std::uint32_t{}) : f(unaligned_bytes<4>{});
    case 8: return aligned ? f(static_cast<unsigned long long>(0)) : f(unaligned_bytes<8>{});
    case 16: return aligned ? f(uint4{}) : f(unaligned_bytes<16>{});
    default: return;  // validate() rejected every other size
  }
}

}  // namespace xpose::detail

/** Instantiates MACRO(T) for every element type the dispatcher can pick. */
#define XPOSE_FOR_EACH_ELEMENT_TYPE(MACRO)              \
  MACRO(std::uint8_t)                                   \
  MACRO(std::uint16_t)                                  \
  MACRO(std::uint32_t)                                  \
  MACRO(unsigned long long)                             \
  MACRO(uint4)                                          \
  MACRO(::xpose::detail::unaligned_bytes<2>)            \
  MACRO(::xpose::detail::unaligned_bytes<4>)            \
  MACRO(::xpose::detail::unaligned_bytes<8>)            \
  MACRO(::xpose::detail::unaligned_bytes<16>)
