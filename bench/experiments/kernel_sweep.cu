// Kernel design sweep (development tool, not part of the product): times kernel variants
// and plain copy kernels against cudaMemcpy on the same bytes, on rotating buffers,
// verifying every transpose variant against the CPU reference. It currently runs the
// padded-tile widths for rows that are not 16-byte aligned (sweep 6); the earlier sweeps
// (register tile, streaming hints, tile sizes, warp shapes) are in this file's git history,
// their outputs in bench/results/h200/experiments/ and their conclusions in docs/auto.md.
//
// usage: xpose_kernel_sweep [ROWSxCOLS ...]   (default 4096x4096 8192x8192 2048x8192)
#include "../../src/kernels/tiled_tile.cuh"
#include "../../tools/common/device_buffer.hpp"
#include "../../tools/xpose/timing.hpp"
#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace xpose;
using namespace xpose::detail;
using tooling::device_buffer;

namespace {

template <int UNROLL>
__global__ void __launch_bounds__(256) copy_unrolled(const uint4* __restrict__ src, uint4* __restrict__ dst,
                                                     std::size_t n) {
  const std::size_t base = (static_cast<std::size_t>(blockIdx.x) * 256 * UNROLL) + threadIdx.x;
  uint4 v[UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const std::size_t i = base + u * 256;
    if (i < n) v[u] = src[i];
  }
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) {
    const std::size_t i = base + u * 256;
    if (i < n) dst[i] = v[u];
  }
}

struct bench_case {
  std::int64_t rows, cols;
  std::size_t e;
};

class sweep {
 public:
  explicit sweep(const bench_case& c) : c_(c), bytes_(static_cast<std::size_t>(c.rows * c.cols) * c.e) {
    cudaDeviceProp prop{};
    XPOSE_TOOLING_CUDA(cudaGetDeviceProperties(&prop, 0));
    const std::size_t pair = 2 * bytes_;
    sets_ = static_cast<int>(std::max<std::size_t>(1, (2 * static_cast<std::size_t>(prop.l2CacheSize) + pair - 1) / pair));
    for (int i = 0; i < sets_; ++i) {
      in_.emplace_back(bytes_);
      out_.emplace_back(bytes_);
      tooling::fill_random(in_.back().get(), bytes_, c.e, 77 + i);
    }
    std::vector<unsigned char> h(bytes_);
    XPOSE_TOOLING_CUDA(cudaMemcpy(h.data(), in_[0].get(), bytes_, cudaMemcpyDeviceToHost));
    expected_.assign(bytes_, 0);
    reference::transpose(h.data(), expected_.data(), reference::packed(1, c.rows, c.cols, c.e));
    memcpy_ms_ = time([&](int i) {
      const int s = i % sets_;
      XPOSE_TOOLING_CUDA(cudaMemcpyAsync(out_[s].get(), in_[s].get(), bytes_, cudaMemcpyDeviceToDevice, nullptr));
    });
    std::printf("\n%lld x %lld, %zu-byte elements (%d buffer sets): memcpy %.4f ms = %.0f GB/s\n",
                static_cast<long long>(c.rows), static_cast<long long>(c.cols), c.e, sets_, memcpy_ms_,
                2.0 * bytes_ / memcpy_ms_ / 1e6);
  }

  double time(const std::function<void(int)>& run) { return cli::time_runs(run, 5, 40, nullptr).median_ms; }

  void report(const std::string& name, const std::function<void(const void*, void*)>& op, bool is_transpose) {
    bool ok = true;
    if (is_transpose) {
      XPOSE_TOOLING_CUDA(cudaMemset(out_[0].get(), 0xFF, bytes_));
      op(in_[0].get(), out_[0].get());
      std::vector<unsigned char> got(bytes_);
      XPOSE_TOOLING_CUDA(cudaMemcpy(got.data(), out_[0].get(), bytes_, cudaMemcpyDeviceToHost));
      ok = std::memcmp(got.data(), expected_.data(), bytes_) == 0;
    }
    const double ms = time([&](int i) { op(in_[i % sets_].get(), out_[i % sets_].get()); });
    XPOSE_TOOLING_CUDA(cudaGetLastError());
    std::printf("  %-34s %.4f ms  %6.1f%%  %s\n", name.c_str(), ms, 100.0 * memcpy_ms_ / ms,
                is_transpose ? (ok ? "ok" : "WRONG") : "");
  }

