// The coprime-core in-place path (src/core/coprime_core.hpp), checked on the host: its two
// passes, run with the maps the kernels step through, transpose every small shape with
// every allowed super-element size in both orientations; the split makes the core coprime;
// and the plan's choices, stage sizes and refusals.
#include "core/coprime_core.hpp"

#include "host_arrays.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace xpose::detail {
namespace {

constexpr std::int64_t kHopper = 232448;  // bytes one block may opt in to on sm_90

/** The column op on the b x L grid of e-element super-elements: destination (i, t) takes
    the super-element of grid row column_source(i, t) in column t. */
void column_op(std::vector<int>& v, const coprime_core& c) {
  const std::vector<int> old = v;
  const std::int64_t row = c.row_elements();
  for (std::int64_t i = 0; i < c.b; ++i) {
    for (std::int64_t t = 0; t < c.L; ++t) {
      const std::int64_t r = c.column_source(i, t);
      for (std::int64_t x = 0; x < c.e; ++x) {
        v[static_cast<std::size_t>(i * row + t * c.e + x)] = old[static_cast<std::size_t>(r * row + t * c.e + x)];
      }
    }
  }
}

/** The row op: element u of grid row J takes element row_source(J, u) of the same row. */
void row_op(std::vector<int>& v, const coprime_core& c) {
  const std::vector<int> old = v;
  const std::int64_t row = c.row_elements();
  for (std::int64_t J = 0; J < c.b; ++J) {
    for (std::int64_t u = 0; u < row; ++u) {
      v[static_cast<std::size_t>(J * row + u)] = old[static_cast<std::size_t>(J * row + c.row_source(J, u))];
    }
  }
}

std::vector<int> run_core(std::int64_t rows, std::int64_t cols, std::int64_t e, bool split_cols) {
  const coprime_core c = coprime_core::of(rows, cols, e, split_cols);
  std::vector<int> v = iota_vector(rows * cols);
  if (c.tall) {
    column_op(v, c);
    row_op(v, c);
  } else {
    row_op(v, c);
    column_op(v, c);
  }
  return v;
}

TEST(CoprimeCore, SplitLeavesACoprimeRest) {
  for (std::int64_t side = 1; side <= 400; ++side) {
    for (std::int64_t other = 1; other <= 120; ++other) {
      const std::int64_t e = coprime_split(side, other);
      ASSERT_EQ(side % e, 0) << side << " " << other;
      ASSERT_EQ(std::gcd(side / e, other), 1) << side << " " << other;
      // e holds no prime that other lacks: every prime of e divides other.
      std::int64_t rest = e;
      for (std::int64_t p = 2; p <= rest; ++p) {
        if (rest % p != 0) continue;
        ASSERT_EQ(other % p, 0) << side << " " << other << " prime " << p;
        while (rest % p == 0) rest /= p;
      }
    }
  }
  EXPECT_EQ(coprime_split(6789, 12345), 3);
  EXPECT_EQ(coprime_split(7000, 30000), 1000);
  EXPECT_EQ(coprime_split(6788, 12345), 1);
}

TEST(CoprimeCore, InverseMod) {
  for (std::int64_t m = 1; m <= 300; ++m) {
    for (std::int64_t a = 0; a < m; ++a) {
      if (std::gcd(a, m) != 1) continue;
      ASSERT_EQ(inverse_mod(a, m) * a % m, 1 % m) << a << " mod " << m;
    }
  }
}

TEST(CoprimeCore, TwoPassesTransposeEverySmallShape) {
  int checked = 0;
  for (std::int64_t rows = 2; rows <= 36; ++rows) {
    for (std::int64_t cols = 2; cols <= 36; ++cols) {
      if (rows == cols) continue;
      const std::vector<int> expected = transposed(iota_vector(rows * cols), rows, cols);
      for (const bool split_cols : {true, false}) {  // either side, the longer one too
        const std::int64_t split = split_cols ? cols : rows, other = split_cols ? rows : cols;
        const std::int64_t e_min = coprime_split(split, other);
        for (std::int64_t e = e_min; e <= split; e += e_min) {
          if (split % e != 0) continue;
          ASSERT_EQ(run_core(rows, cols, e, split_cols), expected)
              << rows << " x " << cols << ", e = " << e << (split_cols ? ", columns split" : ", rows split");
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 2400);
}

TEST(CoprimeCore, TwoPassesTransposeLargerShapes) {
  // {rows, cols, e, split_cols}: e a multiple of coprime_split(split, other) dividing the
  // split side; the last five split the longer side.
  const std::int64_t shapes[][4] = {{123, 45, 9, 1},   {45, 123, 45, 0},  {300, 7, 1, 1},    {7, 300, 7, 0},
                                    {210, 99, 9, 1},   {99, 210, 99, 0},  {1000, 81, 1, 1},  {81, 1000, 27, 0},
                                    {1234, 67, 1, 1},  {500, 124, 124, 1}, {124, 500, 4, 0}, {123, 45, 3, 0},
                                    {45, 123, 3, 1},   {1000, 81, 8, 0},  {210, 99, 30, 0},  {1234, 67, 2, 0}};
  for (const auto& s : shapes) {
    ASSERT_EQ((s[3] ? s[1] : s[0]) % s[2], 0);
    ASSERT_EQ(run_core(s[0], s[1], s[2], s[3] != 0), transposed(iota_vector(s[0] * s[1]), s[0], s[1]))
        << s[0] << " x " << s[1];
  }
}

TEST(CoprimeCore, PlanChoosesTheWidestRunsThatFit) {
  // 12345 x 6789 fp32: the columns split as 3 x 2263, rows of 12345 x 3 elements and 84-byte
  // runs (splitting the rows, 12345 = 3 x 4115, would leave 12-byte runs).
  const coprime_core_plan p = make_coprime_core_plan(12345, 6789, 4, kHopper);
  ASSERT_TRUE(p.use);
  EXPECT_TRUE(p.core.tall);
  EXPECT_EQ(p.core.e, 3);
  EXPECT_EQ(p.core.b, 2263);
  EXPECT_EQ(p.core.L, 12345);
  EXPECT_EQ(p.row_stage_bytes, staged_bytes(12345 * 3 * 4, 4));
  EXPECT_EQ(p.strip, 7);  // 84-byte runs: 2263 lines of 96 bytes fill 217 KB
  EXPECT_EQ(p.column_stage_bytes, 2263 * 96);
  // Coprime 12345 x 6788 fp32 takes e = 4 (1697 rows) over e = 1 (6788 rows of 20-byte runs).
  const coprime_core_plan q = make_coprime_core_plan(6788, 12345, 4, kHopper);
  ASSERT_TRUE(q.use);
  EXPECT_FALSE(q.core.tall);
  EXPECT_EQ(q.core.e, 4);
  EXPECT_EQ(q.core.b, 1697);
  // Equal runs: the longer rows. 12345 x 10001 16-byte, coprime, e = 1 either way with 16-byte
  // runs: 10001 rows of 197 KB (25.5% of memcpy) over 12345 rows of 160 KB (23.5%, sweep 26).
  const coprime_core_plan tie = make_coprime_core_plan(12345, 10001, 16, kHopper);
  ASSERT_TRUE(tie.use);
  EXPECT_TRUE(tie.core.tall);
  EXPECT_EQ(tie.core.b, 10001);
  // Every plan's stages fit, its runs stay within the cap, and e is allowed.
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t rows = 2; rows < 3000; rows = rows * 3 / 2 + 7) {
      for (std::int64_t cols = 2; cols < 3000; cols = cols * 5 / 3 + 11) {
        const coprime_core_plan r = make_coprime_core_plan(rows, cols, elem, kHopper);
        if (!r.use) continue;
        const std::int64_t split = r.core.tall ? cols : rows, L = r.core.tall ? rows : cols;
        ASSERT_EQ(r.core.L, L);
        ASSERT_EQ(split % r.core.e, 0);
        ASSERT_EQ(r.core.b, split / r.core.e);
        ASSERT_EQ(r.core.e % coprime_split(split, L), 0);
        ASSERT_LE(r.row_stage_bytes, kHopper);
        ASSERT_LE(r.column_stage_bytes, kHopper);
        if (r.core.b > 1) ASSERT_LE(r.strip * r.core.e * elem, kCoprimeColumnMaxRun);
        if (r.core.b > 1 && r.strip < L) ASSERT_GE(r.strip * r.core.e * elem, kCoprimeColumnMinRun);
      }
    }
  }
}

TEST(CoprimeCore, PlanWidensNarrowColumnRunsOnClusters) {
  // The fewest blocks whose strips reach 48 bytes: 12345 x 6789 8-byte (rows split, e = 3)
  // 24 -> 96-byte runs on 2; 12345 x 10001 16-byte (e = 1) 16 -> 32 on 2, 64 on 3; 16767 x
  // 11885 8-byte (e = 1) 8 -> 56 on 4. The plan's e and side are those of one block.
  const coprime_core_plan e8 = make_coprime_core_plan(12345, 6789, 8, kHopper);
  EXPECT_EQ(e8.core.e, 3);
  EXPECT_FALSE(e8.core.tall);
  EXPECT_EQ(e8.column_cluster, 2);
  EXPECT_EQ(e8.strip * e8.core.e * 8, 96);
  const coprime_core_plan three = make_coprime_core_plan(12345, 10001, 16, kHopper);
  EXPECT_TRUE(three.core.tall);
  EXPECT_EQ(three.core.e, 1);
  EXPECT_EQ(three.column_cluster, 3);
  EXPECT_EQ(three.strip, 4);
  const coprime_core_plan four = make_coprime_core_plan(16767, 11885, 8, kHopper);
  EXPECT_EQ(four.column_cluster, 4);
  EXPECT_EQ(four.strip * four.core.e * 8, 56);
  // One block for runs of 32 bytes and more (12345 x 6789 fp32: 84; 8318 x 8288 fp32 and
  // 8-byte: 32), of 64 bytes and more for 16-byte elements (3792 x 14233: 48 -> clustered,
  // 12345 x 678 16-byte: 240 -> not), and for 1- and 2-byte elements whatever their runs
  // (13411 x 10814 2-byte: 16 bytes).
  EXPECT_EQ(make_coprime_core_plan(12345, 6789, 4, kHopper).column_cluster, 1);
  EXPECT_EQ(make_coprime_core_plan(8318, 8288, 4, kHopper).column_cluster, 1);
  EXPECT_EQ(make_coprime_core_plan(8318, 8288, 8, kHopper).column_cluster, 1);
  EXPECT_EQ(make_coprime_core_plan(8318, 8288, 16, kHopper).column_cluster, 2);
  EXPECT_EQ(make_coprime_core_plan(3792, 14233, 16, kHopper).column_cluster, 2);
  EXPECT_EQ(make_coprime_core_plan(12345, 678, 16, kHopper).column_cluster, 1);
  EXPECT_EQ(make_coprime_core_plan(12345, 6789, 1, kHopper).column_cluster, 1);
  EXPECT_EQ(make_coprime_core_plan(13411, 10814, 2, kHopper).column_cluster, 1);
  // Every plan: a cluster only below the threshold and for 4 bytes and more, at
  // most kCoprimeColumnClusterMax blocks, their lines covering the grid, the stage within
  // the opt-in, wider runs than one block's and within the cap; e and side as with the
  // widening left out.
  int clustered = 0;
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t rows = 50; rows < 40000; rows = rows * 4 / 3 + 13) {
      for (std::int64_t cols = 50; cols < 40000; cols = cols * 5 / 3 + 11) {
        const coprime_core_plan r = make_coprime_core_plan(rows, cols, elem, kHopper);
        if (!r.use) continue;
        const coprime_core_plan one = plan_coprime_core(rows, cols, r.core.e, r.core.tall, elem, kHopper);
        ASSERT_TRUE(one.use);
        if (r.column_cluster == 1) {
          ASSERT_EQ(r.strip, one.strip);
          ASSERT_EQ(r.column_lines, r.core.b > 1 ? r.core.b : 0);
          continue;
        }
        ++clustered;
        ASSERT_GE(elem, kCoprimeColumnClusterMinElem);
        ASSERT_LT(one.strip * r.core.e * elem, elem == 16 ? kCoprimeClusterColumnBelow16 : kCoprimeClusterColumnBelow)
            << rows << " x " << cols;
        ASSERT_LE(r.column_cluster, kCoprimeColumnClusterMax);
        ASSERT_GE(r.column_lines * r.column_cluster, r.core.b);
        ASSERT_LT(r.column_lines * (r.column_cluster - 1), r.core.b);
        ASSERT_LE(r.column_stage_bytes, kHopper);
        ASSERT_EQ(r.column_stage_bytes, r.column_lines * staged_bytes(r.strip * r.core.e * elem, elem));
        ASSERT_GT(r.strip, one.strip);
        ASSERT_LE(r.strip * r.core.e * elem, kCoprimeColumnMaxRun);
        ASSERT_EQ(r.row_cluster, one.row_cluster);
      }
    }
  }
  EXPECT_GT(clustered, 20);
}

