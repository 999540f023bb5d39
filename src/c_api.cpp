// The C ABI: every function converts the core's typed exceptions into a status code plus
// a thread-local message, in exactly one place (XPOSE_C_API_BODY).
#include <xpose/xpose.h>
#include <xpose/xpose.hpp>


#include <cstdio>
#include <new>
#include <string>

namespace {

thread_local std::string t_last_error;

xpose_status_t fail(xpose_status_t code, const char* function, const char* message) noexcept {
  try {
    t_last_error = std::string(function) + ": " + message;
  } catch (...) {
    // Out of memory while recording the message: keep the status, lose the detail.
  }
  return code;
}

}  // namespace

#define XPOSE_C_API_BODY(function, ...)                                                           \
  try {                                                                                           \
    __VA_ARGS__;                                                                                  \
    return XPOSE_SUCCESS;                                                                         \
  } catch (const xpose::error& e) {                                                               \
    return fail(static_cast<xpose_status_t>(e.code()), function, e.what());                       \
  } catch (const std::bad_alloc&) {                                                               \
    return fail(XPOSE_OUT_OF_MEMORY, function, "host allocation failed");                         \
  } catch (const std::exception& e) {                                                             \
    return fail(XPOSE_INTERNAL_ERROR, function, e.what());                                        \
  } catch (...) {                                                                                 \
    return fail(XPOSE_INTERNAL_ERROR, function, "unknown exception");                             \
  }

namespace {

xpose_status_t transpose_c(const char* function, const void* in, void* out, int64_t batch, int64_t rows,
                           int64_t cols, size_t elem_bytes, int64_t ld_in, int64_t ld_out, int64_t stride_in,
                           int64_t stride_out, xpose_strategy_t strategy, cudaStream_t stream) noexcept {
  XPOSE_C_API_BODY(function, {
    xpose::batched_options o;  // the C ABI uses the default tile configuration
    o.kernel = static_cast<xpose::strategy>(strategy);
    o.ld_in = ld_in;
    o.ld_out = ld_out;
    o.stride_in = stride_in;
    o.stride_out = stride_out;
    o.stream = stream;
    xpose::transpose_bytes(in, out, batch, rows, cols, elem_bytes, o);
  })
}

}  // namespace

extern "C" {

xpose_status_t xpose_transpose(const void* in, void* out, int64_t rows, int64_t cols, size_t elem_bytes,
                               int64_t ld_in, int64_t ld_out, xpose_strategy_t strategy,
                               cudaStream_t stream) {
  return transpose_c("xpose_transpose", in, out, 1, rows, cols, elem_bytes, ld_in, ld_out, 0, 0, strategy,
                     stream);
}

xpose_status_t xpose_transpose_batched(const void* in, void* out, int64_t batch, int64_t rows, int64_t cols,
                                       size_t elem_bytes, int64_t ld_in, int64_t ld_out, int64_t stride_in,
                                       int64_t stride_out, xpose_strategy_t strategy, cudaStream_t stream) {
  return transpose_c("xpose_transpose_batched", in, out, batch, rows, cols, elem_bytes, ld_in, ld_out,
                     stride_in, stride_out, strategy, stream);
}

xpose_status_t xpose_transpose_inplace_workspace_size(int64_t rows, int64_t cols, size_t elem_bytes, size_t* bytes) {
  XPOSE_C_API_BODY("xpose_transpose_inplace_workspace_size", {
    if (bytes == nullptr) throw xpose::error(xpose::status::invalid_argument, "bytes = NULL");
    *bytes = xpose::transpose_inplace_workspace_size(rows, cols, elem_bytes);
  })
}

xpose_status_t xpose_transpose_inplace(void* data, int64_t rows, int64_t cols, size_t elem_bytes, void* workspace,
                                       size_t workspace_bytes, cudaStream_t stream) {
  XPOSE_C_API_BODY("xpose_transpose_inplace", {
    xpose::transpose_inplace_bytes(data, 1, rows, cols, elem_bytes, workspace, workspace_bytes, stream);
  })
}

xpose_status_t xpose_transpose_inplace_batched(void* data, int64_t batch, int64_t rows, int64_t cols,
                                               size_t elem_bytes, void* workspace, size_t workspace_bytes,
                                               cudaStream_t stream) {
  XPOSE_C_API_BODY("xpose_transpose_inplace_batched", {
    xpose::transpose_inplace_bytes(data, batch, rows, cols, elem_bytes, workspace, workspace_bytes, stream);
  })
}

const char* xpose_status_string(xpose_status_t status) {
  switch (status) {
    case XPOSE_SUCCESS: return "XPOSE_SUCCESS: no error";
    case XPOSE_INVALID_ARGUMENT: return "XPOSE_INVALID_ARGUMENT: an argument is out of range";
    case XPOSE_UNSUPPORTED: return "XPOSE_UNSUPPORTED: the request is well-formed but not supported";
    case XPOSE_CUDA_ERROR: return "XPOSE_CUDA_ERROR: the CUDA runtime reported an error";
    case XPOSE_OUT_OF_MEMORY: return "XPOSE_OUT_OF_MEMORY: a host allocation failed";
    case XPOSE_INTERNAL_ERROR: return "XPOSE_INTERNAL_ERROR: internal error in xpose";
  }
  return "unknown xpose_status_t value";
}

const char* xpose_last_error_message(void) { return t_last_error.c_str(); }

void solve(const float* input, float* output, int rows, int cols) {
  xpose_status_t s = xpose_transpose(input, output, rows, cols, sizeof(float), 0, 0, XPOSE_AUTO, nullptr);
  if (s == XPOSE_SUCCESS) {
    const cudaError_t err = cudaStreamSynchronize(nullptr);
    if (err != cudaSuccess) s = fail(XPOSE_CUDA_ERROR, "solve", cudaGetErrorString(err));
  }
  if (s != XPOSE_SUCCESS) std::fprintf(stderr, "xpose solve(): %s\n", xpose_last_error_message());
}

}  // extern "C"
