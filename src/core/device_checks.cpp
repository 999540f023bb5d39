#include "device_checks.hpp"

#include "raise.hpp"
#include "validate.hpp"

#include <cuda.h>  // driver types only: the one driver function comes through the runtime

#include <atomic>

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

using pointer_attributes_fn = CUresult (*)(unsigned, CUpointer_attribute*, void**, CUdeviceptr);

// cuPointerGetAttributes, looked up once through the runtime (xpose links no driver
// library); null if the driver does not offer it, and then every check takes the runtime path.
pointer_attributes_fn driver_pointer_attributes() {
  static const pointer_attributes_fn fn = [] {
    void* f = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuPointerGetAttributes", &f, 12000, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();
      return pointer_attributes_fn{nullptr};
    }
    return reinterpret_cast<pointer_attributes_fn>(f);
  }();
  return fn;
}

// The common case in one driver query instead of two runtime ones (0.07-0.10 us against
// 0.08-0.17 us each on the H200, where a 256^2 call's whole host time is 4-5 us: see
// bench/experiments/host_overhead.cu): all `bytes` from `base` lie in the mapped device
// allocation of the current device that holds `base`. False only means "not shown this
// way": the runtime checks then decide, with their messages.
bool inside_one_device_allocation(const void* base, std::int64_t bytes, int device) {
  const pointer_attributes_fn query = driver_pointer_attributes();
  if (query == nullptr) return false;
  CUpointer_attribute which[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,      CU_POINTER_ATTRIBUTE_IS_MANAGED,
                                 CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,   CU_POINTER_ATTRIBUTE_MAPPED,
                                 CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, CU_POINTER_ATTRIBUTE_RANGE_SIZE};
  unsigned type = 0;
  unsigned managed = 0;
  int ordinal = -1;
  unsigned mapped = 0;
  CUdeviceptr start = 0;
  std::size_t size = 0;
  void* data[] = {&type, &managed, &ordinal, &mapped, &start, &size};
  const auto at = reinterpret_cast<CUdeviceptr>(base);
  if (query(6, which, data, at) != CUDA_SUCCESS) return false;  // the runtime path reports it
  return type == CU_MEMORYTYPE_DEVICE && managed == 0 && mapped != 0 && ordinal == device && at >= start &&
         at - start < size && static_cast<std::uint64_t>(bytes) <= size - (at - start);
}

void check_buffer_on(const void* base, std::int64_t bytes, const char* what, int device) {
  if (inside_one_device_allocation(base, bytes, device)) return;
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

int check_device_access(const plan& p) {
  const int device = current_device();  // one query per call: this runs on every transpose
  check_stream_on(p.stream, device);
  check_buffer_on(p.in, span_bytes(p.batch, p.rows, p.cols, p.ld_in, p.stride_in, p.elem_bytes), "in", device);
  check_buffer_on(p.out, span_bytes(p.batch, p.cols, p.rows, p.ld_out, p.stride_out, p.elem_bytes), "out", device);
  return device;
}

int memory_bus_bits(int device) {
  // Cached per device (0: not asked yet): the plan needs it on every call. Races only
  // repeat the same query and store the same value.
  constexpr int kCachedDevices = 64;
  static std::atomic<int> cached[kCachedDevices] = {};
  if (device >= 0 && device < kCachedDevices) {
    const int known = cached[device].load(std::memory_order_relaxed);
    if (known != 0) return known;
  }
  int bits = 0;
  check_cuda(cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, device), "cudaDeviceGetAttribute");
  if (device >= 0 && device < kCachedDevices && bits > 0) cached[device].store(bits, std::memory_order_relaxed);
  return bits;
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
