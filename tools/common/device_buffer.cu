#include "device_buffer.hpp"

#include <sstream>

namespace xpose::tooling {

void cuda_check(cudaError_t err, const char* call, const char* file, int line) {
  if (err == cudaSuccess) return;
  std::ostringstream os;
  os << file << ":" << line << ": " << call << " failed: " << cudaGetErrorName(err) << ": " << cudaGetErrorString(err);
  throw std::runtime_error(os.str());
}

device_buffer::device_buffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes > 0) XPOSE_TOOLING_CUDA(cudaMalloc(&ptr_, bytes));
}

device_buffer::~device_buffer() {
  if (ptr_ != nullptr) (void)cudaFree(ptr_);
}

device_buffer& device_buffer::operator=(device_buffer&& o) noexcept {
  if (this != &o) {
    if (ptr_ != nullptr) (void)cudaFree(ptr_);
    ptr_ = std::exchange(o.ptr_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

namespace {

__device__ std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

__global__ void fill_kernel(unsigned char* p, std::size_t bytes, std::size_t elem_bytes, std::uint64_t seed) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < bytes; i += stride) {
    auto v = static_cast<unsigned char>(splitmix64(seed ^ (i * 0xD6E8FEB86659FD93ull)) >> 24);
    if (i % elem_bytes == 0 && v == kPoison) v = 0x7F;  // no element can equal the poison
    p[i] = v;
  }
}

__global__ void fill_finite_kernel(unsigned char* p, std::size_t bytes, bool doubles, std::uint64_t seed) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  const std::size_t word = doubles ? 8 : 4;
  const std::size_t n = bytes / word;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    const double u = static_cast<double>(splitmix64(seed ^ (i * 0xD6E8FEB86659FD93ull)) >> 11) * 0x1.0p-53;
    if (doubles) reinterpret_cast<double*>(p)[i] = 2.0 * u - 1.0;
    else reinterpret_cast<float*>(p)[i] = static_cast<float>(2.0 * u - 1.0);
  }
}

}  // namespace

void fill_random_finite(void* device_ptr, std::size_t bytes, std::size_t elem_bytes, std::uint64_t seed,
                        cudaStream_t stream) {
  if (elem_bytes < 4 || reinterpret_cast<std::uintptr_t>(device_ptr) % 8 != 0) {
    fill_random(device_ptr, bytes, elem_bytes, seed, stream);
    return;
  }
  fill_finite_kernel<<<1024, 256, 0, stream>>>(static_cast<unsigned char*>(device_ptr), bytes, elem_bytes >= 8, seed);
  XPOSE_TOOLING_CUDA(cudaGetLastError());
}

void fill_random(void* device_ptr, std::size_t bytes, std::size_t elem_bytes, std::uint64_t seed,
                 cudaStream_t stream) {
  if (bytes == 0) return;
  fill_kernel<<<1024, 256, 0, stream>>>(static_cast<unsigned char*>(device_ptr), bytes, elem_bytes, seed);
  XPOSE_TOOLING_CUDA(cudaGetLastError());
}

namespace {

__global__ void mismatch_kernel(const unsigned char* in, const unsigned char* out, std::int64_t batch,
                                std::int64_t rows, std::int64_t cols, std::size_t e, std::int64_t ld_in,
                                std::int64_t ld_out, std::int64_t stride_in, std::int64_t stride_out,
                                unsigned long long* count) {
  const std::int64_t total = batch * rows * cols;
  const std::int64_t step = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  unsigned long long bad = 0;
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < total; i += step) {
    const std::int64_t b = i / (rows * cols), rest = i - b * rows * cols;
    const std::int64_t c = rest / rows, r = rest - c * rows;  // output element (c, r) of matrix b
    const unsigned char* o = out + (b * stride_out + c * ld_out + r) * static_cast<std::int64_t>(e);
    const unsigned char* x = in + (b * stride_in + r * ld_in + c) * static_cast<std::int64_t>(e);
    for (std::size_t k = 0; k < e; ++k) {
      if (o[k] != x[k]) {
        ++bad;
        break;
      }
    }
  }
  if (bad) atomicAdd(count, bad);
}

}  // namespace

std::int64_t count_transpose_mismatches(const void* in, const void* out, std::int64_t batch, std::int64_t rows,
                                        std::int64_t cols, std::size_t elem_bytes, std::int64_t ld_in,
                                        std::int64_t ld_out, std::int64_t stride_in, std::int64_t stride_out,
                                        cudaStream_t stream) {
  device_buffer counter(sizeof(unsigned long long));
  XPOSE_TOOLING_CUDA(cudaMemsetAsync(counter.get(), 0, sizeof(unsigned long long), stream));
  mismatch_kernel<<<2048, 256, 0, stream>>>(static_cast<const unsigned char*>(in), static_cast<const unsigned char*>(out),
                                            batch, rows, cols, elem_bytes, ld_in, ld_out, stride_in, stride_out,
                                            static_cast<unsigned long long*>(counter.get()));
  XPOSE_TOOLING_CUDA(cudaGetLastError());
  unsigned long long host = 0;
  XPOSE_TOOLING_CUDA(cudaMemcpyAsync(&host, counter.get(), sizeof host, cudaMemcpyDeviceToHost, stream));
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
  return static_cast<std::int64_t>(host);
}

bool gpu_available(std::string* why) {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    if (why != nullptr) *why = err != cudaSuccess ? cudaGetErrorString(err) : "no CUDA device";
    (void)cudaGetLastError();
    return false;
  }
  return true;
}

}  // namespace xpose::tooling