TEST(CoprimeCore, LaunchFillsTheLastWaveAndSizesRowBlocks) {
  // Bytes, rows split (e = 15, L = 6789): 6789 / 17 = 400 strips are 3.03 waves of 132
  // blocks; 13 columns give 523, 3.96 waves.
  const coprime_core_plan bytes = make_coprime_core_plan(12345, 6789, 1, kHopper);
  ASSERT_TRUE(bytes.use);
  EXPECT_EQ(bytes.strip, 17);
  EXPECT_EQ(coprime_column_launch_strip(bytes, 1, 132, 1), 13);
  EXPECT_EQ(bytes.row_threads, 1024);  // rows of 102 KB: two blocks per SM
  EXPECT_EQ(make_coprime_core_plan(4096, 1000, 1, kHopper).row_threads, 512);  // rows of 33 KB: four
  // fp32: 14 waves of 7 columns against 16 of 6: under 5% better, the widest runs stay.
  const coprime_core_plan fp32 = make_coprime_core_plan(12345, 6789, 4, kHopper);
  EXPECT_EQ(coprime_column_launch_strip(fp32, 1, 132, 4), 7);
  EXPECT_EQ(fp32.row_threads, 1024);  // rows of 148 KB: one block per SM
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t rows = 5; rows < 20000; rows = rows * 3 / 2 + 7) {
      for (std::int64_t cols = 3; cols < 20000; cols = cols * 5 / 3 + 11) {
        const coprime_core_plan r = make_coprime_core_plan(rows, cols, elem, kHopper);
        if (!r.use || r.core.b == 1) continue;
        for (const std::int64_t sms : {1, 114, 132}) {
          for (const std::int64_t batch : {1, 3}) {
            const std::int64_t w = coprime_column_launch_strip(r, batch, sms, elem);
            ASSERT_LE(w, r.strip);
            ASSERT_GE(4 * w, 3 * r.strip);
            if (w < r.strip) ASSERT_GE(w * r.core.e * elem, kCoprimeColumnMinRun);
            auto time = [&](std::int64_t v) { return ((r.core.L + v - 1) / v * batch + sms - 1) / sms * v; };
            ASSERT_LE(time(w), time(r.strip));
          }
        }
        if (r.row_threads == 512) ASSERT_LE(4 * (r.row_stage_bytes + kSharedReservedPerBlock), kHopper);
      }
    }
  }
}

