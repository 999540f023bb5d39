#include "gpu_case.hpp"

#include "device_buffer.hpp"
#include "graph_capture.hpp"
#include "reference.hpp"

#include <cstring>
#include <sstream>
#include <vector>

namespace xpose::testing {
namespace {

constexpr std::size_t kGuard = 256;  // poisoned bytes before and after the output

}  // namespace

bool have_gpu() {
  static const bool available = tooling::gpu_available();
  return available;
}

std::string gpu_case::describe() const {
  std::ostringstream os;
  os << to_string(kernel);
  if (kernel == strategy::tiled_padded) os << "[" << to_string(tile) << "]";
  os << " batch=" << batch << " " << rows << "x" << cols << " elem=" << elem_bytes;
  if (ld_in_pad || ld_out_pad) os << " ld_pad=" << ld_in_pad << "/" << ld_out_pad;
  if (stride_in_pad || stride_out_pad) os << " stride_pad=" << stride_in_pad << "/" << stride_out_pad;
  if (in_offset || out_offset) os << " offset_bytes=" << in_offset << "/" << out_offset;
  if (in_graph) os << " in a CUDA graph";
  os << " seed=" << seed;
  return os.str();
}

reference::layout gpu_case::resolved() const {
  reference::layout l;
  l.batch = batch;
  l.rows = rows;
  l.cols = cols;
  l.elem_bytes = elem_bytes;
  l.ld_in = cols + ld_in_pad;
  l.ld_out = rows + ld_out_pad;
  l.stride_in = rows * l.ld_in + stride_in_pad;
  l.stride_out = cols * l.ld_out + stride_out_pad;
  return l;
}

::testing::AssertionResult run_case(const gpu_case& c) {
  const reference::layout l = c.resolved();
  const std::size_t e = c.elem_bytes;
  const std::size_t in_bytes = c.in_offset + static_cast<std::size_t>(reference::in_span(l)) * e;
  const std::size_t out_bytes = kGuard + c.out_offset + static_cast<std::size_t>(reference::out_span(l)) * e + kGuard;

  tooling::device_buffer d_in(std::max<std::size_t>(in_bytes, 1)), d_out(out_bytes);
  tooling::fill_random(d_in.get(), d_in.size(), e, c.seed);
  XPOSE_TOOLING_CUDA(cudaMemset(d_out.get(), tooling::kPoison, out_bytes));
  std::vector<unsigned char> h_in(d_in.size());
  XPOSE_TOOLING_CUDA(cudaMemcpy(h_in.data(), d_in.get(), h_in.size(), cudaMemcpyDeviceToHost));

  // Pass 0 ("packed") for leading dimensions and strides that have no padding, so that the
  // default-resolution path is exercised too.
  batched_options o;
  o.kernel = c.kernel;
  o.tile = c.tile;
  o.ld_in = c.ld_in_pad ? l.ld_in : 0;
  o.ld_out = c.ld_out_pad ? l.ld_out : 0;
  o.stride_in = c.stride_in_pad ? l.stride_in : 0;
  o.stride_out = c.stride_out_pad ? l.stride_out : 0;
  const void* in = d_in.bytes() + c.in_offset;
  void* out = d_out.bytes() + kGuard + c.out_offset;
  if (c.in_graph) {
    // Through the C ABI, which takes the default tile configuration.
    auto r = run_in_graph([&](cudaStream_t stream) {
      return xpose_transpose_batched(in, out, c.batch, c.rows, c.cols, e, o.ld_in, o.ld_out, o.stride_in,
                                     o.stride_out, static_cast<xpose_strategy_t>(c.kernel), stream);
    });
    if (!r) return r << " (" << c.describe() << ")";
  } else {
    try {
      if (c.batched_call || c.batch != 1) {
        transpose_bytes(in, out, c.batch, c.rows, c.cols, e, o);
      } else {
        const xpose_status_t s = xpose_transpose(in, out, c.rows, c.cols, e, o.ld_in, o.ld_out,
                                                 static_cast<xpose_strategy_t>(c.kernel), nullptr);
        if (s != XPOSE_SUCCESS) {
          return ::testing::AssertionFailure() << c.describe() << ": status " << s << ": "
                                               << xpose_last_error_message();
        }
      }
    } catch (const error& err) {
      return ::testing::AssertionFailure() << c.describe() << ": threw " << err.what();
    }
  }
  const cudaError_t sync = cudaDeviceSynchronize();
  if (sync != cudaSuccess) {
    return ::testing::AssertionFailure() << c.describe() << ": kernel failed: " << cudaGetErrorString(sync);
  }

  std::vector<unsigned char> observed(out_bytes), expected(out_bytes, tooling::kPoison);
  XPOSE_TOOLING_CUDA(cudaMemcpy(observed.data(), d_out.get(), out_bytes, cudaMemcpyDeviceToHost));
  reference::transpose(h_in.data() + c.in_offset, expected.data() + kGuard + c.out_offset, l);
  if (std::memcmp(observed.data(), expected.data(), out_bytes) == 0) return ::testing::AssertionSuccess();

  std::size_t i = 0;
  while (observed[i] == expected[i]) ++i;
  std::ostringstream where;
  const std::int64_t rel = static_cast<std::int64_t>(i) - static_cast<std::int64_t>(kGuard + c.out_offset);
  const std::int64_t elem = rel >= 0 ? rel / static_cast<std::int64_t>(e) : -1;
  const std::int64_t b = elem >= 0 ? elem / l.stride_out : -1;
  const std::int64_t in_matrix = elem >= 0 ? elem - b * l.stride_out : -1;
  const std::int64_t out_r = in_matrix >= 0 ? in_matrix / l.ld_out : -1, out_c = in_matrix >= 0 ? in_matrix % l.ld_out : -1;
  if (rel < 0 || b >= l.batch || out_r >= l.cols || out_c >= l.rows) {
    where << "byte " << i << " outside the logical output changed (guard band or leading-dimension gap)";
  } else {
    where << "output element [" << b << "][" << out_r << "][" << out_c << "] (= input [" << out_c << "][" << out_r
          << "]) byte " << (rel % static_cast<std::int64_t>(e)) << ": got 0x" << std::hex << int(observed[i])
          << ", want 0x" << int(expected[i]);
  }
  return ::testing::AssertionFailure() << c.describe() << ": " << where.str();
}

}  // namespace xpose::testing
