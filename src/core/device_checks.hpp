// Checks that need the CUDA runtime (but never synchronize): the pointers are memory the
// current device can access, and the stream belongs to the current device.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Throws invalid_argument (or cuda_error when CUDA itself fails) naming the culprit. */
void check_device_access(const plan& p);

/** The stream belongs to the current device, and `bytes` bytes from `base` are memory it
 *  can access (the in-place entry's single buffer). */
void check_stream_and_buffer(cudaStream_t stream, const void* base, std::int64_t bytes, const char* what);

}  // namespace xpose::detail
