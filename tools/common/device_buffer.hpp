// Small RAII helpers shared by the benchmark and the GPU tests (not part of the library).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace xpose::tooling {

/** Throws std::runtime_error carrying the call text when a CUDA call fails. */
void cuda_check(cudaError_t err, const char* call, const char* file, int line);
#define XPOSE_TOOLING_CUDA(call) ::xpose::tooling::cuda_check((call), #call, __FILE__, __LINE__)

/** Owning device allocation. */
class device_buffer {
 public:
  device_buffer() = default;
  explicit device_buffer(std::size_t bytes);
  ~device_buffer();
  device_buffer(device_buffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  device_buffer& operator=(device_buffer&& o) noexcept;
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;

  [[nodiscard]] void* get() const { return ptr_; }
  [[nodiscard]] unsigned char* bytes() const { return static_cast<unsigned char*>(ptr_); }
  [[nodiscard]] std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

/**
 * Fills `bytes` bytes with pseudo-random data from `seed`. No element of `elem_bytes`
 * bytes is all-0xFF, so an element the kernel forgot to write can never look written
 * over an output poisoned with 0xFF.
 */
void fill_random(void* device_ptr, std::size_t bytes, std::size_t elem_bytes, std::uint64_t seed,
                 cudaStream_t stream = nullptr);

/**
 * Fills with finite random numbers in [-1, 1): floats for 4-byte elements, doubles for 8,
 * pairs of doubles for 16 (random bytes for 1 and 2). Used where a baseline does
 * arithmetic on the elements (cuBLAS geam would canonicalize NaN payloads).
 */
void fill_random_finite(void* device_ptr, std::size_t bytes, std::size_t elem_bytes, std::uint64_t seed,
                        cudaStream_t stream = nullptr);

/** The byte every output is poisoned with before a checked run. */
constexpr unsigned char kPoison = 0xFF;

/**
 * Counts output elements that differ from the definition out[b][c][r] = in[b][r][c],
 * one thread per element on the GPU (independent of every xpose kernel). Synchronous.
 */
std::int64_t count_transpose_mismatches(const void* in, const void* out, std::int64_t batch, std::int64_t rows,
                                        std::int64_t cols, std::size_t elem_bytes, std::int64_t ld_in,
                                        std::int64_t ld_out, std::int64_t stride_in, std::int64_t stride_out,
                                        cudaStream_t stream = nullptr);

/** True if a CUDA device is present and usable; `why` gets the reason otherwise. */
bool gpu_available(std::string* why = nullptr);

}  // namespace xpose::tooling
