// In-place transpose in two passes (core/coprime_core.hpp): a column op on strips of
// super-element columns and a row op on whole grid rows, each staged in shared memory.
//
// Every line is a contiguous run of global memory at any element-aligned address. The
// stage keeps the run's address modulo 16, so it is loaded as whole aligned 16-byte chunks
// (cp.async, no registers held while they fly; bytes of neighbouring lines that share a
// chunk land in the stage's margins and are never read; only chunks reaching past the
// matrix go element by element). It is written back element by element, consecutive
// threads on consecutive destination elements, each gathered from the stage: 16-byte
// chunks gathered element by element measured slower (12345 x 6789: 25% of memcpy for
// fp32 and 11% for bytes against 35% and 23%, sweep 24), their per-chunk index work
// outweighing the wider stores; so did 1- and 2-byte elements packed into 32-bit word
// stores (bytes 23% -> 17%, sweep 25). The index maps are affine modulo b or L, so each
// thread computes its first source once and then steps by adds; matrix positions are 32-bit
// byte offsets (the plan keeps matrices under 4 GiB). For 1- and 2-byte elements neither
// pass is bound by DRAM (sweep 25): the row op was bound by byte stores that straddled two
// sectors a warp, which its whole-sector stride removes (wide_groups_of, session 36), the
// column op by the instructions of its store loop. Session 39 measured the column op's
// halves apart (12345 x 6789 bytes, H200): its loads alone 31 us, its stores alone 79 us,
// both 90 us; the stores stay element by element, since 4-byte words and 16-byte chunks
// gathered from two stage lines measured slower (bench/results/h200/session39). Staging in
// groups, so that a block stores while its later groups still load, gained at most 1 us
// (session 51, against 9 us for the walk's extra instructions); a line pitch congruent to the
// row pitch, which takes 3 of the store loop's 14 instructions a byte, gained about 5 us
// (column_op_kernel's Congruent form). The one-block kernels chain with programmatic
// dependent launch (chain_with_neighbour_steps), which removes a launch gap: 12345 x 6789
// bytes 28.8 -> 29.05% of memcpy, within the run-to-run spread.
#include "async_copy.cuh"
#include "chained_launch.cuh"
#include "cluster_shared.cuh"
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"

#include "../core/coprime_core.hpp"
#include "../core/device_checks.hpp"
#include "../core/raise.hpp"

#include <algorithm>

#include <cooperative_groups.h>

