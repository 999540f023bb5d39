// Element-size dispatch: picks the element type for (elem_bytes, alignment), then the
// strategy's launcher. The only place that knows both lists.
#include "element_types.hpp"
#include "launchers.hpp"

#include "../core/raise.hpp"

#include <type_traits>

namespace xpose::detail {

namespace {

template <class T>
void launch_automatic(const plan& p) {
  switch (p.path) {
    case auto_path::small_batch: return launch_small_batch<T>(p);
    case auto_path::batch_micro_tile:
      if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t> ||
                    std::is_same_v<T, std::uint32_t>) {
        return launch_batch_micro_tile<T>(p);
      }
      break;  // only planned for aligned 1-, 2- and 4-byte elements
    case auto_path::batch_interleave: return launch_batch_interleave(p);
    case auto_path::skinny_wide: return launch_skinny<T>(p, true);
    case auto_path::skinny_tall: return launch_skinny<T>(p, false);
    case auto_path::staged_wide:
      if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t>) {
        return launch_staged_wide<T>(p);
      }
      break;  // only planned for aligned 1- and 2-byte elements
    case auto_path::staged_tall:
      if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t>) {
        return launch_staged_tall<T>(p);
      }
      break;  // only planned for aligned 1- and 2-byte elements
    case auto_path::interleave_wide: return launch_skinny_interleave(p, true);
    case auto_path::interleave_tall: return launch_skinny_interleave(p, false);
    case auto_path::register_tile:
      if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t>) {
        return launch_register_tile<T>(p);
      }
      break;  // only planned for aligned 1- and 2-byte elements
    case auto_path::element_tile:
      if constexpr (std::is_same_v<T, std::uint32_t>) return launch_element_tile_4(p);
      if constexpr (std::is_same_v<T, unsigned long long>) return launch_element_tile_8(p);
      break;  // only planned for aligned 4- and 8-byte elements
    case auto_path::element_tile_strided:
      if constexpr (std::is_same_v<T, std::uint32_t>) return launch_element_tile_strided_4(p);
      if constexpr (std::is_same_v<T, unsigned long long>) return launch_element_tile_strided_8(p);
      break;  // only planned for aligned 4- and 8-byte elements
    case auto_path::residue_tile: return launch_residue_tile<T>(p);
    case auto_path::realigned_tile: return launch_realigned_tile<T>(p);
    case auto_path::unaligned_tile: return launch_unaligned_tile<T>(p);
    case auto_path::sector_tile: return launch_sector_tile<T>(p);
    case auto_path::split_tile:
      if constexpr (std::is_same_v<T, uint4>) return launch_split_tile_16(p);
      break;  // only planned for aligned 16-byte elements
    case auto_path::vectorized_streaming: return launch_vectorized_streaming<T>(p);
    case auto_path::tiled_padded: return launch_auto_padded<T>(p);
    case auto_path::none: break;
  }
  raise(status::internal_error, "auto path ", static_cast<int>(p.path), " cannot serve ", sizeof(T),
        "-byte elements");
}

}  // namespace

void launch(const plan& p) {
  with_element_type(p.elem_bytes, p.elem_aligned, [&](auto tag) {
    using T = decltype(tag);
    switch (p.kernel) {
      case strategy::naive: return launch_naive<T>(p);
      case strategy::naive_write_coalesced: return launch_naive_write_coalesced<T>(p);
      case strategy::tiled:
      case strategy::tiled_padded:
      case strategy::diagonal: return launch_tiled<T>(p);
      case strategy::vectorized: return launch_vectorized<T>(p);
      case strategy::automatic: return launch_automatic<T>(p);
    }
    raise(status::internal_error, "launch() got an unknown strategy ", static_cast<int>(p.kernel));
  });
}

void check_launch(const char* kernel_name) {
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    raise(status::cuda_error, "launching the ", kernel_name, " kernel failed: ", cudaGetErrorName(err), ": ",
          cudaGetErrorString(err));
  }
}

}  // namespace xpose::detail