// The congruent column-op stage (coprime_congruent_pitch): line r's run starts at s0 + r pitch
// with the pitch congruent to the row pitch modulo 16, so the run keeps its global address
// modulo 16 (its chunks copy aligned); the aligned 16-byte chunks covering one line never
// touch the next line's; and the stage's size keeps the launch's blocks an SM.
TEST(CoprimeCore, CongruentStageKeepsEachLineInItsOwnChunks) {
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t run = elem; run <= 512; run += elem) {
      for (std::int64_t row = run; row <= run + 64; row += elem) {
        const std::int64_t pitch = coprime_congruent_pitch(run, row, elem);
        ASSERT_EQ(pitch % 16, row % 16);
        ASSERT_GE(pitch, run);
        ASSERT_LT(pitch, run + (16 - std::min<std::int64_t>(elem, 16)) + 16);
        // Runs start element-aligned anywhere in a chunk: lines 0..3 from every such start.
        for (std::int64_t s0 = 0; s0 < 16; s0 += elem) {
          std::int64_t previous_end = 0;
          for (std::int64_t r = 0; r < 4; ++r) {
            const std::int64_t start = s0 + r * pitch, first_chunk = start / 16 * 16;
            const std::int64_t end = (start + run + 15) / 16 * 16;  // past the last chunk
            ASSERT_GE(first_chunk, previous_end) << elem << " " << run << " " << row << " " << s0 << " " << r;
            ASSERT_LE(end, (r + 1) * pitch + 16);  // inside b lines of pitch plus 16 bytes
            previous_end = end;
          }
        }
      }
    }
  }
  // 12345 x 6789 bytes (b = 823, launch strip 13: 195-byte runs, rows of 101835 bytes): 195 + 15
  // = 210 is 2 mod 16 and 101835 is 11, so 219, 823 lines of it against the plan's 823 x 272
  // for 17 columns.
  const coprime_core_plan bytes = make_coprime_core_plan(12345, 6789, 1, kHopper);
  EXPECT_EQ(coprime_congruent_pitch(195, 101835, 1), 219);
  EXPECT_EQ(bytes.column_stage_bytes, 823 * 272);
  EXPECT_EQ(coprime_congruent_stage_bytes(bytes, 13, 1, kHopper), 823 * 219 + 16);
  // fp32 (b = 2263, 84-byte runs at pitch 108) would need 244420 bytes: the plan's stage stays.
  const coprime_core_plan fp32 = make_coprime_core_plan(12345, 6789, 4, kHopper);
  EXPECT_EQ(coprime_congruent_stage_bytes(fp32, 7, 4, kHopper), 0);
  auto two_fit = [](std::int64_t stage) {
    return 2 * (stage + kSharedReservedPerBlock) <= kHopper + kSharedReservedPerBlock;
  };
  int congruent = 0, kept = 0;
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t rows = 5; rows < 30000; rows = rows * 3 / 2 + 7) {
      for (std::int64_t cols = 3; cols < 30000; cols = cols * 5 / 3 + 11) {
        const coprime_core_plan p = make_coprime_core_plan(rows, cols, elem, kHopper);
        if (!p.use || p.core.b == 1 || p.column_cluster > 1) continue;
        const std::int64_t strip = coprime_column_launch_strip(p, 1, 132, elem);
        const std::int64_t bytes = coprime_congruent_stage_bytes(p, strip, elem, kHopper);
        if (bytes == 0) {
          ++kept;
          continue;
        }
        ++congruent;
        const std::int64_t pitch =
            coprime_congruent_pitch(strip * p.core.e * elem, p.core.row_elements() * elem, elem);
        ASSERT_EQ(bytes, p.core.b * pitch + 16);
        ASSERT_LE(bytes, kHopper);
        if (two_fit(p.column_stage_bytes)) ASSERT_TRUE(two_fit(bytes)) << rows << " x " << cols << " " << elem;
      }
    }
  }
  EXPECT_GT(congruent, 10 * kept);  // most one-block column ops take it
}

