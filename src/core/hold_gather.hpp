// The hold sweep's output gather (src/kernels/inplace_hold_sweep.cu): the order in which a lane
// reads an output vector's elements from the tile, and the shared-memory bank model the plan
// picks that order by.
//
// Output vector o of a round holds positions V o .. V o + V - 1, position p being tile element
// (p mod s, p / s). A warp's lanes read at the same step k from many rows at nearly the same
// columns; where those rows meet on a bank the load takes several wavefronts (bank simulation,
// session 32: 20 x 2M bytes three a load, 28 x 2M four). Lane l may instead read its elements
// in the order k' = (k + m l) mod V: then lanes that met at step k read other positions, and
// the lane rotates its vector back in registers. The plan takes, per round, the m whose loads
// the model below finds fewest wavefronts for, in the four-vector gather only and only where
// the model saves enough (hold_rotation_min_saving). Host and device share the walk;
// tests/cpu/test_hold_gather.cpp checks it.
#pragma once

#include "fast_divider.hpp"
#include "stacked_squares.hpp"  // XPOSE_HOST_DEVICE

#include <algorithm>
#include <cstdint>

namespace xpose::detail {

/** A lane's walk over the tile positions of one output vector, first position q (a multiple
    of V), in the order q + rot .. q + V - 1, then q .. q + rot - 1: step k is at row x, column
    jj of the tile. */
struct hold_gather_walk {
  int x, jj;        ///< the current position's row and column
  int x0, jj0;      ///< position q, where the walk goes on after position q + V - 1
  int jump_after;   ///< the step after which it does: V - rot - 1
  XPOSE_HOST_DEVICE static hold_gather_walk of(int q, int rot, int V, int s, fast_divider by_s) {
    hold_gather_walk w;
    w.jj = static_cast<int>(by_s.div(static_cast<std::uint32_t>(q + rot)));
    w.x = q + rot - w.jj * s;
    w.jj0 = static_cast<int>(by_s.div(static_cast<std::uint32_t>(q)));
    w.x0 = q - w.jj0 * s;
    w.jump_after = V - rot - 1;
    return w;
  }
  /** From step k's position to step k + 1's. */
  XPOSE_HOST_DEVICE void next(int k, int s) {
    if (++x == s) {
      x = 0;
      ++jj;
    }
    if (k == jump_after) {
      x = x0;
      jj = jj0;
    }
  }
};

/** Lane l's first element of an output vector for rotation m (V a power of two). */
XPOSE_HOST_DEVICE constexpr int hold_gather_lane_rotation(int m, int lane, int V) { return (m * lane) & (V - 1); }

/** Wavefronts of one warp load of e-byte elements at these byte addresses: the most distinct
    4-byte words one of the 32 banks serves (8-byte loads in two half-warp phases). */
inline int hold_load_wavefronts(const std::int64_t* byte_address, int lanes, int e) {
  const int phases = e == 8 ? 2 : 1, per_phase = 32 / phases, words_each = e > 4 ? e / 4 : 1;
  int total = 0;
  for (int p = 0; p < phases; ++p) {
    std::int64_t seen[32][32];  // each bank's distinct words so far
    int count[32] = {}, most = 0;
    for (int i = p * per_phase; i < lanes && i < (p + 1) * per_phase; ++i) {
      for (int w = 0; w < words_each; ++w) {
        const std::int64_t word = byte_address[i] / 4 + w;
        const int bank = static_cast<int>(word % 32);
        if (std::find(seen[bank], seen[bank] + count[bank], word) != seen[bank] + count[bank]) continue;
        seen[bank][count[bank]++] = word;
        most = std::max(most, count[bank]);
      }
    }
    total += most;
  }
  return total;
}

/** Mean wavefronts of a round's gather loads for rotation m, the tile's s rows in place, pitch
    elements apart (e bytes each): one vector a lane (lane l of warp n gathers output vector
    32 n + l) or four (lane g gathers vectors i + s (4 (g / s) + u), u < 4, i = g mod s).
    Shifting the first vector by s shifts every address of a load alike (by V elements, or 4 V
    for four vectors), and so do the four vectors' columns u: warps 0..s-1 at u = 0 are a whole
    period of the pattern. */
inline double hold_gather_wavefronts(int s, std::int64_t pitch, int e, bool four_vectors, int m) {
  const int V = 16 / e;
  std::int64_t address[32];
  long sum = 0, loads = 0;
  for (int n = 0; n < s; ++n) {
    for (int k = 0; k < V; ++k) {
      for (int lane = 0; lane < 32; ++lane) {
        const int g = 32 * n + lane, kk = (k + hold_gather_lane_rotation(m, lane, V)) % V;
        const std::int64_t q = four_vectors ? V * (g % s) + kk : static_cast<std::int64_t>(V) * g + kk;
        const std::int64_t column = q / s + (four_vectors ? static_cast<std::int64_t>(V) * 4 * (g / s) : 0);
        address[lane] = (q % s * pitch + column) * e;
      }
      sum += hold_load_wavefronts(address, 32, e);
      ++loads;
    }
  }
  return static_cast<double>(sum) / static_cast<double>(loads);
}

/** Wavefronts a load the rotation must save to be taken, by element size. Its walk and the
    rotation back cost instructions, and they weigh more against the four loads of a step for
    2-byte elements than for bytes, whose vectors take twice the steps. H100, % of memcpy: for
    2-byte elements a saving of one wavefront lost up to 2 points (24 x 2M: 3 -> 2, 58.9 -> 57.6;
    session33/rotation) and savings of 1.45 or more gained (28 x 2M: 6.7 -> 2.8, 49.8 -> 54.2);
    for bytes a saving of one gained at 15, 17, 18, 24, 35, 38 and 42-47 rows x 2M (0.5-4.0
    points: 46 x 2M, 3.0 -> 1.9, 47.0 -> 51.0; session33/bytes_threshold) and lost at 32 rows
    (2.0 -> 1.0, 56.1 -> 54.0: a case the model does not explain). The one-vector gather lost
    wherever it rotated (fp32 31 x 2M, 4.0 -> 2.7: 54.7 -> 52.3%; bytes 22 x 2M, 2.0 -> 1.75:
    48.8 -> 43.7%): it does not rotate. */
constexpr double hold_rotation_min_saving(int e) { return e == 1 ? 1.0 : 1.25; }

/** The rotation m in [0, V) of the four-vector gather whose loads the model finds fewest
    wavefronts for, where that saves hold_rotation_min_saving(e) or more; else 0, no rotation. */
inline int hold_gather_rotation(int s, std::int64_t pitch, int e) {
  const int V = 16 / e;
  const double plain = hold_gather_wavefronts(s, pitch, e, true, 0);
  int best = 0;
  double fewest = plain;
  for (int m = 1; m < V; ++m) {
    const double w = hold_gather_wavefronts(s, pitch, e, true, m);
    if (w < fewest - 1e-9) {
      fewest = w;
      best = m;
    }
  }
  return plain - fewest >= hold_rotation_min_saving(e) - 1e-9 ? best : 0;
}

/** Whether a plan of bytes gathers one output vector a thread instead of four. The four-vector
    gather takes fewer instructions a byte and, rotated, the fewest conflicts for most short
    sides; the one-vector gather stays for even sides under 32 that are not multiples of 8, in
    plans of up to three rounds, where the model finds its loads less conflicted than the
    four-vector gather's at its rotation m (hold_gather_rotation at round 0's pitch: the choice
    is the plan's). H100, % of memcpy, four vectors (rotated
    where the model says) against one (session33/rotation2, bytes_threshold): 12 x 2M 61.7
    against 63.0 and 14 x 2M 52.8 / 54.5 (one vector taken); 18 x 2M 48.2-48.4 / 47.4, 20 x 2M
    47.7 / 45.0, 28 x 2M 51.9 / 44.7, 30 x 2M 53.1 / 50.9 (four). Every other plan of bytes
    gathers four vectors, the short sides 4 mod 8 from 36 on included (the skinny blocks took
    them before the rotation: 44 x 2M 35.4 -> 48.0%), and plans of more rounds too (12 x 8M
    45.6 -> 49.9%). */
/** The plans of bytes for which hold_bytes_gather_one_vector asks the model at all: even sides
    under 32 that are not multiples of 8, in plans of up to three rounds. */
constexpr bool hold_bytes_one_vector_candidate(int s, int rounds) {
  return s % 2 == 0 && s % 8 != 0 && s < 32 && rounds <= 3;
}

inline bool hold_bytes_gather_one_vector(int s, int rounds, std::int64_t pitch, int m) {
  if (!hold_bytes_one_vector_candidate(s, rounds)) return false;
  return hold_gather_wavefronts(s, pitch, 1, false, 0) < hold_gather_wavefronts(s, pitch, 1, true, m);
}


// The backward sweep's stage reads (src/kernels/inplace_hold_unsweep.cu). Its stage holds a
// round's positions as they lie, element (x, j) at (j - c0) s + x, and the kernel reads it by
// rows: a lane gathers one 16-byte vector of a row, V elements s apart. A warp takes R rows
// (work items (chunk, row) in a row-fastest order over nr rows) and 32 / R consecutive vectors
// of each. Consecutive vectors lie 16 s bytes apart, which for even s meets the same banks:
// bytes of 16 rows, four rows a warp, read eight vectors on one bank (8 wavefronts a load; the
// H100 ran 2M x 16 bytes at 39% of memcpy against 42-55% at odd sides, session34/unsweep1). So
// the plan picks R and a lane rotation m (lane v of its row reads element (k + m v) mod V at
// step k) by the bank model below.

/** How a warp reads the stage: `rows` (R, a power of two up to 32) work items at once, each
    32 / R vectors of a row, lane v of an item from element (m v) mod V on. */
struct hold_stage_order {
  int rows = 4, rotation = 0;
};

/** Mean wavefronts of the stage loads of a warp in order o over nr rows of s (e bytes). */
inline double hold_stage_wavefronts(int s, int nr, int e, hold_stage_order o) {
  const int V = 16 / e, per_item = 32 / o.rows;
  std::int64_t address[32];
  long sum = 0, loads = 0;
  for (int g = 0; g < nr; ++g) {  // groups of R items start at every row
    for (int k = 0; k < V; ++k) {
      for (int lane = 0; lane < 32; ++lane) {
        const int item = g * o.rows + lane / per_item, v = lane % per_item;
        const std::int64_t c = item / nr, x = item % nr;
        const std::int64_t j = static_cast<std::int64_t>(V) * (c * per_item + v) + (k + hold_gather_lane_rotation(o.rotation, v, V)) % V;
        address[lane] = (j * s + x) * e;
      }
      sum += hold_load_wavefronts(address, 32, e);
      ++loads;
    }
  }
  return static_cast<double>(sum) / static_cast<double>(loads);
}

/** The order with the fewest modelled wavefronts, of those within 0.1 of it the fewest rows a
    warp (longer runs of each row's stores). */
inline hold_stage_order hold_stage_order_for(int s, int nr, int e) {
  const int V = 16 / e;
  double wavefronts[6][16];
  double fewest = 1e30;
  for (int r = 0; r < 6; ++r) {
    for (int m = 0; m < V; ++m) {
      wavefronts[r][m] = hold_stage_wavefronts(s, nr, e, {1 << r, m});
      fewest = std::min(fewest, wavefronts[r][m]);
    }
  }
  for (int r = 0; r < 6; ++r) {
    for (int m = 0; m < V; ++m) {
      if (wavefronts[r][m] <= fewest + 0.1) return {1 << r, m};
    }
  }
  return {};
}

/** Wavefronts a load another order must save for the stores to take it (a kernel of its own), by
    element size. H100, % of memcpy, plain against the order found (session34/unsweep3, in a
    build where every kernel carried the ordered path's code): bytes 2M x 8 42.9 -> 55.1 (8 ->
    1 wavefront), x 16 39.0 -> 48.3, x 24 39.8 -> 49.5, 1M x 48 39.3 -> 48.5, x 12, 20, 28
    (4 -> 1) +0.4 to +0.9; 2-byte x 8, 16, 24 (8 -> 1) +1.8 to +2.7 but x 12, 20, 28 (4 -> 1)
    -1.5 to -2.6; fp32 and 8-byte lost everywhere (fp32 x 16, 8 -> 1: 50.6 -> 48.0). */
constexpr double hold_stage_min_saving(int e) { return e == 1 ? 1.0 : e == 2 ? 4.0 : 1e30; }

/** The order of the backward sweep's stores of the stage (its s rows): four rows a warp, not
    rotated, unless the model finds another order hold_stage_min_saving(e) wavefronts a load
    cheaper. */
inline hold_stage_order hold_stage_order_of_stores(int s, int e) {
  const hold_stage_order plain{4, 0};
  if (e > 2) return plain;
  const hold_stage_order best = hold_stage_order_for(s, s, e);
  return hold_stage_wavefronts(s, s, e, plain) - hold_stage_wavefronts(s, s, e, best) >= hold_stage_min_saving(e) - 1e-9
             ? best
             : plain;
}

}  // namespace xpose::detail