namespace xpose::detail {
namespace {

constexpr int kThreads = 1024;

/** Elements of T in one 16-byte chunk. */
template <class T>
constexpr int kPerChunk = 16 / static_cast<int>(sizeof(T));

/** Elements of T in one 32-byte sector. */
template <class T>
constexpr std::uint32_t kPerSector = 32 / sizeof(T);

/** Row-op blocks of `Threads` per SM that 1- and 2-byte elements keep room for (32 registers
    a thread, as before their loads ran four ahead): without the bound the 2-byte kernel took
    64 and an SM held half the blocks. Wider elements keep the loop and the code they had: 0
    leaves the bound unset (an explicit 1 let the fp32 kernel grow from 31 to 40 registers, a
    bound of 2 spilled it, 12345 x 6789 fp32 34.4% -> 33.1% of memcpy). */
template <class T, int Threads>
constexpr int kMinBlocks = sizeof(T) <= 2 ? 2048 / Threads : 0;

/** q mod d for 0 <= q < 2^52 without a 64-bit division (one compare corrects the double
    quotient). The remainder-only form of inplace_rect::divider, as in
    super_element_cycles::next: these kernels never need the quotient. */
struct modulus {
  std::int64_t d = 1;
  double inverse = 1.0;
  modulus() = default;
  explicit modulus(std::int64_t divisor) : d(divisor), inverse(1.0 / static_cast<double>(divisor)) {}
  __device__ __forceinline__ std::int64_t of(std::int64_t q) const {
    std::int64_t r = q - static_cast<std::int64_t>(static_cast<double>(q) * inverse) * d;
    if (r < 0) r += d;
    if (r >= d) r -= d;
    return r;
  }
};

/** The kernels' copy of the core: the maps' constants, with their moduli. */
struct core_args {
  bool tall;
  std::int64_t L, b, e, L_inv, b_inv;
  std::int64_t L_mod_b;  // L mod b
  modulus mod_b, mod_L;
  std::int64_t matrix_elements;  // b * L * e
};

// The stage copies (async_copy.cuh) fetch whole 256-byte blocks into L2: a column-op strip's
// line reads part of each block it touches, the neighbouring strips (other blocks, at about the
// same time) the rest. H200, session 42 (bench/results/h200/session42/coprime_fetch), % of
// memcpy, 12345 x 6789: bytes 29.25 -> 29.4, 2-byte 35.7 -> 35.95, fp32 34.45 -> 35.25, 16-byte
// 32.05 -> 32.5; other shapes level.

/** Stages the aligned 16 bytes at base + chunk (base 16-byte aligned) to `line`. A chunk that
    reaches outside [base + lo, base + hi) (the matrix) is copied element by element, only its
    elements inside. Offsets are 32-bit: the plan keeps matrices under 4 GiB. */
template <class T>
__device__ __forceinline__ void stage_chunk_at(unsigned char* line, const unsigned char* base, std::uint32_t chunk,
                                               std::uint32_t lo, std::uint32_t hi) {
  if (chunk >= lo && chunk + 16 <= hi) {
    cp_async_16(line, base + chunk);
    return;
  }
#pragma unroll
  for (int k = 0; k < kPerChunk<T>; ++k) {
    const std::uint32_t q = chunk + k * static_cast<std::uint32_t>(sizeof(T));
    if (q >= lo && q < hi) reinterpret_cast<T*>(line)[k] = *reinterpret_cast<const T*>(base + q);
  }
}

/** Aligned 16-byte chunks covering `bytes` that start at offset `o` from a 16-byte-aligned base. */
__device__ __forceinline__ std::uint32_t chunks_covering(std::uint32_t o, std::uint32_t bytes) {
  return ((o & 15u) + bytes + 15) >> 4;
}

/** Pass "column op": block (strip, matrix) stages super-element columns [t0, t0 + strip) of
    all b grid rows, then writes each destination row's run element by element from the
    stage line of the grid row the map names for that element's column.

    Clustered (coprime_widen_column_runs): a cluster of k blocks takes each strip, block q
    staging grid rows [q lines, (q + 1) lines) and, after a cluster barrier, writing the same
    destination rows, each element loaded from whichever block's stage holds its source row
    (distributed shared memory); a second barrier, arriving relaxed as in
    row_op_cluster_kernel, keeps every stage until no block reads it. With k times the stage,
    strips are up to k times wider, so narrow runs split fewer DRAM sectors between strips:
    12345 x 6789 16-byte (48 -> 96-byte runs) 29.6% -> 31.9% of memcpy, 8-byte (24 -> 96)
    27.8% -> 33.5%, 12345 x 10001 16-byte (16 -> 64, three blocks) 25.6% -> 34.5%, 16767 x
    11885 8-byte (8 -> 56, four blocks) 15.9% -> 28.1% (sweep 27).

    Congruent (one block; coprime_congruent_stage_bytes): the line pitch is congruent to the
    row pitch modulo 16 (coprime_congruent_pitch), so line r's run starts at s0 + r * pitch and
    a store reads its element at one multiply-add from a 32-bit shared address, where a
    multiple-of-16 pitch needs each line's offset modulo 16 computed per element: 14 -> 11
    instructions a byte. 12345 x 6789 bytes: column op 94.2 -> 89.5 us, 48.4 -> 40.1 M
    instructions; 29.75-29.85% -> 30.0-30.4% of memcpy, 8192 x 4100 bytes 30.5 -> 32.1-32.4%
    (session 51). */
template <class T, bool Clustered, bool Congruent = false>
__global__ void __launch_bounds__(kThreads) column_op_kernel(T* data, std::int64_t batch, core_args a,
                                                              std::int64_t strip, std::int64_t pitch,
                                                              std::uint32_t lines_per_block) {
  namespace cg = cooperative_groups;
  extern __shared__ __align__(16) unsigned char stage[];
  chain_with_neighbour_steps();
  const std::uint32_t k = Clustered ? cg::this_cluster().num_blocks() : 1;
  const std::uint32_t q = Clustered ? cg::this_cluster().block_rank() : 0;
  const std::int64_t row_elems = a.L * a.e;
  const std::int64_t t0 = (blockIdx.x / k) * strip;
  const std::int64_t cols = strip < a.L - t0 ? strip : a.L - t0;  // super-element columns here
  const std::int64_t n = cols * a.e;                               // elements per run
  const auto b = static_cast<std::uint32_t>(a.b);
  const std::uint32_t r_lo = q * lines_per_block, r_hi = min(b, r_lo + lines_per_block);  // this block's rows
  // Chunks a line (Congruent: the most that cover a run starting anywhere in a chunk).
  const auto lines = static_cast<std::uint32_t>(
      Congruent ? (strip * a.e * static_cast<std::int64_t>(sizeof(T)) + 30) / 16 : pitch / 16);
  // Thread t moves element u = t % run_elems of destination rows t / run_elems + k * rows_per_pass:
  // a warp's store covers consecutive elements, whole runs one after another.
  const auto run_elems = static_cast<std::uint32_t>(strip * a.e);
  const std::uint32_t rows_per_pass = kThreads / run_elems, u = threadIdx.x % run_elems;
  const auto e = static_cast<std::uint32_t>(a.e);
  const std::uint32_t tau = u / e;  // its super-element column
  const std::uint32_t row_step = static_cast<std::uint32_t>(a.tall ? a.L_inv : a.L_mod_b);  // base(i + 1) - base(i)
  const std::uint32_t t0_mod_b = static_cast<std::uint32_t>(t0 % a.b);
  const std::uint32_t step = a.tall ? (b - static_cast<std::uint32_t>(a.L_inv)) % b : 1u % b;  // per column
  const auto line_lead0 = static_cast<std::uint32_t>(a.e * static_cast<std::int64_t>(sizeof(T)) * t0);
  const auto row_bytes = static_cast<std::uint32_t>(row_elems * static_cast<std::int64_t>(sizeof(T)));
  const auto r_step = static_cast<std::uint32_t>(a.mod_b.of(static_cast<std::int64_t>(rows_per_pass) * row_step));
  // Both loops address the matrix by 32-bit byte offsets from its 16-byte-aligned base (the
  // plan keeps matrices under 4 GiB) and step every index by adds: for 1- and 2-byte
  // elements the pass is bound by instructions, and 64-bit pointer steps and per-chunk
  // divisions made up half of them.
  const auto n_bytes = static_cast<std::uint32_t>(n * static_cast<std::int64_t>(sizeof(T)));
  const std::uint32_t pitch32 = static_cast<std::uint32_t>(pitch), u_bytes = u * static_cast<std::uint32_t>(sizeof(T));
  const std::uint32_t load_rows = kThreads / lines, load_r0 = threadIdx.x / lines, c = threadIdx.x - load_r0 * lines;
  const auto matrix_bytes = static_cast<std::uint32_t>(a.matrix_elements * static_cast<std::int64_t>(sizeof(T)));
  const auto local = static_cast<std::uint32_t>(__cvta_generic_to_shared(stage));
  const float inv_lines = 1.0f / static_cast<float>(lines_per_block);
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * a.matrix_elements;
    const auto lo = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(mat) & 15);  // mat - base
    unsigned char* base = reinterpret_cast<unsigned char*>(mat) - lo;  // derived from data: global stores
    const std::uint32_t hi = lo + matrix_bytes;
    const std::uint32_t s0 = (lo + line_lead0) & 15u;  // Congruent: line r's run starts at s0 + r pitch
    // Loads: thread (r0, c) stages chunk c of rows r_lo + r0, r_lo + r0 + load_rows, ...
    if (load_r0 < load_rows) {
      std::uint32_t o = lo + (r_lo + load_r0) * row_bytes + line_lead0;  // the run's offset from base
      if constexpr (Congruent) {
        std::uint32_t at = s0 + load_r0 * pitch32;  // the run's start in the stage
        for (std::uint32_t r = r_lo + load_r0; r < r_hi; r += load_rows) {
          const std::uint32_t chunk = (o & ~15u) + 16 * c;
          if (c < chunks_covering(o, n_bytes)) stage_chunk_at<T>(stage + (at & ~15u) + 16 * c, base, chunk, lo, hi);
          o += load_rows * row_bytes;
          at += load_rows * pitch32;
        }
      } else {
        unsigned char* line = stage + load_r0 * pitch32 + 16 * c;
        for (std::uint32_t r = r_lo + load_r0; r < r_hi; r += load_rows) {
          const std::uint32_t chunk = (o & ~15u) + 16 * c;
          if (c < chunks_covering(o, n_bytes)) stage_chunk_at<T>(line, base, chunk, lo, hi);
          o += load_rows * row_bytes;
          line += load_rows * pitch32;
        }
      }
    }
    cp_async_wait_all();
    if constexpr (Clustered) {
      cg::this_cluster().sync();
    } else {
      __syncthreads();
    }
    if (threadIdx.x < rows_per_pass * run_elems && u < n) {
      const std::uint32_t lead0 = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(mat)) + line_lead0;
      std::uint32_t i = r_lo + threadIdx.x / run_elems;
      // r(i, tau) = base(i) + tau * step: tall base (i - t0) L^-1, wide (i L + t0), mod b.
      const std::int64_t first = a.tall ? a.mod_b.of(((i + b - t0_mod_b) % b) * a.L_inv)
                                        : a.mod_b.of(static_cast<std::int64_t>(i) * a.L_mod_b + t0_mod_b);
      std::uint32_t r = static_cast<std::uint32_t>(a.mod_b.of(first + static_cast<std::int64_t>(tau) * step));
      std::uint32_t o = lo + i * row_bytes + line_lead0 + u_bytes;  // the destination's offset from base
      const std::uint32_t o_step = rows_per_pass * row_bytes;
      const std::uint32_t element_u = local + s0 + u_bytes;  // Congruent: line r's element u is r pitch past it
      for (; i < r_hi; i += rows_per_pass) {
        // The stage keeps the run's offset mod 16 (Congruent: the pitch keeps it, no lead).
        const std::uint32_t lead = Congruent ? 0u : (lead0 + r * row_bytes) & 15u;
        if constexpr (Clustered) {
          // Its block, r / lines_per_block: a float estimate (r < 2^24) and one correction.
          std::uint32_t owner = __float2uint_rz(static_cast<float>(r) * inv_lines);
          if (owner * lines_per_block > r) {
            --owner;
          } else if (r - owner * lines_per_block >= lines_per_block) {
            ++owner;
          }
          const std::uint32_t at = local + (r - owner * lines_per_block) * pitch32 + lead + u_bytes;
          *reinterpret_cast<T*>(base + o) = load_from_cluster<T>(cluster_address(at, owner));
        } else if constexpr (Congruent) {
          *reinterpret_cast<T*>(base + o) = load_shared_at<T, false>(element_u + r * pitch32);
        } else {
          *reinterpret_cast<T*>(base + o) = *reinterpret_cast<const T*>(stage + (r * pitch32 + lead + u_bytes));
        }
        o += o_step;
        r += r_step;
        r = min(r, r - b);  // r mod b: r - b wraps above r when r < b
      }
    }
    if constexpr (Clustered) {
      asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
      asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory");
    } else {
      __syncthreads();
    }
  }
}