TEST(CoprimeCore, PlanStagesLongRowsInClusters) {
  // 12345 x 6789, 16 bytes: splitting the columns (6789 = 3 x 2263) makes rows of 3 x 12345
  // elements (593 KB, 3 parts); splitting the rows (12345 = 3 x 4115) makes rows of 3 x 6789
  // elements (326 KB) in 2 parts of 10184 (163 KB): the plan takes the rows.
  const coprime_core_plan p = make_coprime_core_plan(12345, 6789, 16, kHopper);
  ASSERT_TRUE(p.use);
  EXPECT_FALSE(p.core.tall);
  EXPECT_EQ(p.core.e, 3);
  EXPECT_EQ(p.core.b, 4115);
  EXPECT_EQ(p.core.L, 6789);
  EXPECT_EQ(p.row_cluster, 2);
  EXPECT_EQ(p.row_part, 10184);
  EXPECT_EQ(p.row_stage_bytes, 10184 * 16);
  // One block would stage 4115 lines of 48 bytes; a cluster of two stages 2058 lines each,
  // two columns (96 bytes) wide.
  EXPECT_EQ(p.column_cluster, 2);
  EXPECT_EQ(p.column_lines, 2058);
  EXPECT_EQ(p.strip, 2);
  EXPECT_EQ(p.row_threads, 1024);
  const coprime_core_plan t = make_coprime_core_plan(6789, 12345, 16, kHopper);  // the mirror image
  EXPECT_TRUE(t.core.tall);
  EXPECT_EQ(t.core.b, 4115);
  EXPECT_EQ(t.row_cluster, 2);
  // One block when the row fits, even if a cluster would allow wider column runs (bytes:
  // the rows split with e = 15, 255-byte runs, not the columns with e = 93, rows in 5 parts
  // and 465-byte runs).
  const coprime_core_plan q = make_coprime_core_plan(12345, 6789, 1, kHopper);
  EXPECT_EQ(q.row_cluster, 1);
  EXPECT_FALSE(q.core.tall);
  EXPECT_EQ(q.core.e, 15);
  // Every cluster plan: the fewest parts that fit, each part's stage within the opt-in, the
  // parts covering the row, and the float block index of the kernel exact (rows < 2^24).
  for (const std::int64_t elem : {1, 2, 4, 8, 16}) {
    for (std::int64_t rows = 67; rows < 400000; rows = rows * 3 / 2 + 7) {
      for (const std::int64_t cols : {67, 101, 405, 678, 6789}) {
        const coprime_core_plan r = make_coprime_core_plan(rows, cols, elem, kHopper);
        if (!r.use || r.row_cluster == 1) continue;
        const std::int64_t n = r.core.row_elements();
        ASSERT_LE(r.row_cluster, kCoprimeRowClusterMax);
        ASSERT_LE(r.row_stage_bytes, kHopper);
        ASSERT_EQ(r.row_stage_bytes, staged_bytes(r.row_part * elem, elem));
        ASSERT_GE(r.row_cluster * r.row_part, n);
        ASSERT_LT((r.row_cluster - 1) * r.row_part, n);  // no empty part
        ASSERT_GT(staged_bytes((n + r.row_cluster - 2) / (r.row_cluster - 1) * elem, elem), kHopper);  // fewest
        ASSERT_LT(n, std::int64_t{1} << 24);
      }
    }
  }
}

