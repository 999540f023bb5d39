// Development probe (docs/auto.md, latency rows): where the time of one small transpose
// call goes. Times the CUDA queries the call makes and kernel launches on the host clock
// (long loops, and bursts of 100 that never fill the stream's queue), then 256^2 and
// 1024^2 fp32 transposes: on the GPU alone (100 calls captured in one CUDA graph), and as
// `xpose bench` times them (an event pair around each call on a non-blocking stream,
// median), for every strategy, the core without its device checks or with the runtime
// queries they used before, cuBLAS Sgeam, cudaMemcpyAsync and an empty kernel. Not installed.
//
// usage: xpose_host_overhead [calls]
#include "../../src/core/device_checks.hpp"
#include "../../src/core/plan.hpp"
#include "../../src/core/validate.hpp"
#include "../../src/kernels/launchers.hpp"
#include "../../tools/common/device_buffer.hpp"
#include "../../tools/xpose/timing.hpp"

#include <xpose/xpose.hpp>

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

__global__ void empty_kernel() {}

// Host time of short bursts (the stream's queue never fills, so the GPU never throttles
// the host): `bursts` of `per_burst` calls, the stream drained between bursts.
double burst_us_per_call(cudaStream_t stream, const std::function<void(int)>& f, int per_burst = 100,
                         int bursts = 50) {
  std::vector<double> us;
  int i = 0;
  for (int b = 0; b < bursts; ++b) {
    XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < per_burst; ++k) f(i++);
    const auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / per_burst);
  }
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
  return xpose::cli::median(us);
}

double host_us_per_call(int calls, const std::function<void()>& f) {
  for (int i = 0; i < calls / 10; ++i) f();
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) f();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count() / calls;
}

// GPU time per call without the host: `per_graph` calls captured in one graph, the graph
// launched `reps` times between an event pair each, median / per_graph.
double graph_us_per_call(cudaStream_t stream, const std::function<void(int)>& run, int per_graph = 100, int reps = 21) {
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  XPOSE_TOOLING_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < per_graph; ++i) run(i);
  XPOSE_TOOLING_CUDA(cudaStreamEndCapture(stream, &graph));
  XPOSE_TOOLING_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  XPOSE_TOOLING_CUDA(cudaGraphLaunch(exec, stream));
  const auto t = xpose::cli::time_runs([&](int) { XPOSE_TOOLING_CUDA(cudaGraphLaunch(exec, stream)); }, 2, reps, stream);
  (void)cudaGraphExecDestroy(exec);
  (void)cudaGraphDestroy(graph);
  return t.median_ms * 1e3 / per_graph;
}

struct named {
  const char* name;
  std::function<void(int)> run;
};