/** The wide row op's source column for destination super-element t of grid row J:
    ((t - J) b^-1) mod L, with J reduced modulo L first (J < b may exceed L when the longer
    side is split; t < L always). */
__device__ __forceinline__ std::uint32_t wide_source_column(std::uint32_t t, std::uint32_t J, const core_args& a) {
  const auto L = static_cast<std::uint32_t>(a.L), j = static_cast<std::uint32_t>(a.mod_L.of(J));
  return static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{t >= j ? t - j : t + L - j} * a.b_inv));
}

/** The wide row op's walk over destination elements u = t e + x, which take source x L + y
    with y = ((t - J) b^-1) mod L, stepped by `step` elements at a time: (t, x) moves by
    divmod(step, e) plus a carry, y by the matching multiple of b^-1. The constants are set
    once per kernel, the start once per row (with the double-based modulus: 64-bit divisions
    per row cost the bytes case a third of its speed). */
struct wide_walk {
  std::uint32_t e, L, dx, y_step, y_carry;  // the step's constants
  std::uint32_t x = 0, y = 0;               // at the current element

  __device__ wide_walk(std::uint32_t step, const core_args& a)
      : e(static_cast<std::uint32_t>(a.e)), L(static_cast<std::uint32_t>(a.L)) {
    const std::uint32_t dt = step / e;
    dx = step - dt * e;
    y_step = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{dt} * a.b_inv));
    y_carry = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{dt + 1} * a.b_inv));
  }
  __device__ void start(std::uint32_t u, std::uint32_t J, const core_args& a) {
    const std::uint32_t t = u / e;
    x = u - t * e;
    y = wide_source_column(t, J, a);
  }
  __device__ std::uint32_t source() const { return x * L + y; }
  __device__ void next() {
    x += dx;
    if (x >= e) {
      x -= e;
      y += y_carry;
    } else {
      y += y_step;
    }
    if (y >= L) y -= L;
  }
};

