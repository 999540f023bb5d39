// The C++ API's non-template entry: forwards to the core, letting xpose::error through.
#include <xpose/xpose.hpp>

#include "core/inplace.hpp"
#include "core/transpose.hpp"

namespace xpose {

void transpose_bytes(const void* in, void* out, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                     std::size_t elem_bytes, const batched_options& opt) {
  detail::request req;
  req.in = in;
  req.out = out;
  req.batch = batch;
  req.rows = rows;
  req.cols = cols;
  req.elem_bytes = elem_bytes;
  req.ld_in = opt.ld_in;
  req.ld_out = opt.ld_out;
  req.stride_in = opt.stride_in;
  req.stride_out = opt.stride_out;
  req.kernel = opt.kernel;
  req.tile = opt.tile;
  req.stream = opt.stream;
  detail::transpose(req);
}

std::size_t transpose_inplace_workspace_size(std::int64_t rows, std::int64_t cols, std::size_t elem_bytes) {
  return detail::inplace_workspace_bytes(rows, cols, elem_bytes);
}

void transpose_inplace_bytes(void* data, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                             std::size_t elem_bytes, void* workspace, std::size_t workspace_bytes,
                             cudaStream_t stream) {
  detail::inplace_request r;
  r.data = data;
  r.batch = batch;
  r.rows = rows;
  r.cols = cols;
  r.elem_bytes = elem_bytes;
  r.workspace = workspace;
  r.workspace_bytes = workspace_bytes;
  r.stream = stream;
  detail::transpose_inplace(r);
}

}  // namespace xpose
