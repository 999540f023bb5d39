/*
 * xpose C ABI: matrix transpose on NVIDIA GPUs.
 *
 * Every function here is callable from C and never throws. A failing call returns a
 * status other than XPOSE_SUCCESS and records a readable, thread-local explanation
 * (naming the offending argument and its value) that xpose_last_error_message()
 * returns until the next failure on the same host thread.
 *
 * Layout convention (row-major throughout):
 *   out[c * ld_out + r] = in[r * ld_in + c]   for 0 <= r < rows, 0 <= c < cols
 * `in` is a rows x cols matrix whose rows start ld_in elements apart; `out` is the
 * cols x rows result whose rows start ld_out elements apart. A leading dimension of 0
 * means "packed" (ld_in = cols, ld_out = rows). Sizes, leading dimensions and strides
 * are 64-bit and counted in elements, never bytes.
 *
 * Element size: a transpose only moves bytes, so any trivially copyable type of
 * 1, 2, 4, 8 or 16 bytes is supported through `elem_bytes`. Pointers need not be
 * aligned beyond one byte; pointers aligned to the element size (and 16 bytes for the
 * vectorized path) take the fast paths.
 *
 * Asynchrony: work is enqueued on `stream` and the call returns without synchronizing
 * (the only exception is solve(), which mirrors a synchronous contest signature).
 * Argument errors are found on the host before anything is enqueued; errors of the
 * kernel itself surface later through the CUDA runtime, as for any CUDA launch.
 * No call allocates device or pinned host memory. Calls may be captured into a CUDA
 * graph (stream capture, any capture mode): everything they do is enqueued on `stream`.
 *
 * Speed: the kernels set no L1 / shared-memory carveout of their own, so a device-wide
 * cudaDeviceSetCacheConfig preference of the application applies to them too; on an H200,
 * cudaFuncCachePreferL1 halved the shared-memory tiles' speed and cudaFuncCachePreferShared
 * cost the others about 10% (docs/auto.md). The default, no preference, is the fastest.
 */
#ifndef XPOSE_XPOSE_H
#define XPOSE_XPOSE_H

#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result of every C ABI call. */
typedef enum {
  XPOSE_SUCCESS = 0,       /**< the work was enqueued (or nothing had to be done) */
  XPOSE_INVALID_ARGUMENT,  /**< an argument is out of range; the message names it */
  XPOSE_UNSUPPORTED,       /**< a well-formed request xpose cannot serve (e.g. elem_bytes 3) */
  XPOSE_CUDA_ERROR,        /**< the CUDA runtime reported an error; the message carries it */
  XPOSE_OUT_OF_MEMORY,     /**< a host allocation failed (xpose never allocates device memory) */
  XPOSE_INTERNAL_ERROR     /**< a bug in xpose; please report the message */
} xpose_status_t;

/** Kernel strategy. The values are the rungs of the textbook ladder, fastest last. */
typedef enum {
  XPOSE_AUTO = 0,                 /**< the fastest path xpose knows for the shape (default) */
  XPOSE_NAIVE,                    /**< one thread per element: coalesced read, strided write */
  XPOSE_NAIVE_WRITE_COALESCED,    /**< one thread per element: strided read, coalesced write */
  XPOSE_TILED,                    /**< 32x32 shared-memory tile, unpadded (bank-conflicted) */
  XPOSE_TILED_PADDED,             /**< 32x(32+1) shared-memory tile, 32x8 threads */
  XPOSE_VECTORIZED,               /**< padded tile with 16-byte global loads and stores */
  XPOSE_DIAGONAL                  /**< padded tile visited in diagonal block order */
} xpose_strategy_t;

/**
 * Transposes one matrix: out[c * ld_out + r] = in[r * ld_in + c].
 *
 * @param in          device pointer to rows x cols elements (may be NULL if rows or cols is 0)
 * @param out         device pointer to cols x rows elements; must not overlap `in`
 * @param rows, cols  matrix shape, >= 0; either being 0 makes the call a no-op
 * @param elem_bytes  1, 2, 4, 8 or 16
 * @param ld_in       elements between row starts of `in`, >= cols; 0 = cols
 * @param ld_out      elements between row starts of `out`, >= rows; 0 = rows
 * @param strategy    XPOSE_AUTO unless you want a particular rung of the ladder
 * @param stream      a live stream of the current device (0 = legacy default stream). A
 *                    stream of another device is rejected (not while it is being captured
 *                    into a graph: cudaStreamGetDevice refuses a capturing stream); a
 *                    destroyed stream cannot be
 *                    detected (using one is undefined behaviour in CUDA) and must not be passed.
 */