/** The wide row op's walk for a thread that stays on one x: destination elements u = t e + x
    stepped by `groups` super-elements (groups e elements) at a time, so that the source
    x L + y moves by one add and one wrap modulo L. Taken when e leaves few threads idle
    (wide_groups). */
struct fixed_x_walk {
  std::uint32_t L, y_step;      // the step's constants
  std::uint32_t xL = 0, y = 0;  // at the current element

  __device__ fixed_x_walk(std::uint32_t groups, const core_args& a)
      : L(static_cast<std::uint32_t>(a.L)),
        y_step(static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{groups} * a.b_inv))) {}
  __device__ void start(std::uint32_t u, std::uint32_t J, const core_args& a) {
    const auto e = static_cast<std::uint32_t>(a.e);
    const std::uint32_t t = u / e;
    xL = (u - t * e) * L;
    y = wide_source_column(t, J, a);
  }
  /** dst[k * stride] = the k-th element of the walk from the staged row `src`, k < count,
      y wrapped by one min (y + y_step < 2L; below L, y + y_step - L wraps above it); 1- and
      2-byte elements four loads ahead of their stores. The per-element loop it replaced
      (a 64-bit bound, a 64-bit index) took 17 instructions a byte; this one about 8. On its
      own that changed nothing (ncu: the byte stores, not the issue slots, bound the row op);
      with the whole-sector stride of wide_groups_of it is what the stride needs: the stride
      alone measured 26.5 -> 26.8% of memcpy for 12345 x 6789 bytes, both 29.1% (session 36). */
  template <class T>
  __device__ __forceinline__ void store_all(T* dst, const T* src, std::uint32_t stride, std::uint32_t count) {
    const T* row = src + xL;
    auto take = [&] {
      const T v = row[y];
      const std::uint32_t z = y + y_step;
      y = min(z, z - L);
      return v;
    };
    for (; sizeof(T) <= 2 && count >= 4; count -= 4) {
      const T v0 = take(), v1 = take(), v2 = take(), v3 = take();
      dst[0] = v0;
      dst[stride] = v1;
      dst[2 * stride] = v2;
      dst[3 * stride] = v3;
      dst += 4 * stride;
    }
    for (; count > 0; --count) {
      *dst = take();
      dst += stride;
    }
  }
  // Wider elements keep the per-element loop (their SASS is unchanged by the stride above).
  __device__ std::uint32_t source() const { return xL + y; }
  __device__ void next() {
    y += y_step;
    if (y >= L) y -= L;
  }
};

