// Builds the message of an xpose::error: "<function>: <argument> = <value>: <reason>".
#pragma once

#include <xpose/xpose.hpp>

#include <sstream>
#include <string>

namespace xpose::detail {

template <class... Parts>
[[noreturn]] void raise(status code, const Parts&... parts) {
  std::ostringstream os;
  (os << ... << parts);
  throw error(code, os.str());
}

/** Throws cuda_error naming the call when `err` is not cudaSuccess. */
void check_cuda(cudaError_t err, const char* what);

}  // namespace xpose::detail
