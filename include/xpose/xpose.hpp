/**
 * @file xpose.hpp
 * @brief xpose C++ API: typed, exception-based matrix transpose on NVIDIA GPUs.
 *
 * The C++ API and the C ABI (xpose.h) share one core. Here failures throw
 * xpose::error, which carries the same status code and message that the C ABI would
 * return. Layout, asynchrony and alignment rules are those documented in xpose.h:
 *
 *   out[c * ld_out + r] = in[r * ld_in + c],  in is rows x cols, out is cols x rows.
 *
 * @code
 * float *d_in, *d_out;                      // device buffers, rows * cols floats each
 * xpose::transpose(d_in, d_out, rows, cols); // auto strategy, default stream
 *
 * xpose::options opt;
 * opt.kernel = xpose::strategy::tiled_padded;
 * opt.tile     = xpose::tile_config::tile16x16;  // seeds 003/004 configuration
 * opt.stream   = my_stream;
 * xpose::transpose(d_in, d_out, rows, cols, opt);
 * @endcode
 */
#ifndef XPOSE_XPOSE_HPP
#define XPOSE_XPOSE_HPP

#include <xpose/xpose.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace xpose {

/** Status codes; numerically identical to xpose_status_t. */
enum class status : int {
  success = XPOSE_SUCCESS,
  invalid_argument = XPOSE_INVALID_ARGUMENT,
  unsupported = XPOSE_UNSUPPORTED,
  cuda_error = XPOSE_CUDA_ERROR,
  out_of_memory = XPOSE_OUT_OF_MEMORY,
  internal_error = XPOSE_INTERNAL_ERROR,
};

/** Kernel strategy; numerically identical to xpose_strategy_t. */
enum class strategy : int {
  automatic = XPOSE_AUTO,
  naive = XPOSE_NAIVE,
  naive_write_coalesced = XPOSE_NAIVE_WRITE_COALESCED,
  tiled = XPOSE_TILED,
  tiled_padded = XPOSE_TILED_PADDED,
  vectorized = XPOSE_VECTORIZED,
  diagonal = XPOSE_DIAGONAL,
};

/**
 * Shared-memory tile configuration of strategy::tiled_padded (ignored by the others).
 * The names give tile and thread-block shapes; all three pad each tile row by one
 * element so that reading a tile column touches 32 different banks.
 */
enum class tile_config : int {
  tile32_block32x8 = 0,  ///< 32x33 tile, 32x8 threads, 4 elements per thread (seed 002; C ABI value)
  tile32_block32x32 = 1, ///< 32x33 tile, 32x32 threads, 1 element per thread (seed 000)
  tile16x16 = 2,         ///< 16x17 tile, 16x16 threads (seeds 003 and 004)
};

/** Every strategy, in ladder order (automatic first). */
inline constexpr strategy all_strategies[] = {
    strategy::automatic,    strategy::naive,      strategy::naive_write_coalesced,
    strategy::tiled,        strategy::tiled_padded, strategy::vectorized,
    strategy::diagonal};

/** Every tile configuration of strategy::tiled_padded. */
inline constexpr tile_config all_tile_configs[] = {
    tile_config::tile32_block32x8, tile_config::tile32_block32x32, tile_config::tile16x16};

/** Canonical lower-case name ("auto", "naive", "tiled_padded", ...). */
std::string_view to_string(strategy s) noexcept;
/** Canonical name ("32x32/32x8", "32x32/32x32", "16x16"). */
std::string_view to_string(tile_config t) noexcept;
/** Inverse of to_string; std::nullopt for an unknown name. */
std::optional<strategy> parse_strategy(std::string_view name) noexcept;
/** Inverse of to_string; std::nullopt for an unknown name. */
std::optional<tile_config> parse_tile_config(std::string_view name) noexcept;

/**
 * Exception thrown by every C++ entry point. code() is the status the C ABI would
 * return, what() the message xpose_last_error_message() would hold.
 */
class error : public std::runtime_error {
 public:
  error(status code, const std::string& message) : std::runtime_error(message), code_(code) {}
  /** The status a C ABI call would have returned. */
  [[nodiscard]] status code() const noexcept { return code_; }

 private:
  status code_;
};

