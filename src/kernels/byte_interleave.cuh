// Register-level building blocks of the interleaving skinny kernels (skinny_interleave.cu):
//
//  - gather_words: builds output words from input words held in registers, where the
//    source of every output byte is known at compile time. Each output word costs one to
//    three byte permutes (`prmt`), never a shared-memory access per element.
//  - funnel loads and stores: a warp moves a run of 32 x S bytes that starts at any byte
//    address with S-byte aligned accesses only, neighbouring lanes trading words through
//    shuffles (and, when storing, the run's two partial chunks written byte by byte).
#pragma once

#include <cstdint>
#include <utility>

namespace xpose::detail::interleave {

/** Where one output byte comes from: input word `word`, byte `byte` (0 = least significant). */
struct byte_source {
  int word, byte;
};

/**
 * How to assemble one output word from up to four input words. `Map::source(k)` names the
 * source of byte k of the flat output; the plan for word W looks at bytes 4W .. 4W + 3.
 */
template <class Map, int W>
struct word_plan {
  static constexpr byte_source src(int i) { return Map::source(4 * W + i); }
  /** Distinct source words, in order of first use, and how many there are. */
  static constexpr int distinct(int n) {
    int seen[4] = {-1, -1, -1, -1};
    int count = 0;
    for (int i = 0; i < 4; ++i) {
      bool found = false;
      for (int j = 0; j < count; ++j) found = found || seen[j] == src(i).word;
      if (!found) seen[count++] = src(i).word;
    }
    return n < 0 ? count : seen[n];
  }
  static constexpr int count = distinct(-1);
  static constexpr int d0 = distinct(0), d1 = count > 1 ? distinct(1) : d0;
  static constexpr int d2 = count > 2 ? distinct(2) : d0, d3 = count > 3 ? distinct(3) : d0;
  /** Selector picking, for each output byte whose source is word a or b, that byte. */
  static constexpr unsigned pair_selector(int a, int b) {
    unsigned s = 0;
    for (int i = 0; i < 4; ++i) {
      const byte_source x = src(i);
      const unsigned nibble = x.word == a ? x.byte : x.word == b ? 4 + x.byte : 0;
      s |= nibble << (4 * i);
    }
    return s;
  }
  /** Second step: keep bytes from words a and b (already in place), take the rest from t2. */
  static constexpr unsigned merge_selector(int a, int b, int c) {
    unsigned s = 0;
    for (int i = 0; i < 4; ++i) {
      const byte_source x = src(i);
      const unsigned nibble = (x.word == a || x.word == b) ? i : (c >= 0 ? 4 + x.byte : 4 + i);
      s |= nibble << (4 * i);
    }
    return s;
  }
  // The selectors, as constants device code may use.
  static constexpr unsigned first = pair_selector(d0, count > 1 ? d1 : -1);
  static constexpr unsigned second = pair_selector(d2, d3);
  static constexpr unsigned merge3 = merge_selector(d0, d1, d2);
  static constexpr unsigned merge4 = merge_selector(d0, d1, -1);
};

template <class Map, int W, int N>
__device__ __forceinline__ std::uint32_t gather_word(const std::uint32_t (&in)[N]) {
  using P = word_plan<Map, W>;
  constexpr unsigned first = P::first;
  if constexpr (P::count == 1) {
    if constexpr (first == 0x3210u) {
      return in[P::d0];
    } else {
      return __byte_perm(in[P::d0], 0u, first);
    }
  } else if constexpr (P::count == 2) {
    return __byte_perm(in[P::d0], in[P::d1], first);
  } else if constexpr (P::count == 3) {
    return __byte_perm(__byte_perm(in[P::d0], in[P::d1], first), in[P::d2], P::merge3);
  } else {
    return __byte_perm(__byte_perm(in[P::d0], in[P::d1], first), __byte_perm(in[P::d2], in[P::d3], P::second),
                       P::merge4);
  }
}

template <class Map, int N, int M, int... Ws>
__device__ __forceinline__ void gather_words(const std::uint32_t (&in)[N], std::uint32_t (&out)[M],
                                             std::integer_sequence<int, Ws...>) {
  ((out[Ws] = gather_word<Map, Ws>(in)), ...);
}

/** out[w] = the word whose byte i is input byte Map::source(4w + i), for every w < M. */
template <class Map, int N, int M>
__device__ __forceinline__ void gather_words(const std::uint32_t (&in)[N], std::uint32_t (&out)[M]) {
  gather_words<Map>(in, out, std::make_integer_sequence<int, M>{});
}

/**
 * Interleaving R rows: a thread holds S = 4W bytes of each of R rows of E-byte elements,
 * row r in words [r W, (r + 1) W), and builds the S R output bytes they become (the same
 * columns of every row, one column after another). Byte k of that output is element k / E,
 * which sits in column (k / E) / R and row (k / E) % R.
 */
template <int E, int R, int W>
struct wide_map {
  static constexpr byte_source source(int k) {
    const int row = (k / E) % R, byte = (k / E) / R * E + k % E;
    return {row * W + byte / 4, byte % 4};
  }
};

/**
 * De-interleaving: a thread holds S / E input rows of R elements, contiguous, and builds
 * output row C's S bytes. Byte k of those is element k / E of that row, input byte
 * ((k / E) * R + C) * E + k % E.
 */
template <int E, int R, int C>
struct tall_map {
  static constexpr byte_source source(int k) {
    const int byte = ((k / E) * R + C) * E + k % E;
    return {byte / 4, byte % 4};
  }
};

/**
 * Shared-memory slot of 16-byte chunk q of an output run that thread t fills at chunks
 * t R .. t R + R - 1 and lanes then read in order. With an even R, thread t's chunks would
 * meet in few banks; an XOR of the chunk index within groups of eight spreads them and
 * keeps the in-order reads conflict-free. With an odd R they are conflict-free as they are.
 */
template <int R>
__device__ __forceinline__ int chunk_slot(int q) {
  if constexpr (R % 2 == 0) {
    return q ^ ((q >> 3) & 7);
  } else {
    return q;
  }
}

// ---- S-byte vectors of W = S / 4 words --------------------------------------------------

/** x = the S = 4W bytes at p in global memory (S-byte aligned), by a streaming load. */
template <int W>
__device__ __forceinline__ void load_vector(const unsigned char* p, std::uint32_t* x) {
  if constexpr (W == 4) {
    const uint4 u = __ldcs(reinterpret_cast<const uint4*>(p));
    x[0] = u.x, x[1] = u.y, x[2] = u.z, x[3] = u.w;
  } else if constexpr (W == 2) {
    const uint2 u = __ldcs(reinterpret_cast<const uint2*>(p));
    x[0] = u.x, x[1] = u.y;
  } else {
    static_assert(W == 1, "vectors are 4, 8 or 16 bytes");
    x[0] = __ldcs(reinterpret_cast<const unsigned int*>(p));
  }
}

template <int W>
__device__ __forceinline__ void store_vector(unsigned char* p, const std::uint32_t (&v)[W]) {
  if constexpr (W == 4) {
    __stcs(reinterpret_cast<uint4*>(p), make_uint4(v[0], v[1], v[2], v[3]));
  } else if constexpr (W == 2) {
    __stcs(reinterpret_cast<uint2*>(p), make_uint2(v[0], v[1]));
  } else {
    static_assert(W == 1, "vectors are 4, 8 or 16 bytes");
    __stcs(reinterpret_cast<unsigned int*>(p), v[0]);
  }
}

/** r = bytes [o, o + 4W) of lo ++ hi, for a run-time o in [0, 4W). */
template <int W>
__device__ __forceinline__ void extract(const std::uint32_t (&lo)[W], const std::uint32_t (&hi)[W], int o,
                                        std::uint32_t (&r)[W]) {
  std::uint32_t c[2 * W];
#pragma unroll
  for (int i = 0; i < W; ++i) c[i] = lo[i], c[W + i] = hi[i];
  const int q = o >> 2;
  const unsigned shift = 8u * static_cast<unsigned>(o & 3);
#pragma unroll
  for (int i = 0; i < W; ++i) {
    std::uint32_t a = c[i], b = c[i + 1];
#pragma unroll
    for (int j = 1; j < W; ++j) {  // selects, not an indexed (local-memory) array
      if (q == j) a = c[i + j], b = c[i + j + 1];
    }
    r[i] = __funnelshift_r(a, b, shift);
  }
}

/** Byte j (run time, < 4W) of v; selects, so that v stays in registers. */
template <int W>
__device__ __forceinline__ unsigned char byte_at(const std::uint32_t (&v)[W], int j) {
  std::uint32_t w = v[0];
  if constexpr (W == 4) {
    const std::uint32_t low = (j & 4) ? v[1] : v[0], high = (j & 4) ? v[3] : v[2];
    w = (j & 8) ? high : low;
  } else if constexpr (W == 2) {
    w = (j & 4) ? v[1] : v[0];
  } else {
    static_assert(W == 1, "vectors are 4, 8 or 16 bytes");
  }
  return static_cast<unsigned char>(w >> (8 * (j & 3)));
}

template <int W>
__device__ __forceinline__ void shuffle_down_one(const std::uint32_t (&v)[W], std::uint32_t (&r)[W]) {
#pragma unroll
  for (int i = 0; i < W; ++i) r[i] = __shfl_down_sync(0xFFFFFFFFu, v[i], 1);
}

/**
 * The warp reads bytes [run, run + 32 S) of global memory as 32 S-byte pieces, lane l
 * getting piece l, whatever run's alignment: S-byte aligned streaming loads, and the
 * neighbour's piece through a shuffle. Reads the aligned chunks covering the run, up to
 * S - 1 bytes on each side of it, which the caller guarantees are readable. All 32 lanes
 * must call it.
 */
template <int W>
__device__ __forceinline__ void warp_load_funnel(const unsigned char* run, std::uint32_t (&v)[W]) {
  constexpr int S = 4 * W;
  const int lane = static_cast<int>(threadIdx.x & 31);
  const int m = static_cast<int>(reinterpret_cast<std::uintptr_t>(run) & (S - 1));
  if (m == 0) {
    load_vector<W>(run + lane * S, v);
    return;
  }
  const unsigned char* floor = run - m;
  std::uint32_t a[W], next[W];
  load_vector<W>(floor + lane * S, a);
  shuffle_down_one<W>(a, next);
  if (lane == 31) load_vector<W>(floor + 32 * S, next);
  extract<W>(a, next, m, v);
}

/**
 * warp_load_funnel in two steps, so that a thread can issue the loads of several runs
 * before the first shuffle: issue reads lane l's aligned chunk of the run's cover (and lane
 * 31 the chunk after it, when the run is not aligned); finish trades them into the run's
 * pieces. The same reads as warp_load_funnel; all 32 lanes must call finish.
 * warp_load_funnel keeps its own order (lane 31's extra chunk after the shuffle): issuing
 * that load first cost the skinny kernels 7 x N bytes 80 -> 73% (sweep 15c).
 */
template <int W>
struct funnel_chunks {
  std::uint32_t own[W], after[W];
  int m;  // the run's offset in its first aligned chunk
};

template <int W>
__device__ __forceinline__ void warp_funnel_issue(const unsigned char* run, funnel_chunks<W>& c) {
  constexpr int S = 4 * W;
  const int lane = static_cast<int>(threadIdx.x & 31);
  c.m = static_cast<int>(reinterpret_cast<std::uintptr_t>(run) & (S - 1));
  const unsigned char* floor = run - c.m;
  load_vector<W>(floor + lane * S, c.own);
  if (c.m != 0 && lane == 31) load_vector<W>(floor + 32 * S, c.after);
}

template <int W>
__device__ __forceinline__ void warp_funnel_finish(const funnel_chunks<W>& c, std::uint32_t (&v)[W]) {
  if (c.m == 0) {
#pragma unroll
    for (int i = 0; i < W; ++i) v[i] = c.own[i];
    return;
  }
  std::uint32_t next[W];
  shuffle_down_one<W>(c.own, next);
  if ((threadIdx.x & 31) == 31) {
#pragma unroll
    for (int i = 0; i < W; ++i) next[i] = c.after[i];
  }
  extract<W>(c.own, next, c.m, v);
}

/**
 * The warp writes lane l's S bytes v to run + l S, for a run at any byte address: aligned
 * S-byte stores inside, the partial chunks at the two ends byte by byte. Writes no byte
 * outside [run, run + 32 S). All 32 lanes must call it.
 */
template <int W>
__device__ __forceinline__ void warp_store_funnel(unsigned char* run, const std::uint32_t (&v)[W]) {
  constexpr int S = 4 * W;
  const int lane = static_cast<int>(threadIdx.x & 31);
  const int m = static_cast<int>(reinterpret_cast<std::uintptr_t>(run) & (S - 1));
  if (m == 0) {
    store_vector<W>(run + lane * S, v);
    return;
  }
  std::uint32_t next[W], chunk[W];
  shuffle_down_one<W>(v, next);
  // Aligned chunk l + 1 of the run's cover: the last m bytes of lane l, the first S - m of lane l + 1.
  extract<W>(v, next, S - m, chunk);
  if (lane < 31) store_vector<W>(run - m + (lane + 1) * S, chunk);
  if (lane == 0) {
    for (int j = 0; j < S - m; ++j) run[j] = byte_at<W>(v, j);
  } else if (lane == 31) {
    for (int j = S - m; j < S; ++j) run[31 * S + j] = byte_at<W>(v, j);
  }
}

}  // namespace xpose::detail::interleave
