#include "baselines.hpp"

#include "../common/device_buffer.hpp"

#include <cublas_v2.h>
#include <cuComplex.h>

#include <climits>
#include <stdexcept>

namespace xpose::cli {
namespace {

__global__ void copy_kernel_impl(const unsigned char* __restrict__ src, unsigned char* __restrict__ dst,
                                 std::size_t bytes) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  const std::size_t tid = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t vecs = bytes / 16;
  const auto* s4 = reinterpret_cast<const uint4*>(src);
  auto* d4 = reinterpret_cast<uint4*>(dst);
  for (std::size_t i = tid; i < vecs; i += stride) d4[i] = s4[i];
  for (std::size_t i = vecs * 16 + tid; i < bytes; i += stride) dst[i] = src[i];
}

void check_cublas(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) {
    throw std::runtime_error(std::string(what) + " failed: " + cublasGetStatusString(s));
  }
}

}  // namespace

void copy_kernel(const void* src, void* dst, std::size_t bytes, int sm_count, cudaStream_t stream) {
  const std::size_t vec_blocks = (bytes / 16 + 255) / 256;
  const std::size_t blocks = std::max<std::size_t>(1, std::min<std::size_t>(vec_blocks, static_cast<std::size_t>(sm_count) * 16));
  const bool aligned = reinterpret_cast<std::uintptr_t>(src) % 16 == 0 && reinterpret_cast<std::uintptr_t>(dst) % 16 == 0;
  if (!aligned) throw std::runtime_error("copy_kernel needs 16-byte aligned buffers");
  copy_kernel_impl<<<static_cast<unsigned>(blocks), 256, 0, stream>>>(static_cast<const unsigned char*>(src),
                                                                      static_cast<unsigned char*>(dst), bytes);
  XPOSE_TOOLING_CUDA(cudaGetLastError());
}

struct cublas_transpose::impl {
  cublasHandle_t handle = nullptr;
};

cublas_transpose::cublas_transpose(cudaStream_t stream) : impl_(std::make_unique<impl>()) {
  check_cublas(cublasCreate(&impl_->handle), "cublasCreate");
  check_cublas(cublasSetStream(impl_->handle, stream), "cublasSetStream");
}

cublas_transpose::~cublas_transpose() {
  if (impl_ && impl_->handle) (void)cublasDestroy(impl_->handle);
}

std::string cublas_transpose::routine(std::size_t elem_bytes) {
  switch (elem_bytes) {
    case 4: return "cublasSgeam";
    case 8: return "cublasDgeam";
    case 16: return "cublasZgeam";
    default: return "";
  }
}

std::string cublas_transpose::unsupported_reason(std::size_t elem_bytes, std::int64_t rows, std::int64_t cols) {
  if (routine(elem_bytes).empty()) return "cuBLAS has no geam for " + std::to_string(elem_bytes) + "-byte elements";
  if (rows > INT_MAX || cols > INT_MAX) return "cuBLAS geam takes 32-bit sizes";
  return "";
}

void cublas_transpose::run(const void* in, void* out, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                           std::size_t elem_bytes, std::int64_t ld_in, std::int64_t ld_out, std::int64_t stride_in,
                           std::int64_t stride_out) {
  // Row-major in (rows x cols, ld_in) is column-major A (cols x rows, lda = ld_in); the
  // row-major output (cols x rows, ld_out) is column-major C (rows x cols, ldc = ld_out);
  // C = A^T. B = C with beta = 0 is geam's documented in-place form.
  const int m = static_cast<int>(rows), n = static_cast<int>(ld_in), ldc = static_cast<int>(ld_out);
  const int nc = static_cast<int>(cols);
  for (std::int64_t b = 0; b < batch; ++b) {
    const void* a = static_cast<const char*>(in) + static_cast<std::size_t>(b * stride_in) * elem_bytes;
    void* c = static_cast<char*>(out) + static_cast<std::size_t>(b * stride_out) * elem_bytes;
    cublasStatus_t s = CUBLAS_STATUS_NOT_SUPPORTED;
    if (elem_bytes == 4) {
      const float one = 1, zero = 0;
      s = cublasSgeam(impl_->handle, CUBLAS_OP_T, CUBLAS_OP_N, m, nc, &one, static_cast<const float*>(a), n, &zero,
                      static_cast<float*>(c), ldc, static_cast<float*>(c), ldc);
    } else if (elem_bytes == 8) {
      const double one = 1, zero = 0;
      s = cublasDgeam(impl_->handle, CUBLAS_OP_T, CUBLAS_OP_N, m, nc, &one, static_cast<const double*>(a), n, &zero,
                      static_cast<double*>(c), ldc, static_cast<double*>(c), ldc);
    } else if (elem_bytes == 16) {
      const cuDoubleComplex one = make_cuDoubleComplex(1, 0), zero = make_cuDoubleComplex(0, 0);
      s = cublasZgeam(impl_->handle, CUBLAS_OP_T, CUBLAS_OP_N, m, nc, &one, static_cast<const cuDoubleComplex*>(a), n,
                      &zero, static_cast<cuDoubleComplex*>(c), ldc, static_cast<cuDoubleComplex*>(c), ldc);
    }
    check_cublas(s, routine(elem_bytes).c_str());
  }
}

}  // namespace xpose::cli