/** Options of a single transpose; the defaults give a packed, auto, default-stream call. */
struct options {
  strategy kernel = strategy::automatic;  ///< which rung of the ladder runs
  tile_config tile = tile_config::tile32_block32x8; ///< only used by strategy::tiled_padded
  std::int64_t ld_in = 0;   ///< elements between rows of `in`; 0 = cols
  std::int64_t ld_out = 0;  ///< elements between rows of `out`; 0 = rows
  cudaStream_t stream = nullptr;  ///< stream on the current device
};

/** Options of a batched transpose: those of one matrix plus the matrix strides. */
struct batched_options : options {
  std::int64_t stride_in = 0;   ///< elements between consecutive input matrices; 0 = packed
  std::int64_t stride_out = 0;  ///< elements between consecutive output matrices; 0 = packed
};

/**
 * Untyped transpose of `batch` matrices of `elem_bytes`-byte elements. Throws xpose::error.
 * All the typed overloads below forward here.
 */
void transpose_bytes(const void* in, void* out, std::int64_t batch, std::int64_t rows,
                     std::int64_t cols, std::size_t elem_bytes, const batched_options& opt);

/**
 * Bytes of device workspace transpose_inplace needs for this shape: 0 for square, 1 x N
 * and N x 1; ((R - 2) * round_up(L, 16) + L) * elem_bytes for R x L and L x R, 2 <= R <= 7
 * (L the long side);
 * min(128, ceil(S / 64)) * L * elem_bytes (S the short side) when the sides share a divisor of
 * at least 256 bytes of elements (the square grid, docs/inplace.md; see xpose.h for the exact
 * rule); otherwise 2 * L * elem_bytes when S is 8 to 64 and L * elem_bytes for the rest.
 * @throws xpose::error (status::unsupported for an element size other than 1, 2, 4, 8, 16)
 */
std::size_t transpose_inplace_workspace_size(std::int64_t rows, std::int64_t cols, std::size_t elem_bytes);

/** Untyped in-place transpose of `batch` packed matrices. Throws xpose::error. */
void transpose_inplace_bytes(void* data, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                             std::size_t elem_bytes, void* workspace, std::size_t workspace_bytes,
                             cudaStream_t stream);

/** True for element types the typed overloads accept. */
template <class T>
inline constexpr bool is_transposable_v =
    std::is_trivially_copyable_v<T> &&
    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16);

/**
 * Transposes the rows x cols matrix `in` into the cols x rows matrix `out` (device
 * pointers), asynchronously on opt.stream.
 * @throws xpose::error on invalid arguments or a CUDA launch failure
 */
template <class T>
void transpose(const T* in, T* out, std::int64_t rows, std::int64_t cols,
               const options& opt = {}) {
  static_assert(is_transposable_v<T>,
                "xpose::transpose needs a trivially copyable type of 1, 2, 4, 8 or 16 bytes");
  batched_options b;
  static_cast<options&>(b) = opt;
  transpose_bytes(in, out, 1, rows, cols, sizeof(T), b);
}

/**
 * Transposes `batch` matrices, matrix i at in + i * stride_in (elements).
 * @throws xpose::error on invalid arguments or a CUDA launch failure
 */
template <class T>
void transpose_batched(const T* in, T* out, std::int64_t batch, std::int64_t rows,
                       std::int64_t cols, const batched_options& opt = {}) {
  static_assert(is_transposable_v<T>,
                "xpose::transpose_batched needs a trivially copyable type of 1, 2, 4, 8 or 16 bytes");
  transpose_bytes(in, out, batch, rows, cols, sizeof(T), opt);
}

/**
 * Transposes the packed rows x cols matrix at `data` in place (afterwards cols x rows).
 * Square matrices need no workspace.
 * @throws xpose::error
 */
template <class T>
void transpose_inplace(T* data, std::int64_t rows, std::int64_t cols, void* workspace = nullptr,
                       std::size_t workspace_bytes = 0, cudaStream_t stream = nullptr) {
  static_assert(is_transposable_v<T>,
                "xpose::transpose_inplace needs a trivially copyable type of 1, 2, 4, 8 or 16 bytes");
  transpose_inplace_bytes(data, 1, rows, cols, sizeof(T), workspace, workspace_bytes, stream);
}

}  // namespace xpose

#endif  // XPOSE_XPOSE_HPP
