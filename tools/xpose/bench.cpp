#include "bench.hpp"

#include "../common/device_buffer.hpp"
#include "baselines.hpp"
#include "device_info.hpp"
#include "timing.hpp"

#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

namespace xpose::cli {
namespace {

using tooling::device_buffer;

// Input/output pairs rotated through so that consecutive runs never find their data in L2.
struct buffer_sets {
  std::vector<device_buffer> in, out;
  std::size_t bytes = 0;

  buffer_sets(std::size_t matrix_bytes, std::int64_t l2_bytes, std::size_t elem_bytes) : bytes(matrix_bytes) {
    std::size_t free_bytes = 0, total = 0;
    XPOSE_TOOLING_CUDA(cudaMemGetInfo(&free_bytes, &total));
    const std::size_t pair = std::max<std::size_t>(2 * matrix_bytes, 1);
    std::size_t sets = std::max<std::size_t>(1, (2 * static_cast<std::size_t>(l2_bytes) + pair - 1) / pair);
    sets = std::min<std::size_t>(sets, std::max<std::size_t>(1, free_bytes / 2 / pair));
    for (std::size_t i = 0; i < sets; ++i) {
      in.emplace_back(matrix_bytes);
      out.emplace_back(matrix_bytes);
      tooling::fill_random_finite(in.back().get(), matrix_bytes, elem_bytes, 1000 + i);
    }
    XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  }
  [[nodiscard]] int count() const { return static_cast<int>(in.size()); }
};

class bench_session {
 public:
  bench_session(const bench_options& opt, bench_report& report)
      : opt_(opt), report_(report), bytes_(static_cast<std::size_t>(opt.batch * opt.rows * opt.cols) * opt.elem_bytes),
        sets_(bytes_, report.device.l2_bytes, opt.elem_bytes) {
    XPOSE_TOOLING_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    report_.buffer_sets = sets_.count();
    if (opt_.verify) prepare_expected();
  }
  ~bench_session() { (void)cudaStreamDestroy(stream_); }
  bench_session(const bench_session&) = delete;
  bench_session& operator=(const bench_session&) = delete;

  void add_memcpy() {
    bench_row row{"cudaMemcpy", true, true};
    measure(row, [&](int i) {
      const int s = i % sets_.count();
      XPOSE_TOOLING_CUDA(cudaMemcpyAsync(sets_.out[s].get(), sets_.in[s].get(), bytes_, cudaMemcpyDeviceToDevice, stream_));
    });
    report_.rows_out.push_back(row);
  }

  void add_copy_kernel() {
    bench_row row{"copy kernel", true, true};
    measure(row, [&](int i) {
      const int s = i % sets_.count();
      copy_kernel(sets_.in[s].get(), sets_.out[s].get(), bytes_, report_.device.sm_count, stream_);
    });
    report_.rows_out.push_back(row);
  }

  void add_cublas() {
    bench_row row{cublas_transpose::routine(opt_.elem_bytes), true, false};
    if (row.name.empty()) row.name = "cuBLAS geam";
    row.note = cublas_transpose::unsupported_reason(opt_.elem_bytes, opt_.rows, opt_.cols);
    if (row.note.empty()) {
      cublas_transpose cublas(stream_);
      auto run = [&](int i) {
        const int s = i % sets_.count();
        cublas.run(sets_.in[s].get(), sets_.out[s].get(), opt_.batch, opt_.rows, opt_.cols, opt_.elem_bytes);
      };
      row.ran = true;
      row.verified = verify(run);
      measure(row, run);
    }
    report_.rows_out.push_back(row);
  }

  void add_kernel(const kernel_spec& k) {
    bench_row row{k.label(), false, true};
    batched_options o;
    o.kernel = k.kernel;
    o.tile = k.tile;
    o.stream = stream_;
    auto run = [&](int i) {
      const int s = i % sets_.count();
      transpose_bytes(sets_.in[s].get(), sets_.out[s].get(), opt_.batch, opt_.rows, opt_.cols, opt_.elem_bytes, o);
    };
    row.verified = verify(run);
    measure(row, run);
    report_.rows_out.push_back(row);
  }

 private:
  void prepare_expected() {
    const auto l = reference::packed(opt_.batch, opt_.rows, opt_.cols, opt_.elem_bytes);
    std::vector<unsigned char> input(bytes_);
    XPOSE_TOOLING_CUDA(cudaMemcpy(input.data(), sets_.in[0].get(), bytes_, cudaMemcpyDeviceToHost));
    expected_.assign(bytes_, tooling::kPoison);
    reference::transpose(input.data(), expected_.data(), l);
    observed_.resize(bytes_);
  }

  // One run on poisoned output set 0, compared byte for byte with the CPU reference.
  check verify(const std::function<void(int)>& run) {
    if (!opt_.verify) return check::not_run;
    XPOSE_TOOLING_CUDA(cudaMemsetAsync(sets_.out[0].get(), tooling::kPoison, bytes_, stream_));
    run(0);
    XPOSE_TOOLING_CUDA(cudaMemcpyAsync(observed_.data(), sets_.out[0].get(), bytes_, cudaMemcpyDeviceToHost, stream_));
    XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream_));
    return std::memcmp(observed_.data(), expected_.data(), bytes_) == 0 ? check::passed : check::failed;
  }

  void measure(bench_row& row, const std::function<void(int)>& run) {
    const timing t = time_runs(run, opt_.warmup, opt_.reps, stream_);
    row.median_ms = t.median_ms;
    row.min_ms = t.min_ms;
    row.max_ms = t.max_ms;
  }

  const bench_options& opt_;
  bench_report& report_;
  std::size_t bytes_;
  buffer_sets sets_;
  cudaStream_t stream_ = nullptr;
  std::vector<unsigned char> expected_, observed_;
};

}  // namespace

bench_report run_bench(const bench_options& opt, const std::string& command_line) {
  bench_report report;
  report.command_line = command_line;
  report.device = query_device();
  report.rows = opt.rows;
  report.cols = opt.cols;
  report.batch = opt.batch;
  report.elem_bytes = static_cast<std::int64_t>(opt.elem_bytes);
  report.reps = opt.reps;
  report.bytes_moved = 2 * opt.batch * opt.rows * opt.cols * static_cast<std::int64_t>(opt.elem_bytes);
  {
    bench_session session(opt, report);
    session.add_memcpy();
    session.add_copy_kernel();
    session.add_cublas();
    for (const auto& k : opt.kernels) session.add_kernel(k);
  }
  report.finalize();
  return report;
}

}  // namespace xpose::cli
