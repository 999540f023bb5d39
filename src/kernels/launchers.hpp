// One launcher per strategy, each a template over the element type and explicitly
// instantiated for every type of element_types.hpp in that strategy's .cu file.
#pragma once

#include "../core/problem.hpp"

namespace xpose::detail {

template <class T> void launch_naive(const plan& p);
template <class T> void launch_naive_write_coalesced(const plan& p);
template <class T> void launch_tiled(const plan& p);  // tiled, tiled_padded (every config), diagonal
template <class T> void launch_auto_padded(const plan& p);  // auto: 8 bytes, aligned rows
template <class T> void launch_unaligned_tile(const plan& p);  // auto: rows not 16-byte aligned
template <class T> void launch_sector_tile(const plan& p);     // auto: 16 (8) bytes, output rows off 32-byte sectors
template <class T> void launch_realigned_tile(const plan& p);  // auto: 1, 2 (4) bytes, output rows not 16-byte aligned
template <class T> void launch_residue_tile(const plan& p);    // auto: 1 and 2 bytes, rows not 16-byte aligned
void launch_element_tile_4(const plan& p);                      // auto: one packed matrix, 4 bytes, output rows not 16-byte aligned
void launch_element_tile_8(const plan& p);                      // auto: the same, 8 bytes
void launch_element_tile_strided_4(const plan& p);              // auto: batched or strided, 4 bytes
void launch_element_tile_strided_8(const plan& p);              // auto: batched or strided, 8 bytes
void launch_split_tile_16(const plan& p);                       // auto: 16 bytes, output rows on 32-byte sectors
template <class T> void launch_vectorized(const plan& p);
template <class T> void launch_vectorized_streaming(const plan& p);  // auto
template <class T> void launch_register_tile(const plan& p);        // auto
template <class T> void launch_skinny(const plan& p, bool wide);    // auto
template <class T> void launch_staged_wide(const plan& p);          // auto, 1- and 2-byte elements
template <class T> void launch_staged_tall(const plan& p);          // auto, 1- and 2-byte elements
template <class T> void launch_small_batch(const plan& p);          // auto
template <class T> void launch_batch_micro_tile(const plan& p);     // auto, 1-, 2- and 4-byte elements
void launch_batch_interleave(const plan& p);                        // auto, 1- to 8-byte elements
void launch_skinny_interleave(const plan& p, bool wide);            // auto, 1-, 2- and 4-byte elements
template <class T> void launch_inplace_square(T* data, std::int64_t batch, std::int64_t n, cudaStream_t stream);
struct grid_squares;
/** `count` squares of a grid (kernels/square_pairs.hpp), each transposed in place. */
template <class T>
void launch_inplace_grid_squares(T* data, std::int64_t count, const grid_squares& layout, cudaStream_t stream);
/** Rectangular in-place transpose; `workspace` holds max(rows, cols) elements. */
template <class T>
void launch_inplace_rectangular(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, T* workspace,
                                cudaStream_t stream);

struct stacked_squares_plan;
/** In-place transpose of a rectangle of stacked squares (core/stacked_squares.hpp); no workspace. */
template <class T>
void launch_inplace_stacked_squares(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols,
                                    const stacked_squares_plan& plan, cudaStream_t stream);

/** The hold sweep (core/hold_sweep.hpp) for a wide rows x cols matrix of 1-, 2-, 4- or 8-byte
    elements; false, with nothing launched, where the element size, the alignment, the
    workspace (16 bytes and rows^2 elements), the plan or the device does not fit. */
template <class T>
bool launch_inplace_hold_sweep(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, void* workspace,
                               std::size_t workspace_bytes, cudaStream_t stream);

/** The hold sweep run backwards for a tall rows x cols matrix (cols of 8 to 64), the same
    conditions on its wide cols x rows view; false also where the device's rule leaves the plan
    to the skinny blocks (core/hold_sweep.hpp, hold_unsweep_takes), unless every_plan (the GPU
    tests run every plan on every device that way). */
template <class T>
bool launch_inplace_hold_unsweep(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, void* workspace,
                                 std::size_t workspace_bytes, cudaStream_t stream, bool every_plan = false);

struct skinny_blocks_plan;
/** In-place transpose of a matrix with a short side of 4 to 64 as blocks
    (core/skinny_blocks.hpp); `workspace` holds max(rows, cols) elements. */
template <class T>
void launch_inplace_skinny_blocks(T* data, std::int64_t batch, void* workspace, const skinny_blocks_plan& plan,
                                  cudaStream_t stream);

struct square_grid_plan;
/** In-place transpose of a grid of d x d squares: the squares, then split cycle walks of
    their rows (core/square_grid.hpp); `workspace` holds square_grid_workspace_lines(rows,
    cols) x max(rows, cols) elements. */
template <class T>
void launch_inplace_square_grid(T* data, std::int64_t batch, void* workspace, const square_grid_plan& plan,
                                cudaStream_t stream);

struct coprime_core_plan;
/** In-place transpose in two passes, a column op and a row op staged in shared memory
    (core/coprime_core.hpp); element-aligned data of 1, 2, 4, 8 or 16 bytes, no workspace. */
template <class T>
void launch_inplace_coprime_core(T* data, std::int64_t batch, const coprime_core_plan& plan, cudaStream_t stream);

/** In-place transpose of R x L or L x R matrices, 2 <= R <= kMaxInterleaveRows
    (core/row_interleave_schedule.hpp); `workspace` holds
    row_interleave_workspace_elements(min(rows, cols), L) elements. */
template <class T>
void launch_inplace_row_interleave(T* data, std::int64_t batch, std::int64_t rows, std::int64_t cols, T* workspace,
                                   cudaStream_t stream);

/** Throws cuda_error if the launch just made failed. */
void check_launch(const char* kernel_name);

/** Runs the plan's strategy on its stream; throws cuda_error if the launch fails. */
void launch(const plan& p);

}  // namespace xpose::detail