/** Super-elements per step of the wide form's fixed-x walk on `threads` threads: threads / e
    groups of e threads when that leaves at most an eighth of them idle, else 0 (the general
    walk, two compares and a divmod carry per element). 12345 x 6789 bytes with its rows
    split (e = 15): row op 148 -> 85 us under ncu, 21.9% -> 26.9% of memcpy (sweep 26). The
    cluster row op gained nothing from it (its remote loads dominate).

    Where it can, the group count is a multiple of a 32-byte sector's elements over
    gcd(sector elements, e), so the stride is whole sectors and the kernel shifts each row's
    threads to start on a sector boundary: every warp's store then fills one sector. With
    1020 threads (12345 x 6789 bytes, e = 15) a warp's 32 one-byte stores straddled two
    sectors, and the row op was bound by those store wavefronts (ncu: 16.2 of 32 bytes used
    per stored sector); with 960 it measured 83.6 -> 64.0 us and 12345 x 6789 bytes 26.5 ->
    29.1% of memcpy, 2-byte 34.0 -> 35.8%, 27296 x 24267 bytes 26.5 -> 28.1% (session 36). */
template <class T>
__device__ __forceinline__ std::uint32_t wide_groups_of(const core_args& a, std::uint32_t threads) {
  const auto e = static_cast<std::uint32_t>(a.e);
  if constexpr (sizeof(T) <= 2) {
    if (a.tall || e > threads) return 0;
    constexpr std::uint32_t per_sector = kPerSector<T>;
    std::uint32_t g = per_sector, h = e % per_sector;  // unit = per_sector / gcd(per_sector, e)
    while (h != 0) {
      const std::uint32_t t = g % h;
      g = h;
      h = t;
    }
    const std::uint32_t unit = per_sector / g, whole = threads / (unit * e) * unit;
    if (8 * whole * e >= 7 * threads) return whole;
  }
  return !a.tall && e <= threads && 8 * (threads / e) * e >= 7 * threads ? threads / e : 0;
}

/** The tall row op's walk over destination elements u = x L + y, which take source t e + x
    with t = (y b + J) mod L, stepped by `step` elements at a time: (x, y) moves by
    divmod(step, L) plus a carry, t by (step mod L) b. Constants once, start per row. */
struct tall_walk {
  std::uint32_t e, L, dx, dy, dt;  // the step's constants
  std::uint32_t x = 0, y = 0, t = 0;  // at the current element

  __device__ tall_walk(std::uint32_t step, const core_args& a)
      : e(static_cast<std::uint32_t>(a.e)), L(static_cast<std::uint32_t>(a.L)) {
    dx = step / L;
    dy = step - dx * L;
    dt = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{dy} * a.b));
  }
  __device__ void start(std::uint32_t u, std::uint32_t J, const core_args& a) {
    x = u / L;
    y = u - x * L;
    t = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{y} * a.b + J));
  }
  __device__ std::uint32_t source() const { return t * e + x; }
  __device__ void next() {
    x += dx;
    y += dy;
    if (y >= L) {
      y -= L;
      ++x;
    }
    t += dt;
    if (t >= L) t -= L;
  }
};

