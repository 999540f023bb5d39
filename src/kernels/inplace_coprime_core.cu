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
// outweighing the wider stores. The index maps are affine modulo b or L, so each thread
// computes its first source once and then steps by adds.
#include "element_types.hpp"
#include "kernel_attributes.hpp"
#include "launchers.hpp"

#include "../core/coprime_core.hpp"
#include "../core/raise.hpp"

#include <algorithm>

namespace xpose::detail {
namespace {

constexpr int kThreads = 1024;

/** Elements of T in one 16-byte chunk. */
template <class T>
constexpr int kPerChunk = 16 / static_cast<int>(sizeof(T));

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

__device__ __forceinline__ void cp_async_16(void* stage, const void* global) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(stage));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(global) : "memory");
}

__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

/**
 * Stages chunk c of the run [run, run + n): the aligned 16 bytes at align_down(run) + 16 c go
 * to line + 16 c, where line is the stage line whose address matches align_down(run) modulo
 * 16. A chunk that reaches outside [lo, hi) (the matrix) is copied element by element, only
 * its elements inside the matrix.
 */
template <class T>
__device__ __forceinline__ void stage_chunk(unsigned char* line, const T* run, std::int64_t c, const T* lo,
                                            const T* hi) {
  const auto base = reinterpret_cast<const unsigned char*>(reinterpret_cast<std::uintptr_t>(run) & ~std::uintptr_t{15});
  const unsigned char* g = base + 16 * c;
  if (g >= reinterpret_cast<const unsigned char*>(lo) && g + 16 <= reinterpret_cast<const unsigned char*>(hi)) {
    cp_async_16(line + 16 * c, g);
    return;
  }
#pragma unroll
  for (int k = 0; k < kPerChunk<T>; ++k) {
    const T* p = reinterpret_cast<const T*>(g) + k;
    if (p >= lo && p < hi) reinterpret_cast<T*>(line + 16 * c)[k] = *p;
  }
}

/** Chunks of the aligned cover of n elements at run. */
template <class T>
__device__ __forceinline__ std::int64_t chunks_of(const T* run, std::int64_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(run);
  return static_cast<std::int64_t>(((a + n * sizeof(T) + 15) >> 4) - (a >> 4));
}

/** The index of the run's element 0 within its first aligned 16-byte chunk. */
template <class T>
__device__ __forceinline__ int lead_of(const T* run) {
  return static_cast<int>((reinterpret_cast<std::uintptr_t>(run) & 15) / sizeof(T));
}

/** Pass "column op": block (strip, matrix) stages super-element columns [t0, t0 + strip) of
    all b grid rows, then writes each destination row's run element by element from the
    stage line of the grid row the map names for that element's column. */
template <class T>
__global__ void __launch_bounds__(kThreads) column_op_kernel(T* data, std::int64_t batch, core_args a,
                                                              std::int64_t strip, std::int64_t pitch) {
  extern __shared__ __align__(16) unsigned char stage[];
  const std::int64_t row_elems = a.L * a.e;
  const std::int64_t t0 = blockIdx.x * strip;
  const std::int64_t cols = strip < a.L - t0 ? strip : a.L - t0;  // super-element columns here
  const std::int64_t n = cols * a.e;                               // elements per run
  const auto b = static_cast<std::uint32_t>(a.b);
  const auto lines = static_cast<std::uint32_t>(pitch / 16);
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
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * a.matrix_elements;
    const T* hi = mat + a.matrix_elements;
    for (std::uint32_t k = threadIdx.x; k < b * lines; k += kThreads) {
      const std::uint32_t r = k / lines;
      const T* run = mat + r * row_elems + t0 * a.e;
      const std::uint32_t chunk = k - r * lines;
      if (chunk < chunks_of(run, n)) stage_chunk(stage + static_cast<std::int64_t>(r) * pitch, run, chunk, mat, hi);
    }
    cp_async_wait_all();
    __syncthreads();
    if (threadIdx.x < rows_per_pass * run_elems && u < n) {
      const std::uint32_t lead0 = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(mat)) + line_lead0;
      std::uint32_t i = threadIdx.x / run_elems;
      // r(i, tau) = base(i) + tau * step: tall base (i - t0) L^-1, wide (i L + t0), mod b.
      const std::int64_t base = a.tall ? a.mod_b.of(((i + b - t0_mod_b) % b) * a.L_inv)
                                       : a.mod_b.of(static_cast<std::int64_t>(i) * a.L_mod_b + t0_mod_b);
      std::uint32_t r = static_cast<std::uint32_t>(a.mod_b.of(base + static_cast<std::int64_t>(tau) * step));
      for (; i < b; i += rows_per_pass) {
        const T* src = reinterpret_cast<const T*>(stage + r * static_cast<std::uint32_t>(pitch) +
                                                  ((lead0 + r * row_bytes) & 15u));
        mat[i * row_elems + t0 * a.e + u] = src[u];
        r += r_step;
        if (r >= b) r -= b;
      }
    }
    __syncthreads();
  }
}