using pointer_get_attributes = CUresult (*)(unsigned, CUpointer_attribute*, void**, CUdeviceptr);

}  // namespace

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20000;
  cudaStream_t stream = nullptr;
  XPOSE_TOOLING_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  constexpr int kSets = 8;  // rotated like the bench's buffer sets
  const std::size_t max_bytes = std::size_t{1024} * 1024 * 4;
  void* in[kSets];
  void* out[kSets];
  for (int s = 0; s < kSets; ++s) {
    XPOSE_TOOLING_CUDA(cudaMalloc(&in[s], max_bytes));
    XPOSE_TOOLING_CUDA(cudaMalloc(&out[s], max_bytes));
  }
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  XPOSE_TOOLING_CUDA(cudaGetDriverEntryPointByVersion("cuPointerGetAttributes", &fn, 12000, cudaEnableDefault, &found));
  const auto driver_attributes = reinterpret_cast<pointer_get_attributes>(fn);

  std::printf("host clock, us per call (%d calls after %d warm-up):\n", calls, calls / 10);
  int dev = 0;
  std::printf("  cudaGetDevice                         %7.3f\n", host_us_per_call(calls, [&] { (void)cudaGetDevice(&dev); }));
  std::printf("  cudaStreamGetDevice                   %7.3f\n",
              host_us_per_call(calls, [&] { (void)cudaStreamGetDevice(stream, &dev); }));
  cudaPointerAttributes attr{};
  std::printf("  cudaPointerGetAttributes (start)      %7.3f\n",
              host_us_per_call(calls, [&] { (void)cudaPointerGetAttributes(&attr, in[0]); }));
  std::printf("  cudaPointerGetAttributes (last byte)  %7.3f\n", host_us_per_call(calls, [&] {
                (void)cudaPointerGetAttributes(&attr, static_cast<char*>(in[0]) + max_bytes - 1);
              }));
  std::printf("  cuPointerGetAttributes (4 attributes) %7.3f\n", host_us_per_call(calls, [&] {
                CUpointer_attribute which[4] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                                CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                                CU_POINTER_ATTRIBUTE_RANGE_SIZE};
                unsigned type = 0;
                int ordinal = 0;
                CUdeviceptr start = 0;
                std::size_t size = 0;
                void* data[4] = {&type, &ordinal, &start, &size};
                (void)driver_attributes(4, which, data, reinterpret_cast<CUdeviceptr>(in[0]));
              }));
  std::printf("  cudaGetLastError                      %7.3f\n", host_us_per_call(calls, [&] { (void)cudaGetLastError(); }));
  std::printf("  empty kernel <<<1, 32>>>              %7.3f\n", host_us_per_call(calls, [&] {
                empty_kernel<<<1, 32, 0, stream>>>();
              }));
  XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
  void* launch_fn = nullptr;
  XPOSE_TOOLING_CUDA(cudaGetDriverEntryPointByVersion("cuLaunchKernel", &launch_fn, 12000, cudaEnableDefault, &found));
  using launch_kernel = CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                     CUstream, void**, void**);
  const auto driver_launch = reinterpret_cast<launch_kernel>(launch_fn);
  cudaFunction_t empty_fn = nullptr;
  XPOSE_TOOLING_CUDA(cudaGetFuncBySymbol(&empty_fn, reinterpret_cast<const void*>(empty_kernel)));
  std::printf("bursts of 100 calls, stream drained between bursts, median us per call:\n");
  std::printf("  empty kernel <<<1, 32>>>              %7.3f\n",
              burst_us_per_call(stream, [&](int) { empty_kernel<<<1, 32, 0, stream>>>(); }));
  std::printf("  empty kernel, cudaLaunchKernel        %7.3f\n", burst_us_per_call(stream, [&](int) {
                (void)cudaLaunchKernel(reinterpret_cast<const void*>(empty_kernel), dim3(1), dim3(32), nullptr, 0, stream);
              }));
  std::printf("  empty kernel, driver cuLaunchKernel   %7.3f\n", burst_us_per_call(stream, [&](int) {
                (void)driver_launch(reinterpret_cast<CUfunction>(empty_fn), 1, 1, 1, 32, 1, 1, 0,
                                    reinterpret_cast<CUstream>(stream), nullptr, nullptr);
              }));
  cudaEvent_t ev = nullptr;
  XPOSE_TOOLING_CUDA(cudaEventCreate(&ev));
  std::printf("  cudaEventRecord                       %7.3f\n",
              burst_us_per_call(stream, [&](int) { (void)cudaEventRecord(ev, stream); }));
  (void)cudaEventDestroy(ev);

  cublasHandle_t handle = nullptr;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS || cublasSetStream(handle, stream) != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "cuBLAS set-up failed\n");
    return 1;
  }
  for (const std::int64_t n : {256, 1024}) {
    const int ni = static_cast<int>(n);
    const float one = 1.0f, zero = 0.0f;
    xpose::detail::request req;
    req.rows = n;
    req.cols = n;
    req.elem_bytes = 4;
    req.stream = stream;
    auto xpose_api = [&](int i) {
      xpose::batched_options o;
      o.stream = stream;
      xpose::transpose_bytes(in[i % kSets], out[i % kSets], 1, n, n, 4, o);
    };
    auto core_unchecked = [&](int i) {
      xpose::detail::request r = req;
      r.in = in[i % kSets];
      r.out = out[i % kSets];
      xpose::detail::launch(xpose::detail::finalize(xpose::detail::validate(r)));
    };
    auto checks_only = [&](int i) {
      xpose::detail::request r = req;
      r.in = in[i % kSets];
      r.out = out[i % kSets];
      xpose::detail::check_device_access(xpose::detail::validate(r));
    };
    // What check_device_access did before its driver fast path: four runtime queries.
    auto runtime_checks = [&](int i) {
      xpose::detail::request r = req;
      r.in = in[i % kSets];
      r.out = out[i % kSets];
      const xpose::detail::plan p = xpose::detail::validate(r);
      int d = 0, sd = 0;
      cudaPointerAttributes a{};
      (void)cudaGetDevice(&d);
      (void)cudaStreamGetDevice(stream, &sd);
      (void)cudaPointerGetAttributes(&a, p.in);
      (void)cudaPointerGetAttributes(&a, static_cast<const char*>(p.in) + n * n * 4 - 1);
      (void)cudaPointerGetAttributes(&a, p.out);
      (void)cudaPointerGetAttributes(&a, static_cast<const char*>(p.out) + n * n * 4 - 1);
    };
    auto runtime_checked = [&](int i) {
      runtime_checks(i);
      core_unchecked(i);
    };
    auto sgeam = [&](int i) {
      (void)cublasSgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, ni, ni, &one, static_cast<const float*>(in[i % kSets]), ni,
                        &zero, static_cast<const float*>(out[i % kSets]), ni, static_cast<float*>(out[i % kSets]), ni);
    };
    auto memcpy_run = [&](int i) {
      (void)cudaMemcpyAsync(out[i % kSets], in[i % kSets], static_cast<std::size_t>(n * n * 4),
                            cudaMemcpyDeviceToDevice, stream);
    };
    const named variants[] = {{"cudaMemcpyAsync", memcpy_run},
                    {"xpose (public API)", xpose_api},
                    {"xpose core, runtime checks", runtime_checked},
                    {"xpose core, no device checks", core_unchecked},
                    {"cublasSgeam", sgeam}};
    std::printf("\n%lld^2 fp32:\n", static_cast<long long>(n));
    auto with = [&](xpose::strategy k, xpose::tile_config tile) {
      return [&, k, tile](int i) {
        xpose::batched_options o;
        o.stream = stream;
        o.kernel = k;
        o.tile = tile;
        xpose::transpose_bytes(in[i % kSets], out[i % kSets], 1, n, n, 4, o);
      };
    };
    using xpose::strategy;
    using xpose::tile_config;
    const named on_gpu[] = {{"cudaMemcpyAsync", memcpy_run},
                            {"auto", with(strategy::automatic, tile_config::tile32_block32x8)},
                            {"vectorized", with(strategy::vectorized, tile_config::tile32_block32x8)},
                            {"tiled_padded 32x8", with(strategy::tiled_padded, tile_config::tile32_block32x8)},
                            {"tiled_padded 32x32", with(strategy::tiled_padded, tile_config::tile32_block32x32)},
                            {"tiled_padded 16x16", with(strategy::tiled_padded, tile_config::tile16x16)},
                            {"diagonal", with(strategy::diagonal, tile_config::tile32_block32x8)},
                            {"cublasSgeam", sgeam}};
    for (const auto& v : on_gpu) {
      std::printf("  %-30s host, bursts of 100: %7.3f us/call\n", v.name, burst_us_per_call(stream, v.run));
    }
    std::printf("  %-30s host, bursts of 100: %7.3f us/call\n", "xpose core, no device checks",
                burst_us_per_call(stream, core_unchecked));
    auto empty = [&](int) { empty_kernel<<<1, 32, 0, stream>>>(); };
    for (int round = 0; round < 3; ++round) {
      for (const auto& v : on_gpu) {
        const auto t = xpose::cli::time_runs(v.run, 20, 200, stream);
        std::printf("  round %d  %-30s events median %7.3f us  min %7.3f\n", round, v.name, t.median_ms * 1e3,
                    t.min_ms * 1e3);
      }
      const auto t = xpose::cli::time_runs(empty, 20, 200, stream);
      std::printf("  round %d  %-30s events median %7.3f us  min %7.3f\n", round, "empty kernel", t.median_ms * 1e3,
                  t.min_ms * 1e3);
    }
    for (int round = 0; round < 2; ++round) {
      for (const auto& v : on_gpu) {
        std::printf("  round %d  %-30s GPU (graph of 100) %7.3f us/call\n", round, v.name,
                    graph_us_per_call(stream, v.run));
      }
    }
    int k = 0;
    std::printf("  device checks alone (host clock)      %7.3f us\n",
                host_us_per_call(calls, [&] { checks_only(k++); }));
    std::printf("  runtime checks alone (host clock)     %7.3f us\n",
                host_us_per_call(calls, [&] { runtime_checks(k++); }));
    for (int round = 0; round < 2; ++round) {
      for (const auto& v : variants) {
        int j = 0;
        const double host = host_us_per_call(2000, [&] { v.run(j++); });
        XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
        const auto t = xpose::cli::time_runs(v.run, 20, 200, stream);
        std::printf("  round %d  %-30s host %7.3f us/call  events median %7.3f us  min %7.3f\n", round, v.name, host,
                    t.median_ms * 1e3, t.min_ms * 1e3);
      }
    }
  }
  (void)cublasDestroy(handle);
  for (int s = 0; s < kSets; ++s) {
    (void)cudaFree(in[s]);
    (void)cudaFree(out[s]);
  }
  (void)cudaStreamDestroy(stream);
  return 0;
}