/** Pass "row op": block (J, matrix) stages grid row J (L e elements) and writes it back
    permuted. Tall (B^-1, then [L][e] -> [e][L]): destination x L + y takes source
    ((y b + J) mod L) e + x, thread y0 walking y = y0 + k * kThreads for each x. Wide (the
    inverse): destination t e + x takes source x L + ((t - J) b^-1 mod L). */
template <class T, int Threads>
__global__ void __launch_bounds__(Threads, kMinBlocks<T, Threads>) row_op_kernel(T* data, std::int64_t batch, core_args a) {
  extern __shared__ __align__(16) unsigned char stage[];
  chain_with_neighbour_steps();
  const std::int64_t n = a.L * a.e;
  const auto L = static_cast<std::uint32_t>(a.L);
  const auto e = static_cast<std::uint32_t>(a.e);
  const std::uint32_t n32 = L * e;
  // Per Threads steps of y (tall) or t (wide), the source column moves by these, mod L.
  const auto step = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{Threads} * (a.tall ? a.b : a.b_inv)));
  const wide_walk wide(Threads, a);
  const std::uint32_t wide_groups = wide_groups_of<T>(a, Threads);
  const fixed_x_walk fixed_x(wide_groups, a);
  const auto row_bytes = static_cast<std::uint32_t>(n * static_cast<std::int64_t>(sizeof(T)));
  const auto matrix_bytes = static_cast<std::uint32_t>(a.matrix_elements * static_cast<std::int64_t>(sizeof(T)));
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * a.matrix_elements;
    const auto lo = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(mat) & 15);
    const unsigned char* base = reinterpret_cast<const unsigned char*>(mat) - lo;
    for (std::int64_t J = blockIdx.x; J < a.b; J += gridDim.x) {
      T* run = mat + J * n;
      const std::uint32_t o = lo + static_cast<std::uint32_t>(J) * row_bytes;  // the row's offset from base
      const std::uint32_t chunks = chunks_covering(o, row_bytes);
      for (std::uint32_t c = threadIdx.x; c < chunks; c += Threads)
        stage_chunk_at<T>(stage + 16 * c, base, (o & ~15u) + 16 * c, lo, lo + matrix_bytes);
      cp_async_wait_all();
      __syncthreads();
      const T* src = reinterpret_cast<const T*>(stage + (o & 15u));  // the stage keeps o mod 16
      if (a.tall) {
        if (threadIdx.x < L) {
          const auto first = static_cast<std::uint32_t>(a.mod_L.of(threadIdx.x * a.b + J));
          // Source offset s = t e + x steps by step e modulo L e (x < e), so each element
          // costs one add and one wrap besides its load and store.
          const std::uint32_t count = (L - 1 - threadIdx.x) / Threads + 1, s_step = step * e;
          for (std::uint32_t x = 0; x < e; ++x) {
            std::uint32_t s = first * e + x;
            T* dst = run + x * L + threadIdx.x;
            for (std::uint32_t k = 0; k < count; ++k) {
              dst[k * Threads] = src[s];
              s += s_step;
              if (s >= n32) s -= n32;
            }
          }
        }
      } else if (wide_groups > 0) {
        // Thread (t0, x) of wide_groups x e keeps x and walks t = t0 + k * wide_groups. With a
        // stride of whole sectors, thread tid takes u = tid - shift (or a stride on), shift the
        // row's elements past a sector boundary, so that each warp's stores fill one sector.
        const std::uint32_t stride = wide_groups * e;
        if constexpr (sizeof(T) <= 2) {
          const std::uint32_t shift =
              stride % kPerSector<T> == 0
                  ? static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(run) % 32) / static_cast<std::uint32_t>(sizeof(T))
                  : 0;
          const std::uint32_t u0 = threadIdx.x >= shift ? threadIdx.x - shift : threadIdx.x + stride - shift;
          if (threadIdx.x < stride && u0 < n32) {
            fixed_x_walk walk = fixed_x;
            walk.start(u0, static_cast<std::uint32_t>(J), a);
            walk.store_all(run + u0, src, stride, (n32 - 1 - u0) / stride + 1);
          }
        } else if (threadIdx.x < stride) {
          fixed_x_walk walk = fixed_x;
          walk.start(threadIdx.x, static_cast<std::uint32_t>(J), a);
          for (std::uint32_t u = threadIdx.x; u < n; u += stride) {
            run[u] = src[walk.source()];
            walk.next();
          }
        }
      } else {
        wide_walk walk = wide;
        walk.start(threadIdx.x, static_cast<std::uint32_t>(J), a);
        for (std::uint32_t u = threadIdx.x; u < n; u += Threads) {
          run[u] = src[walk.source()];
          walk.next();
        }
      }
      __syncthreads();
    }
  }
}