/** Pass "row op": block (J, matrix) stages grid row J (L e elements) and writes it back
    permuted. Tall (B^-1, then [L][e] -> [e][L]): destination x L + y takes source
    ((y b + J) mod L) e + x, thread y0 walking y = y0 + k * kThreads for each x. Wide (the
    inverse): destination t e + x takes source x L + ((t - J) b^-1 mod L). */
template <class T>
__global__ void __launch_bounds__(kThreads) row_op_kernel(T* data, std::int64_t batch, core_args a) {
  extern __shared__ __align__(16) unsigned char stage[];
  const std::int64_t n = a.L * a.e;
  const auto L = static_cast<std::uint32_t>(a.L);
  const auto e = static_cast<std::uint32_t>(a.e);
  // Per kThreads steps of y (tall) or t (wide), the source column moves by these, mod L.
  const auto step = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{kThreads} * (a.tall ? a.b : a.b_inv)));
  for (std::int64_t m = blockIdx.y; m < batch; m += gridDim.y) {
    T* mat = data + m * a.matrix_elements;
    const T* hi = mat + a.matrix_elements;
    for (std::int64_t J = blockIdx.x; J < a.b; J += gridDim.x) {
      T* run = mat + J * n;
      const std::int64_t chunks = chunks_of(run, n);
      for (std::int64_t c = threadIdx.x; c < chunks; c += kThreads) stage_chunk(stage, run, c, mat, hi);
      cp_async_wait_all();
      __syncthreads();
      const T* src = reinterpret_cast<const T*>(stage) + lead_of(run);
      if (a.tall) {
        if (threadIdx.x < L) {
          const auto first = static_cast<std::uint32_t>(a.mod_L.of(threadIdx.x * a.b + J));
          for (std::uint32_t x = 0; x < e; ++x) {
            std::uint32_t t = first;
            for (std::uint32_t y = threadIdx.x; y < L; y += kThreads) {
              run[x * L + y] = src[t * e + x];
              t += step;
              if (t >= L) t -= L;
            }
          }
        }
      } else {
        // Element u = t e + x; per kThreads elements, t and x move by divmod(kThreads, e)
        // (plus a carry), and y by the matching multiple of b^-1.
        std::uint32_t t = threadIdx.x / e, x = threadIdx.x - t * e;
        std::int64_t d = static_cast<std::int64_t>(t) - J;
        if (d < 0) d += a.L;
        auto y = static_cast<std::uint32_t>(a.mod_L.of(d * a.b_inv));
        const std::uint32_t dt = kThreads / e, dx = kThreads - dt * e;
        const auto y_step = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{dt} * a.b_inv));
        const auto y_carry = static_cast<std::uint32_t>(a.mod_L.of(std::int64_t{dt + 1} * a.b_inv));
        for (std::uint32_t u = threadIdx.x; u < n; u += kThreads) {
          run[u] = src[x * L + y];
          x += dx;
          if (x >= e) {
            x -= e;
            y += y_carry;
          } else {
            y += y_step;
          }
          if (y >= L) y -= L;
        }
      }
      __syncthreads();
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
  auto column_op = [&] {
    if (c.b == 1) return;  // one grid row: the column op moves nothing
    auto kernel = column_op_kernel<T>;
    allow_shared(kernel, plan.column_stage_bytes);
    const std::int64_t pitch = plan.column_stage_bytes / c.b;
    const dim3 grid(capped((c.L + plan.strip - 1) / plan.strip, 0x7FFFFFFF), ys);
    kernel<<<grid, kThreads, static_cast<size_t>(plan.column_stage_bytes), stream>>>(data, batch, a, plan.strip,
                                                                                   pitch);
    check_launch("inplace coprime core: column op");
  };
  auto row_op = [&] {
    auto kernel = row_op_kernel<T>;
    allow_shared(kernel, plan.row_stage_bytes);
    const dim3 grid(capped(c.b, 0x7FFFFFFF), ys);
    kernel<<<grid, kThreads, static_cast<size_t>(plan.row_stage_bytes), stream>>>(data, batch, a);
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
