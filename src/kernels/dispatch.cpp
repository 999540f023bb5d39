// Element-size dispatch: picks the element type for (elem_bytes, alignment), then the
// strategy's launcher. The only place that knows both lists.
#include "element_types.hpp"
#include "launchers.hpp"

#include "../core/raise.hpp"

namespace xpose::detail {

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
      case strategy::automatic: break;
    }
    raise(status::internal_error, "launch() got an unresolved strategy ", static_cast<int>(p.kernel));
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
