// The 3 x L in-place sweep (src/core/three_row_schedule.hpp), run on host arrays: tiles
// take tickets in order, at most K run at once, and a random scheduler advances any tile
// whose waits are met, one phase at a time (a phase's reads, or its writes, as one step:
// the kernel separates them with a barrier). Every order must transpose the matrix and
// none may deadlock. A control run that ignores the waits must go wrong, which shows the
// simulation can see a missing wait.
#include "core/three_row_schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace xpose::detail {
namespace {

using i64 = std::int64_t;

struct sweep_model {
  three_row_geometry g;
  bool wide = true;
  bool obey_waits = true;
  std::vector<i64> data, ws;
  std::vector<std::vector<char>> flag{2};
  std::vector<int> state;                       // 0 waiting to read, 1 waiting to write, 2 done
  std::vector<std::vector<i64>> held, restored;  // per tile: values read in phase 1

  sweep_model(i64 L, i64 w, bool is_wide) : g(make_three_row_geometry(L, w)), wide(is_wide) {
    data.resize(static_cast<std::size_t>(3 * L));
    // The value of an element is its position in the input.
    for (i64 p = 0; p < 3 * L; ++p) data[static_cast<std::size_t>(p)] = p;
    ws.assign(static_cast<std::size_t>(L), -1);
    flag[0].assign(static_cast<std::size_t>(g.tiles), 0);
    flag[1].assign(static_cast<std::size_t>(g.tiles), 0);
    state.assign(static_cast<std::size_t>(g.tiles), 0);
    held.resize(static_cast<std::size_t>(g.tiles));
    restored.resize(static_cast<std::size_t>(g.tiles));
    if (wide) {
      for (i64 j = 0; j < L; ++j) ws[static_cast<std::size_t>(j)] = data[static_cast<std::size_t>(j)];
    }
  }

  i64& D(i64 p) { return data[static_cast<std::size_t>(p)]; }
  i64& W(i64 p) { return ws[static_cast<std::size_t>(p)]; }

  bool met(const tile_waits& x, i64 t) const {
    if (!obey_waits) return true;
    for (const tile_range& r : x.range) {
      for (i64 u = r.first; u <= r.last; ++u) {
        if (u != t && !flag[static_cast<std::size_t>(x.phase)][static_cast<std::size_t>(u)]) return false;
      }
    }
    return true;
  }

  bool ready(i64 t) const {
    const int s = state[static_cast<std::size_t>(t)];
    if (s == 0) return met(wide ? g.wide_read_waits(t) : g.tall_read_waits(t), t);
    if (s == 1) return met(wide ? g.wide_write_waits(t) : g.tall_write_waits(t), t);
    return false;
  }

  void step(i64 t) {
    const auto k = static_cast<std::size_t>(t);
    std::vector<i64>& h = held[k];
    if (state[k] == 0) {
      for (i64 j = g.begin(t); j < g.end(t); ++j) {
        if (wide) {
          h.push_back(W(j));
          h.push_back(j < g.U ? D(g.L + j) : W(j - g.U));
          h.push_back(D(2 * g.L + j));
          if (j < g.saved()) W(j) = D(g.L + g.U + j);
        } else {
          for (int i = 0; i < 3; ++i) h.push_back(D(3 * j + i));
          restored[k].push_back(j < g.saved() ? W(j) : -1);
        }
      }
      flag[0][k] = 1;
      state[k] = 1;
    } else {
      for (i64 j = g.begin(t), n = 0; j < g.end(t); ++j, ++n) {
        const i64* x = &h[static_cast<std::size_t>(3 * n)];
        if (wide) {
          for (int i = 0; i < 3; ++i) D(3 * j + i) = x[i];
        } else {
          if (j < g.saved()) D(g.L + g.U + j) = restored[k][static_cast<std::size_t>(n)];
          W(j) = x[0];
          (j < g.U ? D(g.L + j) : W(j - g.U)) = x[1];
          D(2 * g.L + j) = x[2];
        }
      }
      if (g.begin(t) >= g.U) flag[1][k] = 1;  // as in the kernels: only these are waited for
      state[k] = 2;
    }
  }

