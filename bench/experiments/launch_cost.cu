// What a hold-sweep call pays outside its kernel's work (session 32): the bench times one call
// between two events, and the hold trace's stamps cover 11-15 us less than that median. This times,
// event to event, median of 200 single calls, a kernel that does nothing at the hold sweep's
// launch shape (one 512-thread block an SM, 208 KiB of dynamic shared memory) with each of the
// call's ingredients: the cooperative attribute, a parameter the size of the plan (27 KB), the
// barrier counter's cudaMemsetAsync before it.
// Build: nvcc -O3 -std=c++17 -arch=sm_90 bench/experiments/launch_cost.cu -o launch_cost
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

struct small_param {
  int x[8];
};
struct large_param {
  int x[27648 / 4];
};
template <int Bytes>
struct sized_param {
  int x[Bytes / 4];
};

template <class P>
__global__ void __launch_bounds__(512, 1) idle(const __grid_constant__ P p, int* out) {
  extern __shared__ int tile[];
  if (p.x[threadIdx.x % 8] == 12345) out[blockIdx.x] = tile[threadIdx.x];  // never true
}

template <class P>
__global__ void __launch_bounds__(512, 1) reads_param(const __grid_constant__ P p, int* out) {
  // Every thread reads a different word of the parameter, as the hold kernel reads its rounds and pairs.
  int acc = 0;
  for (int i = threadIdx.x; i < static_cast<int>(sizeof(P) / 4); i += 512) acc += p.x[i];
  if (acc == 12345) out[blockIdx.x] = acc;
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int shared = 208 * 1024;
  cudaFuncSetAttribute(idle<small_param>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared);
  cudaFuncSetAttribute(idle<large_param>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared);
  cudaFuncSetAttribute(reads_param<large_param>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared);
  int *out = nullptr, *counter = nullptr;
  cudaMalloc(&out, 4096);
  cudaMalloc(&counter, 16);
  static small_param sp{};
  static large_param lp{};
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  const auto launch = [&](auto kernel, const auto& param, bool cooperative) {
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(sms);
    config.blockDim = dim3(512);
    config.dynamicSmemBytes = shared;
    config.stream = stream;
    cudaLaunchAttribute attribute{};
    attribute.id = cudaLaunchAttributeCooperative;
    attribute.val.cooperative = 1;
    config.attrs = &attribute;
    config.numAttrs = cooperative ? 1 : 0;
    if (cudaLaunchKernelEx(&config, kernel, param, out) != cudaSuccess) std::printf("launch failed\n");
  };
  const auto time = [&](const char* name, auto call) {
    std::vector<float> t;
    for (int rep = 0; rep < 220; ++rep) {
      cudaEventRecord(e0, stream);
      call();
      cudaEventRecord(e1, stream);
      cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      if (rep >= 20) t.push_back(ms * 1000);
    }
    std::sort(t.begin(), t.end());
    std::printf("%-58s median %6.2f us  (p10 %6.2f, p90 %6.2f)\n", name, t[t.size() / 2], t[t.size() / 10],
                t[t.size() * 9 / 10]);
  };
  const auto memset = [&] { cudaMemsetAsync(counter, 0, 4, stream); };
  time("nothing between the events", [] {});
  time("cudaMemsetAsync of 4 bytes", memset);
  time("idle kernel, 32-byte param", [&] { launch(idle<small_param>, sp, false); });
  time("idle kernel, 32-byte param, cooperative", [&] { launch(idle<small_param>, sp, true); });
  time("idle kernel, 27 KB param", [&] { launch(idle<large_param>, lp, false); });
  time("idle kernel, 27 KB param, cooperative", [&] { launch(idle<large_param>, lp, true); });
  time("memset + idle kernel, 32-byte param, cooperative", [&] { memset(); launch(idle<small_param>, sp, true); });
  time("memset + idle kernel, 27 KB param, cooperative", [&] { memset(); launch(idle<large_param>, lp, true); });
  time("memset + kernel reading all of a 27 KB param, cooperative",
       [&] { memset(); launch(reads_param<large_param>, lp, true); });
  // The cost against the parameter's size, cooperative, after the memset, as the call launches.
  const auto sized = [&](auto tag) {
    using P = decltype(tag);
    static P p{};
    cudaFuncSetAttribute(idle<P>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared);
    char name[80];
    std::snprintf(name, sizeof name, "memset + idle kernel, %zu-byte param, cooperative", sizeof(P));
    time(name, [&] { memset(); launch(idle<P>, p, true); });
  };
  sized(sized_param<1024>{});
  sized(sized_param<2048>{});
  sized(sized_param<4000>{});
  sized(sized_param<4096>{});
  sized(sized_param<4160>{});
  sized(sized_param<6144>{});
  sized(sized_param<8192>{});
  sized(sized_param<16384>{});
  sized(sized_param<32000>{});
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
