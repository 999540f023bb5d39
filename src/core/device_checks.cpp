#include "device_checks.hpp"

#include "raise.hpp"
#include "validate.hpp"

namespace xpose::detail {
namespace {

int current_device() {
  int dev = -1;
  check_cuda(cudaGetDevice(&dev), "cudaGetDevice");
  return dev;
}

// `what` names the argument; `offset` > 0 checks the byte at ptr + offset (the last one
// the call touches), which catches buffers smaller than the shape and leading dimension.
void check_pointer(const void* base, std::int64_t offset, const char* what, int device) {
  const void* ptr = static_cast<const char*>(base) + offset;
  cudaPointerAttributes attr{};
  const cudaError_t err = cudaPointerGetAttributes(&attr, ptr);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();  // do not leave our probe's error for the caller to find
    raise(status::invalid_argument, what, " = ", ptr, " is not a pointer CUDA knows (", cudaGetErrorName(err), ")");
  }
  switch (attr.type) {
    case cudaMemoryTypeUnregistered:
      if (offset == 0) {
        raise(status::invalid_argument, what, " = ", ptr,
              " is host memory the GPU cannot access; pass device, managed or registered memory");
      }
      raise(status::invalid_argument, what, " + ", offset, " bytes = ", ptr,
            " lies outside any device allocation: the buffer is smaller than the shape and leading "
            "dimension require");
    case cudaMemoryTypeDevice:
      if (attr.device != device) {
        raise(status::invalid_argument, what, " = ", ptr, " is memory of device ", attr.device,
              " but the current device is ", device);
      }
      return;
    case cudaMemoryTypeHost:     // pinned or registered host memory: mapped into the device
    case cudaMemoryTypeManaged:  // migrates on demand
      if (attr.devicePointer == nullptr) {
        raise(status::invalid_argument, what, " = ", ptr, " is host memory not mapped into device ", device);
      }
      return;
  }
}

}  // namespace

void check_device_access(const plan& p) {
  const int device = current_device();
  if (p.stream != nullptr && p.stream != cudaStreamLegacy && p.stream != cudaStreamPerThread) {
    int stream_device = -1;
    const cudaError_t err = cudaStreamGetDevice(p.stream, &stream_device);
    if (err != cudaSuccess) {
      (void)cudaGetLastError();
      raise(status::invalid_argument, "stream = ", static_cast<const void*>(p.stream), " is not a valid stream (",
            cudaGetErrorName(err), ")");
    }
    if (stream_device != device) {
      raise(status::invalid_argument, "stream = ", static_cast<const void*>(p.stream), " belongs to device ",
            stream_device, " but the current device is ", device);
    }
  }
  const std::int64_t in_bytes = span_bytes(p.batch, p.rows, p.cols, p.ld_in, p.stride_in, p.elem_bytes);
  const std::int64_t out_bytes = span_bytes(p.batch, p.cols, p.rows, p.ld_out, p.stride_out, p.elem_bytes);
  check_pointer(p.in, 0, "in", device);
  check_pointer(p.in, in_bytes - 1, "in", device);
  check_pointer(p.out, 0, "out", device);
  check_pointer(p.out, out_bytes - 1, "out", device);
}

}  // namespace xpose::detail