  /** Runs the sweep; false on a deadlock. */
  bool run(std::mt19937_64& rng, int resident) {
    i64 next_ticket = 0, running = 0;
    std::vector<i64> live;
    for (;;) {
      std::vector<i64> choices;  // -1: start the next ticket
      if (next_ticket < g.tiles && running < resident) choices.push_back(-1);
      for (const i64 t : live) {
        if (ready(t)) choices.push_back(t);
      }
      if (choices.empty()) break;
      const i64 c = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
      if (c < 0) {
        live.push_back(wide ? next_ticket : g.tiles - 1 - next_ticket);
        ++next_ticket;
        ++running;
      } else {
        step(c);
        if (state[static_cast<std::size_t>(c)] == 2) {
          --running;
          live.erase(std::remove(live.begin(), live.end(), c), live.end());
        }
      }
    }
    if (next_ticket < g.tiles || running > 0) return false;
    if (!wide) {
      for (i64 j = 0; j < g.L; ++j) D(j) = W(j);
    }
    return true;
  }

  bool transposed() {
    for (i64 i = 0; i < 3; ++i) {
      for (i64 j = 0; j < g.L; ++j) {
        // Wide: input (i, j) at i L + j goes to 3j + i. Tall: input (j, i) at 3j + i goes to i L + j.
        const bool ok = wide ? D(3 * j + i) == i * g.L + j : D(i * g.L + j) == 3 * j + i;
        if (!ok) return false;
      }
    }
    return true;
  }
};

TEST(ThreeRowSchedule, GeometryKeepsUBetweenAThirdAndAHalf) {
  for (const i64 w : {1, 2, 3, 4, 16, 256, 4096}) {
    for (i64 L = 8 * w; L < 8 * w + 300; ++L) {
      ASSERT_TRUE(three_row_sweep_applies(L, w));
      const three_row_geometry g = make_three_row_geometry(L, w);
      EXPECT_EQ(g.U % w, 0) << L;
      EXPECT_GE(g.U, w) << L;
      EXPECT_LE(2 * g.U, L) << L;
      EXPECT_LE(L, 3 * g.U) << L;
      EXPECT_EQ(g.tiles * w >= L && (g.tiles - 1) * w < L, true) << L;
    }
    EXPECT_FALSE(three_row_sweep_applies(8 * w - 1, w));
  }
}

// Every wait names only tiles with an earlier ticket or the tile itself (whose other warps
// must have read first), and at most 8 per range (8 lanes of a warp watch each range).
TEST(ThreeRowSchedule, WaitsPointBackwardAndFitAWarp) {
  for (const i64 w : {1, 3, 16, 64, 1024}) {
    for (i64 L : {8 * w, 8 * w + 1, 9 * w - 1, 13 * w + 7, 40 * w + 3, 1000 * w + 11}) {
      const three_row_geometry g = make_three_row_geometry(L, w);
      for (i64 t = 0; t < g.tiles; ++t) {
        for (const tile_waits& x : {g.wide_read_waits(t), g.wide_write_waits(t)}) {
          for (const tile_range& r : x.range) {
            if (r.last < r.first) continue;
            EXPECT_GE(r.first, 0);
            EXPECT_LE(r.last, t) << "wide L " << L << " tile " << t;
            EXPECT_LE(r.last - r.first, 7);
          }
        }
        const tile_range restore = g.tall_read_waits(t).range[0];
        if (restore.last >= restore.first) EXPECT_GE(g.begin(restore.first), g.U) << "phase-2 flags start at U";
        for (const tile_waits& x : {g.tall_read_waits(t), g.tall_write_waits(t)}) {
          for (const tile_range& r : x.range) {
            if (r.last < r.first) continue;
            EXPECT_GE(r.first, t) << "tall L " << L << " tile " << t;
            EXPECT_LT(r.last, g.tiles);
            EXPECT_LE(r.last - r.first, 7);
          }
        }
      }
    }
  }
}

TEST(ThreeRowSchedule, EveryOrderTransposes) {
  std::mt19937_64 rng(20261121);
  int runs = 0;
  for (const i64 w : {1, 2, 4, 5}) {
    for (i64 L = 8 * w; L <= 8 * w + 60; ++L) {
      for (const bool wide : {true, false}) {
        for (const int resident : {1, 2, 4, 9, 1000}) {
          sweep_model m(L, w, wide);
          ASSERT_TRUE(m.run(rng, resident)) << "deadlock: L " << L << " w " << w << " wide " << wide;
          ASSERT_TRUE(m.transposed()) << "L " << L << " w " << w << " wide " << wide << " resident " << resident;
          ++runs;
        }
      }
    }
  }
  for (int k = 0; k < 200; ++k) {
    const i64 w = std::uniform_int_distribution<i64>(1, 40)(rng);
    const i64 L = std::uniform_int_distribution<i64>(8 * w, 60 * w)(rng);
    for (const bool wide : {true, false}) {
      sweep_model m(L, w, wide);
      ASSERT_TRUE(m.run(rng, std::uniform_int_distribution<int>(1, 64)(rng))) << L << " " << w;
      ASSERT_TRUE(m.transposed()) << "L " << L << " w " << w << " wide " << wide;
      ++runs;
    }
  }
  EXPECT_GT(runs, 1000);
}

// The control: with the waits ignored, some order goes wrong in both directions.
TEST(ThreeRowSchedule, IgnoringTheWaitsGoesWrong) {
  std::mt19937_64 rng(7);
  for (const bool wide : {true, false}) {
    int wrong = 0;
    for (int k = 0; k < 50; ++k) {
      sweep_model m(200, 4, wide);
      m.obey_waits = false;
      ASSERT_TRUE(m.run(rng, 50));
      wrong += m.transposed() ? 0 : 1;
    }
    EXPECT_GT(wrong, 0) << (wide ? "wide" : "tall");
  }
}

TEST(ThreeRowSchedule, WorkspaceHoldsTheRowAndTheFlags) {
  // 3 x 22369622 bytes (the suite's 64 MiB shape).
  const std::int64_t w = three_row_tile_cols(1), tiles = (22369622 + w - 1) / w;
  EXPECT_EQ(three_row_tiles(22369622, w), tiles);
  EXPECT_EQ(three_row_workspace_bytes(22369622, 1), static_cast<std::size_t>(22369622 + 3 + 4 * (2 + 2 * tiles)));
  EXPECT_EQ(w, kThreeRowTileBytes);
  EXPECT_EQ(three_row_tile_cols(16) * 16, kThreeRowTileBytes);
}

// The vector kernel's tiles end at least one vector before the row does; the others are
// all that is left.
TEST(ThreeRowSchedule, WholeTilesEndOneVectorBeforeTheRow) {
  for (const std::int64_t v : {1, 2, 4, 8, 16}) {
    const std::int64_t w = three_row_tile_cols(16 / v);
    for (std::int64_t L = 8 * w; L < 8 * w + 2 * w + 40; L += 7) {
      const three_row_geometry g = make_three_row_geometry(L, w);
      const std::int64_t n = three_row_whole_tiles(g, v);
      ASSERT_GE(n, 1);
      EXPECT_LE(g.end(n - 1) + v, L) << L;
      if (n < g.tiles) EXPECT_GT(g.end(n) + v, L) << L;
      EXPECT_GE(n, g.tiles - 2) << L;
    }
  }
}

}  // namespace
}  // namespace xpose::detail