xpose_status_t xpose_transpose(const void* in, void* out, int64_t rows, int64_t cols,
                               size_t elem_bytes, int64_t ld_in, int64_t ld_out,
                               xpose_strategy_t strategy, cudaStream_t stream);

/**
 * Transposes `batch` matrices: matrix b reads from in + b * stride_in and writes to
 * out + b * stride_out. stride_in / stride_out are counted in elements; 0 = packed
 * (rows * ld_in and cols * ld_out). Output matrices must not overlap each other or
 * any input; input matrices may overlap each other (they are only read).
 */
xpose_status_t xpose_transpose_batched(const void* in, void* out, int64_t batch, int64_t rows,
                                       int64_t cols, size_t elem_bytes, int64_t ld_in,
                                       int64_t ld_out, int64_t stride_in, int64_t stride_out,
                                       xpose_strategy_t strategy, cudaStream_t stream);

/**
 * In-place transpose (CUB's two-call pattern): ask for the workspace size, then transpose.
 * Square matrices, 1 x N and N x 1 need no workspace (0 bytes). R x L and L x R with
 * 2 <= R <= 7 need ((R - 2) * round_up(L, 16) + L) * elem_bytes bytes (rows 1 .. R-1 of the
 * long side, each but the last padded to 16 elements: L for two rows). Shapes whose sides share a divisor g with g * elem_bytes >= 256
 * (short side above 64, and not a stack of squares: L a multiple of the short side with short
 * cycles, docs/inplace.md; fewer than 2^31 runs of g elements) need
 * min(128, ceil(min(rows, cols) / 64)) * max(rows, cols) *
 * elem_bytes bytes (at most a 64th of the matrix plus one row of the long side). Other shapes
 * whose short side is 8 to 64 need 2 * max(rows, cols) * elem_bytes bytes. Every other
 * shape needs max(rows, cols) * elem_bytes bytes. Whatever the batch, aligned to elem_bytes;
 * the call does not allocate.
 * See docs/inplace.md for the algorithms.
 */
xpose_status_t xpose_transpose_inplace_workspace_size(int64_t rows, int64_t cols, size_t elem_bytes,
                                                      size_t* bytes);

/**
 * data: rows x cols row-major, packed; afterwards cols x rows row-major, packed.
 * workspace may be NULL only when the size query returned 0; it must not overlap data.
 * A workspace_bytes smaller than the query's answer gets XPOSE_INVALID_ARGUMENT with the
 * needed size in the message. The workspace's contents are not preserved.
 */
xpose_status_t xpose_transpose_inplace(void* data, int64_t rows, int64_t cols, size_t elem_bytes,
                                       void* workspace, size_t workspace_bytes, cudaStream_t stream);

/** `batch` packed matrices one after another, each transposed in place. */
xpose_status_t xpose_transpose_inplace_batched(void* data, int64_t batch, int64_t rows, int64_t cols,
                                               size_t elem_bytes, void* workspace, size_t workspace_bytes,
                                               cudaStream_t stream);

/** Short, static description of a status ("XPOSE_INVALID_ARGUMENT: ..."); never NULL. */
const char* xpose_status_string(xpose_status_t status);

/**
 * Detail of the last failed call on this host thread (argument name and value, or the
 * CUDA error text); "" if no call on this thread has failed. Valid until the next
 * xpose call on the same thread.
 */
const char* xpose_last_error_message(void);

/**
 * The LeetGPU contest signature (seed 004): transposes a packed fp32 rows x cols matrix
 * with XPOSE_AUTO on the legacy default stream and waits for it to finish. Failures are
 * reported on stderr and through xpose_last_error_message().
 */
void solve(const float* input, float* output, int rows, int cols);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* XPOSE_XPOSE_H */
