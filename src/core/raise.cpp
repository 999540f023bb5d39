#include "raise.hpp"

namespace xpose::detail {

void check_cuda(cudaError_t err, const char* what) {
  if (err == cudaSuccess) return;
  (void)cudaGetLastError();
  raise(err == cudaErrorMemoryAllocation ? status::out_of_memory : status::cuda_error, what, " failed: ",
        cudaGetErrorName(err), ": ", cudaGetErrorString(err));
}

}  // namespace xpose::detail