/** The row op for grid rows too long for one block's shared memory (up to 8 x 227 KiB): a
    cluster of k blocks stages grid row J, block r its r-th part of `part` elements, and after
    a cluster barrier each block writes its own part, gathering every element from whichever
    block's stage holds it (distributed shared memory); a second barrier keeps every stage
    until no block reads it. Maps and steps as in row_op_kernel. Scattering each block's own
    part to global memory instead measured the same for 16-byte elements and 23% slower for
    8-byte ones (12345 x 678: 21.0% of memcpy against 27.5%, sweep 25). */
template <class T, int Threads>
__global__ void __launch_bounds__(Threads) row_op_cluster_kernel(T* data, std::int64_t batch, core_args a,
                                                                 std::uint32_t part) {
  namespace cg = cooperative_groups;
  extern __shared__ __align__(16) unsigned char stage[];
  const cg::cluster_group cluster = cg::this_cluster();
  const std::uint32_t k = cluster.num_blocks(), rank = cluster.block_rank();
  constexpr auto s = static_cast<std::uint32_t>(sizeof(T));
  const auto b = static_cast<std::uint32_t>(a.b);
  const auto n = static_cast<std::uint32_t>(a.L * a.e), row_bytes = n * s, p0 = rank * part, p1 = min(n, p0 + part);
  const auto matrix_bytes = static_cast<std::uint32_t>(a.matrix_elements * static_cast<std::int64_t>(s));
  const tall_walk tall(Threads, a);
  const wide_walk wide(Threads, a);
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * a.matrix_elements;
    const auto lo = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(mat) & 15);
    const unsigned char* base = reinterpret_cast<const unsigned char*>(mat) - lo;
    for (std::uint32_t J = blockIdx.x / k; J < b; J += gridDim.x / k) {
      T* run = mat + static_cast<std::int64_t>(J) * n;
      const std::uint32_t o_run = lo + J * row_bytes;  // the row's offset from base
      const std::uint32_t o = o_run + p0 * s;           // this block's part
      const std::uint32_t chunks = p0 < p1 ? chunks_covering(o, (p1 - p0) * s) : 0;
      for (std::uint32_t c = threadIdx.x; c < chunks; c += Threads)
        stage_chunk_at<T>(stage + 16 * c, base, (o & ~15u) + 16 * c, lo, lo + matrix_bytes);
      cp_async_wait_all();
      // Every part staged. (compute-sanitizer racecheck reports hazards between these
      // cp.async stage writes and the other blocks' loads, which this barrier orders; with
      // the same barriers and plain loads and stores for the staging it reports none, and
      // every result is exact: sweep 25. Plain staging costs 4-12%.)
      cluster.sync();
      const auto local = static_cast<std::uint32_t>(__cvta_generic_to_shared(stage));
      const float inv_part = 1.0f / static_cast<float>(part);
      auto gather = [&](auto walk) {
        for (std::uint32_t u = p0 + threadIdx.x; u < p1; u += Threads) {
          const std::uint32_t p = walk.source();
          // Its block, p / part: a float estimate (p < 2^24) and one correction.
          std::uint32_t r = __float2uint_rz(static_cast<float>(p) * inv_part);
          if (r * part > p) {
            --r;
          } else if (p - r * part >= part) {
            ++r;
          }
          const std::uint32_t lead = (o_run + r * part * s) & 15u;  // block r's stage keeps this
          run[u] = load_from_cluster<T>(cluster_address(local + lead + (p - r * part) * s, r));
          walk.next();
        }
      };
      if (p0 + threadIdx.x < p1) {
        if (a.tall) {
          tall_walk walk = tall;
          walk.start(p0 + threadIdx.x, J, a);
          gather(walk);
        } else {
          wide_walk walk = wide;
          walk.start(p0 + threadIdx.x, J, a);
          gather(walk);
        }
      }
      // No block reads another's stage past here. Only execution order is needed (every
      // remote load has returned: its value was stored), so the arrive is relaxed: the
      // default release waits for this block's global stores (a GPU-wide fence; 28.0% ->
      // 28.4% of memcpy for 12345 x 6789 16-byte, sweep 25).
      asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
      asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory");
    }
  }
}

unsigned capped(std::int64_t v, std::int64_t limit) { return static_cast<unsigned>(std::max<std::int64_t>(1, std::min(v, limit))); }

}  // namespace