TEST(CoprimeCore, PlanRefusesWhatDoesNotFit) {
  EXPECT_FALSE(make_coprime_core_plan(30000, 7000, 4, kHopper).use);  // e = 1000: rows of 120 MB
  EXPECT_FALSE(make_coprime_core_plan(64, 64, 4, kHopper).use);        // square
  EXPECT_FALSE(make_coprime_core_plan(1, 640, 4, kHopper).use);
  EXPECT_TRUE(make_coprime_core_plan(12345, 6789, 4, kHopper).use);
  // Rows longer than 8 blocks' opt-in: 12345 x 6789 fp32 with 16 KB per block.
  EXPECT_FALSE(make_coprime_core_plan(12345, 6789, 4, 16 * 1024).use);
  // Two primes: e = 1 either way leaves 4-byte runs (narrower than kCoprimeColumnMinRun) and
  // e = the whole side makes one row of the whole matrix.
  EXPECT_FALSE(make_coprime_core_plan(12347, 10007, 4, kHopper).use);
  // 12345 x 10001 is coprime too, but 12345 = 3 x 5 x 823 splits: rows of 5 x 10001 elements
  // (200 KB) and 2469 lines of 60-byte runs. (Splitting 10001 = 73 x 137 would give rows of
  // 3.6 MB, more than 8 blocks stage.)
  const coprime_core_plan split_long = make_coprime_core_plan(12345, 10001, 4, kHopper);
  ASSERT_TRUE(split_long.use);
  EXPECT_FALSE(split_long.core.tall);
  EXPECT_EQ(split_long.core.e, 5);
  EXPECT_TRUE(make_coprime_core_plan(14000, 9001, 8, kHopper).use);  // 8-byte runs
  // Matrices of 4 GiB or more (the kernels' offsets are 32-bit): 60013 x 6007 x 16 bytes is
  // 5.8 GB (rows of 960 KB in 5 parts, one 16-byte column per strip: it would fit otherwise);
  // 60013 x 2003 x 16 bytes, 1.9 GB, takes the path.
  EXPECT_FALSE(make_coprime_core_plan(60013, 6007, 16, kHopper).use);
  EXPECT_TRUE(make_coprime_core_plan(60013, 2003, 16, kHopper).use);
}

}  // namespace
}  // namespace xpose::detail
