// What one grid-wide barrier costs (cooperative groups), for a cell sweep that keeps each step's
// data on chip between its loads and its stores (sweep 46). Prints microseconds a barrier for
// 1 to 4 blocks of 256 threads an SM.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void barriers(int count, unsigned* sink) {
  cg::grid_group grid = cg::this_grid();
  unsigned v = 0;
  for (int i = 0; i < count; ++i) {
    v += threadIdx.x ^ i;
    grid.sync();
  }
  if (v == 0xffffffffu) *sink = v;
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  unsigned* sink = nullptr;
  cudaMalloc(&sink, 4);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int per_sm = 1; per_sm <= 4; ++per_sm) {
    for (int count : {0, 62, 1000}) {
      float best = 1e30f;
      for (int rep = 0; rep < 5; ++rep) {
        void* args[] = {&count, &sink};
        cudaEventRecord(a);
        cudaLaunchCooperativeKernel(reinterpret_cast<void*>(barriers), dim3(sms * per_sm), dim3(256), args, 0, 0);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        if (ms < best) best = ms;
      }
      std::printf("blocks %4d (%d an SM)  barriers %5d  kernel %.1f us  %.3f us a barrier\n", sms * per_sm, per_sm,
                  count, best * 1e3f, count ? best * 1e3f / count : 0.0f);
    }
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