template <class T>
void launch_inplace_coprime_core(T* data, std::int64_t batch, const coprime_core_plan& plan, cudaStream_t stream) {
  const coprime_core& c = plan.core;
  core_args a{c.tall, c.L, c.b, c.e, c.L_inv, c.b_inv, c.L % c.b, modulus(c.b), modulus(c.L), c.b * c.L * c.e};
  const unsigned ys = capped(batch, 65535);
  const bool programmatic = has_programmatic_launch();
  auto column_op = [&] {
    if (c.b == 1) return;  // one grid row: the column op moves nothing
    const std::int64_t pitch = plan.column_stage_bytes / plan.column_lines;
    if (plan.column_cluster > 1) {
      auto kernel = column_op_kernel<T, true>;
      allow_shared(kernel, plan.column_stage_bytes);
      const auto k = static_cast<unsigned>(plan.column_cluster);
      const dim3 grid(capped((c.L + plan.strip - 1) / plan.strip, 0x7FFFFFFF / k) * k, ys);
      launch_in_clusters(kernel, grid, dim3(kThreads), static_cast<std::size_t>(plan.column_stage_bytes), stream, k,
                         data, batch, a, plan.strip, pitch, static_cast<std::uint32_t>(plan.column_lines));
    } else {
      const std::int64_t strip =
          coprime_column_launch_strip(plan, batch, current_device_sms(), static_cast<std::int64_t>(sizeof(T)));
      const dim3 grid(capped((c.L + strip - 1) / strip, 0x7FFFFFFF), ys);
      // A stage whose line pitch is congruent to the row pitch modulo 16 where it fits.
      const std::int64_t elem = static_cast<std::int64_t>(sizeof(T));
      if (const std::int64_t bytes = coprime_congruent_stage_bytes(plan, strip, elem, current_device_shared_optin());
          bytes > 0) {
        auto kernel = column_op_kernel<T, false, true>;
        allow_shared(kernel, bytes);
        const std::int64_t congruent = coprime_congruent_pitch(strip * c.e * elem, c.row_elements() * elem, elem);
        launch_overlapping_previous(programmatic, kernel, grid, dim3(kThreads), static_cast<std::size_t>(bytes), stream,
                                    data, batch, a, strip, congruent, static_cast<std::uint32_t>(c.b));
      } else {
        auto kernel = column_op_kernel<T, false>;
        allow_shared(kernel, plan.column_stage_bytes);
        launch_overlapping_previous(programmatic, kernel, grid, dim3(kThreads),
                                    static_cast<std::size_t>(plan.column_stage_bytes), stream, data, batch, a, strip,
                                    pitch, static_cast<std::uint32_t>(c.b));
      }
    }
    check_launch("inplace coprime core: column op");
  };
  auto row_op = [&] {
    const dim3 grid(capped(c.b, 0x7FFFFFFF), ys);
    auto launch = [&](auto kernel, int threads) {
      allow_shared(kernel, plan.row_stage_bytes);
      launch_overlapping_previous(programmatic, kernel, grid, dim3(threads),
                                  static_cast<std::size_t>(plan.row_stage_bytes), stream, data, batch, a);
    };
    if (plan.row_cluster > 1) {
      auto kernel = row_op_cluster_kernel<T, kThreads>;
      allow_shared(kernel, plan.row_stage_bytes);
      const auto k = static_cast<unsigned>(plan.row_cluster);
      const dim3 cluster_grid(capped(c.b, 0x7FFFFFFF / k) * k, ys);
      launch_in_clusters(kernel, cluster_grid, dim3(kThreads), static_cast<std::size_t>(plan.row_stage_bytes), stream,
                         k, data, batch, a, static_cast<std::uint32_t>(plan.row_part));
    } else if (plan.row_threads == 512) {
      launch(row_op_kernel<T, 512>, 512);
    } else {
      launch(row_op_kernel<T, kThreads>, kThreads);
    }
    check_launch("inplace coprime core: row op");
  };
  if (c.tall) {
    column_op();
    row_op();
  } else {
    row_op();
    column_op();
  }
}

#define XPOSE_INSTANTIATE(T) \
  template void launch_inplace_coprime_core<T>(T*, std::int64_t, const coprime_core_plan&, cudaStream_t);
XPOSE_INSTANTIATE(std::uint8_t)
XPOSE_INSTANTIATE(std::uint16_t)
XPOSE_INSTANTIATE(std::uint32_t)
XPOSE_INSTANTIATE(unsigned long long)
XPOSE_INSTANTIATE(uint4)
#undef XPOSE_INSTANTIATE

}  // namespace xpose::detail
