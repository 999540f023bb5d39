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

namespace {

[[noreturn]] void raise_invalid_stream(cudaStream_t stream, cudaError_t err) {
  (void)cudaGetLastError();
  raise(status::invalid_argument, "stream = ", static_cast<const void*>(stream), " is not a valid stream (",
        cudaGetErrorName(err), ")");
}

void check_stream_on(cudaStream_t stream, int device) {
  if (stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread) return;
  // cudaStreamGetDevice fails with cudaErrorStreamCaptureUnsupported on a stream that is
  // being captured into a CUDA graph (every captured call failed here until session 25), so
  // such a stream keeps only the validity check.
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  cudaError_t err = cudaStreamIsCapturing(stream, &capture);
  if (err != cudaSuccess) raise_invalid_stream(stream, err);
  if (capture != cudaStreamCaptureStatusNone) return;
  int stream_device = -1;
  err = cudaStreamGetDevice(stream, &stream_device);
  if (err != cudaSuccess) raise_invalid_stream(stream, err);
  if (stream_device != device) {
    raise(status::invalid_argument, "stream = ", static_cast<const void*>(stream), " belongs to device ",
          stream_device, " but the current device is ", device);
  }
}

void check_buffer_on(const void* base, std::int64_t bytes, const char* what, int device) {
  check_pointer(base, 0, what, device);
  check_pointer(base, bytes - 1, what, device);
}

}  // namespace

void check_stream_and_buffer(cudaStream_t stream, const void* base, std::int64_t bytes, const char* what,
                             const void* extra, std::int64_t extra_bytes, const char* extra_what) {
  const int device = current_device();
  check_stream_on(stream, device);
  check_buffer_on(base, bytes, what, device);
  if (extra != nullptr && extra_bytes > 0) check_buffer_on(extra, extra_bytes, extra_what, device);
}

void check_device_access(const plan& p) {
  const int device = current_device();  // one query per call: this runs on every transpose
  check_stream_on(p.stream, device);
  check_buffer_on(p.in, span_bytes(p.batch, p.rows, p.cols, p.ld_in, p.stride_in, p.elem_bytes), "in", device);
  check_buffer_on(p.out, span_bytes(p.batch, p.cols, p.rows, p.ld_out, p.stride_out, p.elem_bytes), "out", device);
}

std::int64_t current_device_shared_optin() {
  int bytes = 0;
  check_cuda(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, current_device()),
             "cudaDeviceGetAttribute");
  return bytes;
}

int current_device_sms() {
  int sms = 0;
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, current_device()), "cudaDeviceGetAttribute");
  return sms;
}

}  // namespace xpose::detail
