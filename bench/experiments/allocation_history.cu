// Whether a process's earlier allocations change how fast later kernels run (session 31): the
// in-place suite read 30000 x 7000 bytes at 0.513 ms and its copy kernel at 84.7% of memcpy,
// where a standalone `xpose bench` of the same shape read 0.459 ms and 97%; the suite's cases
// before it allocate up to 2 x 16 GiB. This times, with events (median of 30), cudaMemcpy, a
// grid-stride copy kernel and xpose_transpose_inplace on rows x cols elements, first on fresh
// buffers, then again on buffers allocated after `big_gib` GiB were allocated, written and freed
// twice, and a third time on the first buffers (still held).
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude bench/experiments/allocation_history.cu build/release/libxpose.a -o allocation_history
//   ./allocation_history 30000 7000 1 16
#include <xpose/xpose.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

__global__ void copy_kernel(const uint4* in, uint4* out, std::int64_t n) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < n; i += std::int64_t{gridDim.x} * blockDim.x) {
    out[i] = in[i];
  }
}

template <class F>
float median_ms(F run) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> ms;
  for (int i = 0; i < 33; ++i) {
    cudaEventRecord(a);
    run();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t = 0;
    cudaEventElapsedTime(&t, a, b);
    if (i >= 3) ms.push_back(t);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

void measure(const char* label, std::int64_t rows, std::int64_t cols, std::size_t e, void* in, void* out, void* work,
             std::size_t work_bytes, int sms) {
  const std::size_t bytes = rows * cols * e;
  const float memcpy_ms = median_ms([&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice); });
  const float copy_ms = median_ms([&] {
    copy_kernel<<<sms * 8, 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), bytes / 16);
  });
  const float inplace_ms =
      median_ms([&] { xpose_transpose_inplace(out, rows, cols, e, work, work_bytes, nullptr); });
  std::printf("%-34s memcpy %.4f ms  copy kernel %.4f ms (%.1f%%)  inplace %.4f ms (%.1f%% of memcpy, %.0f GB/s)  %s\n",
              label, memcpy_ms, copy_ms, 100.0 * memcpy_ms / copy_ms, inplace_ms, 100.0 * memcpy_ms / inplace_ms,
              2.0 * bytes / inplace_ms / 1e6, cudaGetErrorString(cudaGetLastError()));
}

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t rows = argc > 1 ? std::atoll(argv[1]) : 30000, cols = argc > 2 ? std::atoll(argv[2]) : 7000;
  const std::size_t e = argc > 3 ? std::atoi(argv[3]) : 1;
  const std::size_t big = (argc > 4 ? std::atoll(argv[4]) : 16) << 30;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const std::size_t bytes = rows * cols * e;
  std::size_t work_bytes = 0;
  if (xpose_transpose_inplace_workspace_size(rows, cols, e, &work_bytes) != XPOSE_SUCCESS) return 1;
  void *in = nullptr, *out = nullptr, *work = nullptr;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMalloc(&work, std::max<std::size_t>(work_bytes, 16));
  cudaMemset(in, 1, bytes);
  cudaMemset(out, 2, bytes);
  measure("fresh buffers", rows, cols, e, in, out, work, work_bytes, sms);
  for (int k = 0; k < 2; ++k) {  // the suite's 32768^2 16-byte case: input and output of 16 GiB
    void *a = nullptr, *b = nullptr;
    if (cudaMalloc(&a, big) != cudaSuccess || cudaMalloc(&b, big) != cudaSuccess) std::printf("big allocation failed\n");
    cudaMemset(a, 3, big);
    cudaMemset(b, 4, big);
    cudaDeviceSynchronize();
    cudaFree(a);
    cudaFree(b);
  }
  void *in2 = nullptr, *out2 = nullptr, *work2 = nullptr;
  cudaMalloc(&in2, bytes);
  cudaMalloc(&out2, bytes);
  cudaMalloc(&work2, std::max<std::size_t>(work_bytes, 16));
  cudaMemset(in2, 1, bytes);
  cudaMemset(out2, 2, bytes);
  measure("buffers after big ones were freed", rows, cols, e, in2, out2, work2, work_bytes, sms);
  measure("the first buffers again", rows, cols, e, in, out, work, work_bytes, sms);
  return 0;
}
