// Checks that need the CUDA runtime (but never synchronize): the pointers are memory the
// current device can access, and the stream belongs to the current device.
#pragma once

#include "problem.hpp"

namespace xpose::detail {

/** Throws invalid_argument (or cuda_error when CUDA itself fails) naming the culprit.
 *  Returns the current device, against which it checked. */
int check_device_access(const plan& p);

/** Width of `device`'s memory interface in bits (cudaDevAttrGlobalMemoryBusWidth), asked
 *  of the runtime once per device. */
int memory_bus_bits(int device);

/** The stream belongs to the current device, and `bytes` bytes from `base` are memory it
 *  can access (the in-place entry's buffer); so are `extra_bytes` from `extra` when that is
 *  not null (its workspace). */
void check_stream_and_buffer(cudaStream_t stream, const void* base, std::int64_t bytes, const char* what,
                             const void* extra = nullptr, std::int64_t extra_bytes = 0,
                             const char* extra_what = nullptr);

/** Bytes of shared memory one block may opt in to on the current device. */
std::int64_t current_device_shared_optin();

/** Streaming multiprocessors of the current device. */
int current_device_sms();

}  // namespace xpose::detail