  plan make_plan(const void* in, void* out) const {
    plan p;
    p.in = in;
    p.out = out;
    p.batch = 1;
    p.rows = c_.rows;
    p.cols = c_.cols;
    p.elem_bytes = c_.e;
    p.ld_in = c_.cols;
    p.ld_out = c_.rows;
    p.stride_in = p.stride_out = c_.rows * c_.cols;
    p.vec_in = p.vec_out = true;
    return p;
  }

  std::size_t bytes() const { return bytes_; }

 private:
  bench_case c_;
  std::size_t bytes_;
  int sets_ = 1;
  std::vector<device_buffer> in_, out_;
  std::vector<unsigned char> expected_;
  double memcpy_ms_ = 0;
};

template <class T, int TILE, int BLOCK_ROWS, bool ST>
void padded_variant(sweep& s) {
  char name[80];
  std::snprintf(name, sizeof name, "tiled_padded %dx%d%s", TILE, BLOCK_ROWS, ST ? " cs" : "");
  s.report(name, [&](const void* in, void* out) {
    launch_tiled_variant<T, TILE, BLOCK_ROWS, 1, false, ST>(s.make_plan(in, out));
  }, true);
}

// Rows that are not 16-byte aligned (run with odd shapes such as 4095x4097): the padded
// tile in several widths and depths. Only scalar-access kernels are valid there.
template <class T>
void unaligned_variants(sweep& s) {
  padded_variant<T, 32, 8, false>(s);  // production
  padded_variant<T, 32, 8, true>(s);
  if constexpr (sizeof(T) <= 8) {  // a 64 x 65 tile of 16-byte elements exceeds 48 KiB
    padded_variant<T, 64, 8, true>(s);
    padded_variant<T, 64, 16, true>(s);
    padded_variant<T, 64, 4, true>(s);
  }
  if constexpr (sizeof(T) <= 2) {
    padded_variant<T, 128, 4, true>(s);
    padded_variant<T, 128, 8, true>(s);
  }
}

void run_case(const bench_case& c) {
  sweep s(c);
  int sms = 0;
  XPOSE_TOOLING_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const std::size_t n16 = s.bytes() / 16;
  s.report("copy unrolled x1", [&](const void* in, void* out) {
    copy_unrolled<1><<<static_cast<unsigned>((n16 + 255) / 256), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  s.report("copy unrolled x4", [&](const void* in, void* out) {
    copy_unrolled<4><<<static_cast<unsigned>((n16 + 1023) / 1024), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  s.report("copy unrolled x8", [&](const void* in, void* out) {
    copy_unrolled<8><<<static_cast<unsigned>((n16 + 2047) / 2048), 256>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out), n16);
  }, false);
  for (const strategy k : {strategy::tiled_padded, strategy::vectorized}) {
    s.report(std::string("xpose ") + std::string(to_string(k)), [&](const void* in, void* out) {
      options o;
      o.kernel = k;
      transpose_bytes(in, out, 1, c.rows, c.cols, c.e, batched_options{o});
    }, true);
  }
  switch (c.e) {
    case 1: unaligned_variants<std::uint8_t>(s); break;
    case 2: unaligned_variants<std::uint16_t>(s); break;
    case 4: unaligned_variants<std::uint32_t>(s); break;
    case 8: unaligned_variants<unsigned long long>(s); break;
    case 16: unaligned_variants<uint4>(s); break;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::pair<std::int64_t, std::int64_t>> shapes;
  for (int i = 1; i < argc; ++i) {
    long long r = 0, c = 0;
    if (std::sscanf(argv[i], "%lldx%lld", &r, &c) == 2) shapes.emplace_back(r, c);
  }
  if (shapes.empty()) shapes = {{4096, 4096}, {8192, 8192}, {2048, 8192}};
  try {
    for (const auto& [r, c] : shapes) {
      for (std::size_t e : {1, 2, 4, 8, 16}) run_case({r, c, e});
    }
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "sweep: %s\n", ex.what());
    return 1;
  }
  return 0;
}
