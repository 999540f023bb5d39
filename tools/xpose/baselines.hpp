// What xpose is measured against: cudaMemcpy of the same bytes, a plain 16-byte copy
// kernel, and cuBLAS geam (the production transpose, for 4-, 8- and 16-byte elements).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace xpose::cli {

/** Grid-stride copy with 16-byte accesses where aligned: the achievable streaming rate. */
void copy_kernel(const void* src, void* dst, std::size_t bytes, int sm_count, cudaStream_t stream);

/** cuBLAS geam used as a transpose; owns its handle. */
class cublas_transpose {
 public:
  explicit cublas_transpose(cudaStream_t stream);
  ~cublas_transpose();
  cublas_transpose(const cublas_transpose&) = delete;
  cublas_transpose& operator=(const cublas_transpose&) = delete;

  /** "cublasSgeam" etc.; empty if cuBLAS has no geam for this element size. */
  static std::string routine(std::size_t elem_bytes);
  /** Why `run` cannot serve this problem ("" if it can). */
  static std::string unsupported_reason(std::size_t elem_bytes, std::int64_t rows, std::int64_t cols);
  /** Enqueues out = in^T for `batch` matrices (one geam per matrix); ld/stride in elements. */
  void run(const void* in, void* out, std::int64_t batch, std::int64_t rows, std::int64_t cols,
           std::size_t elem_bytes, std::int64_t ld_in, std::int64_t ld_out, std::int64_t stride_in,
           std::int64_t stride_out);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace xpose::cli
