// In-place transpose on the GPU: square and rectangular shapes, every element size,
// batches, offset pointers and a seeded random set of shapes. The input is copied aside
// before the call; afterwards every byte is compared with the CPU reference (or, above
// 64 MiB, with the independent GPU checker), and poisoned guard bands around the matrix
// and around the workspace must be unchanged.
#include "core/coprime_core.hpp"
#include "core/hold_sweep.hpp"
#include "core/skinny_blocks.hpp"
#include "core/square_grid.hpp"
#include "core/stacked_squares.hpp"
#include "kernels/launchers.hpp"
#include "core/row_interleave_schedule.hpp"
#include "device_buffer.hpp"
#include "gpu_case.hpp"
#include "graph_capture.hpp"
#include "reference.hpp"

#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <sstream>
#include <tuple>
#include <vector>

namespace xpose::testing {
namespace {

constexpr std::size_t kGuard = 512;                         // poisoned bytes on each side
constexpr std::size_t kHostCheckLimit = std::size_t{64} << 20;  // above: GPU checker

// How run_inplace issues the call: on the legacy default stream, on a non-blocking stream of
// its own, or captured into a CUDA graph on one and then launched.
enum class issued { legacy_stream, user_stream, graph };

struct inplace_case {
  std::size_t elem = 4;
  std::int64_t rows = 0, cols = 0, batch = 1;
  std::size_t offset = 0;  // bytes added to the data pointer
  std::uint64_t seed = 1;
  issued how = issued::legacy_stream;
  std::string describe() const {
    std::ostringstream os;
    os << batch << " x " << rows << " x " << cols << ", " << elem << "-byte elements, offset " << offset << ", seed "
       << seed << (how == issued::graph ? ", in a CUDA graph" : how == issued::user_stream ? ", on a user stream" : "");
    return os.str();
  }
};

std::vector<unsigned char> to_host(const void* p, std::size_t bytes) {
  std::vector<unsigned char> h(bytes);
  XPOSE_TOOLING_CUDA(cudaMemcpy(h.data(), p, bytes, cudaMemcpyDeviceToHost));
  return h;
}

::testing::AssertionResult guards_intact(const unsigned char* base, std::size_t inner, const char* what) {
  const auto before = to_host(base, kGuard), after = to_host(base + kGuard + inner, kGuard);
  for (std::size_t i = 0; i < kGuard; ++i) {
    if (before[i] != tooling::kPoison || after[i] != tooling::kPoison) {
      return ::testing::AssertionFailure() << "a guard byte next to the " << what << " was written";
    }
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult run_inplace(const inplace_case& c) {
  const std::size_t bytes = static_cast<std::size_t>(c.batch * c.rows * c.cols) * c.elem;
  tooling::device_buffer buf(kGuard + c.offset + bytes + kGuard);
  XPOSE_TOOLING_CUDA(cudaMemset(buf.get(), tooling::kPoison, buf.size()));
  unsigned char* data = buf.bytes() + kGuard + c.offset;
  if (bytes > 0) tooling::fill_random(data, bytes, c.elem, c.seed);

  std::size_t ws_bytes = 1;
  if (xpose_transpose_inplace_workspace_size(c.rows, c.cols, c.elem, &ws_bytes) != XPOSE_SUCCESS) {
    return ::testing::AssertionFailure() << c.describe() << ": workspace query: " << xpose_last_error_message();
  }
  const bool rectangular = c.rows != c.cols && c.rows > 1 && c.cols > 1;
  const std::int64_t L = std::max(c.rows, c.cols);
  // Lines of L: min(128, ceil(min(rows, cols) / 64)) when the sides share a divisor of at
  // least 256 bytes of elements (and the shape is no stack of squares nor skinny).
  const std::int64_t short_side = std::min(c.rows, c.cols), divisor = std::gcd(c.rows, c.cols);
  const bool stacked = detail::make_stacked_squares_plan(c.rows, c.cols, static_cast<std::int64_t>(c.elem)).use;
  const bool grid = short_side > 64 && !stacked && divisor * static_cast<std::int64_t>(c.elem) >= 256 &&
                    c.rows / divisor * c.cols < (std::int64_t{1} << 31);
  // Two lines for a short side of 8 to 64 (the skinny blocks' split points).
  const std::int64_t lines = grid ? std::min<std::int64_t>(128, (short_side + 63) / 64)
                             : short_side >= 8 && short_side <= 64 ? 2
                                                                   : 1;
  // Two to seven rows: rows 1 .. R-1 of L, each but the last padded to 16 elements.
  const std::size_t formula =
      !rectangular      ? 0
      : short_side <= 7 ? static_cast<std::size_t>((short_side - 2) * ((L + 15) / 16 * 16) + L) * c.elem
                        : static_cast<std::size_t>(lines * L) * c.elem;
  if (ws_bytes != formula) {
    return ::testing::AssertionFailure() << c.describe() << ": workspace " << ws_bytes << " bytes, documented "
                                         << formula;
  }
  tooling::device_buffer ws(kGuard + ws_bytes + kGuard);
  XPOSE_TOOLING_CUDA(cudaMemset(ws.get(), tooling::kPoison, ws.size()));
  void* workspace = ws_bytes > 0 ? ws.bytes() + kGuard : nullptr;

  const bool host_check = bytes <= kHostCheckLimit;
  std::vector<unsigned char> before;
  tooling::device_buffer original;
  if (host_check) {
    before = to_host(data, bytes);
  } else {
    original = tooling::device_buffer(bytes);
    XPOSE_TOOLING_CUDA(cudaMemcpy(original.get(), data, bytes, cudaMemcpyDeviceToDevice));
  }
  // A device-to-device cudaMemcpy returns before it completes, and calls on a non-blocking
  // stream (user streams, graphs) do not wait for the legacy stream.
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());

  if (c.how == issued::graph) {
    auto r = run_in_graph([&](cudaStream_t stream) {
      return xpose_transpose_inplace_batched(data, c.batch, c.rows, c.cols, c.elem, workspace, ws_bytes, stream);
    });
    if (!r) return r << " (" << c.describe() << ")";
  } else {
    cudaStream_t stream = nullptr;
    if (c.how == issued::user_stream) XPOSE_TOOLING_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const xpose_status_t s =
        xpose_transpose_inplace_batched(data, c.batch, c.rows, c.cols, c.elem, workspace, ws_bytes, stream);
    if (stream != nullptr) {
      XPOSE_TOOLING_CUDA(cudaStreamSynchronize(stream));
      XPOSE_TOOLING_CUDA(cudaStreamDestroy(stream));
    }
    if (s != XPOSE_SUCCESS) return ::testing::AssertionFailure() << c.describe() << ": " << xpose_last_error_message();
  }
  const cudaError_t sync = cudaDeviceSynchronize();
  if (sync != cudaSuccess) return ::testing::AssertionFailure() << c.describe() << ": " << cudaGetErrorString(sync);

  if (host_check) {
    std::vector<unsigned char> want(bytes);
    const auto after = to_host(data, bytes);
    if (bytes > 0) reference::transpose(before.data(), want.data(), reference::packed(c.batch, c.rows, c.cols, c.elem));
    if (std::memcmp(after.data(), want.data(), bytes) != 0) {
      std::size_t i = 0;
      while (after[i] == want[i]) ++i;
      const std::size_t e = i / c.elem, per = static_cast<std::size_t>(c.rows * c.cols);
      return ::testing::AssertionFailure() << c.describe() << ": first wrong element " << e << " (matrix " << e / per
                                           << ", output row " << (e % per) / c.rows << ", col " << (e % per) % c.rows
                                           << ")";
    }
  } else {
    const std::int64_t wrong = tooling::count_transpose_mismatches(original.get(), data, c.batch, c.rows, c.cols,
                                                                   c.elem, c.cols, c.rows, c.rows * c.cols,
                                                                   c.rows * c.cols);
    if (wrong != 0) return ::testing::AssertionFailure() << c.describe() << ": " << wrong << " wrong elements";
  }
  auto g = guards_intact(buf.bytes() + c.offset, bytes, "matrix");
  if (!g) return g << " (" << c.describe() << ")";
  g = guards_intact(ws.bytes(), ws_bytes, "workspace");
  if (!g) return g << " (" << c.describe() << ")";
  return ::testing::AssertionSuccess();
}

int device_sms() {
  int device = 0, sms = 0;
  EXPECT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), cudaSuccess);
  return sms;
}

using param = std::tuple<std::size_t, std::int64_t, std::int64_t>;  // elem bytes, n, batch

class InplaceSquare : public ::testing::TestWithParam<param> {};

TEST_P(InplaceSquare, MatchesCpuReference) {
  XPOSE_REQUIRE_GPU();
  const auto [e, n, batch] = GetParam();
  EXPECT_TRUE(run_inplace({e, n, n, batch, 0, 0xA11CE + static_cast<std::uint64_t>(n * 31 + e)}));
}

INSTANTIATE_TEST_SUITE_P(Sizes, InplaceSquare,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4, 8, 16),
                                            ::testing::Values<std::int64_t>(1, 2, 31, 32, 33, 64, 127, 1000, 1024, 1025, 2000),
                                            ::testing::Values<std::int64_t>(1, 3)));

// 1- and 2-byte squares in 16-byte rows take register micro-tile regions of 8 x 8 (rows up
// to 8 KiB) or 16 x 16 micro-tiles: sides at both region sizes, with a partial last region,
// the 8 KiB boundary; rows and pointers only 8-byte aligned (regions of 8-byte micro-tiles:
// sides an odd number of 8 bytes, offset 8); element-aligned and byte-offset pointers (the
// shared-memory tiles take those); batches.
class InplaceSquareRegions : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceSquareRegions, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const std::int64_t v = 16 / static_cast<std::int64_t>(e);  // elements per 16 bytes
  const std::int64_t h = v / 2;  // elements per 8 bytes
  const std::int64_t sides[] = {v,     3 * v,  9 * v,  17 * v, 8192 / static_cast<std::int64_t>(e),
                                8192 / static_cast<std::int64_t>(e) + v, 8192 / static_cast<std::int64_t>(e) + 33 * v,
                                h,     3 * v + h, 17 * v + h, 8192 / static_cast<std::int64_t>(e) + h};
  // Byte offset 1 is element-aligned for 1-byte elements, so they have three cases.
  const std::vector<std::size_t> offsets =
      e == 1 ? std::vector<std::size_t>{0, 8, 1} : std::vector<std::size_t>{0, 8, e, 1};
  for (const std::int64_t n : sides) {
    for (const std::size_t offset : offsets) {
      for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{2}}) {
        if (batch == 2 && n * n * static_cast<std::int64_t>(e) > (std::int64_t{16} << 20)) continue;
        EXPECT_TRUE(run_inplace({e, n, n, batch, offset, static_cast<std::uint64_t>(n * 7 + offset + batch)}));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceSquareRegions, ::testing::Values<std::size_t>(1, 2));

// Rectangular shapes: coprime and common-factor pairs, primes, one side 2/3/7/31 (skinny),
// one side past the shared-memory limit (rows staged in the workspace), both orientations.
using rect_param = std::tuple<std::size_t, std::pair<std::int64_t, std::int64_t>>;

class InplaceRectangular : public ::testing::TestWithParam<rect_param> {};

TEST_P(InplaceRectangular, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const auto [e, shape] = GetParam();
  for (const bool flip : {false, true}) {
    const std::int64_t r = flip ? shape.second : shape.first, c = flip ? shape.first : shape.second;
    for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{2}}) {
      if (batch == 2 && r * c * static_cast<std::int64_t>(e) > (std::int64_t{16} << 20)) continue;
      EXPECT_TRUE(run_inplace({e, r, c, batch, 0, static_cast<std::uint64_t>(r * 1000003 + c * 7 + e)}));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, InplaceRectangular,
    ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4, 8, 16),
                       ::testing::Values(std::pair<std::int64_t, std::int64_t>{2, 3}, std::pair<std::int64_t, std::int64_t>{3, 5},
                                         std::pair<std::int64_t, std::int64_t>{2, 1000}, std::pair<std::int64_t, std::int64_t>{4, 6},
                                         std::pair<std::int64_t, std::int64_t>{31, 33}, std::pair<std::int64_t, std::int64_t>{32, 64},
                                         std::pair<std::int64_t, std::int64_t>{33, 4097}, std::pair<std::int64_t, std::int64_t>{7, 12345},
                                         std::pair<std::int64_t, std::int64_t>{64, 1024}, std::pair<std::int64_t, std::int64_t>{257, 1000},
                                         std::pair<std::int64_t, std::int64_t>{1000, 1024}, std::pair<std::int64_t, std::int64_t>{997, 1009},
                                         std::pair<std::int64_t, std::int64_t>{3, 100000}, std::pair<std::int64_t, std::int64_t>{2, 300001},
                                         std::pair<std::int64_t, std::int64_t>{31, 70000}, std::pair<std::int64_t, std::int64_t>{1, 777})));

// Stacks of k squares (core/stacked_squares.hpp): squares plus a cycle-following row
// permutation. Each shape is asserted to take that path; short cycles (3) and long ones
// (68, 119), sides with 16-, 8- and 4-byte pieces, both orientations, pointers 16-byte
// aligned, element-aligned and byte-offset (narrower pieces), batches.
class InplaceStackedSquares : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceStackedSquares, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const std::pair<std::int64_t, std::int64_t> stacks[] = {{256, 16}, {1024, 2}, {512, 16}, {2048, 2},
                                                          {512, 3},  {333, 5},  {1000, 5}, {500, 2}};
  int taken = 0;
  for (const auto& [n, k] : stacks) {
    for (const bool tall : {true, false}) {
      const std::int64_t r = tall ? k * n : n, c = tall ? n : k * n;
      if (!detail::make_stacked_squares_plan(r, c, ei).use) continue;
      ++taken;
      const std::vector<std::size_t> offsets = e == 1 ? std::vector<std::size_t>{0, 1} : std::vector<std::size_t>{0, e, 1};
      for (const std::size_t offset : offsets) {
        for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{2}}) {
          if (batch == 2 && r * c * ei > (std::int64_t{32} << 20)) continue;
          EXPECT_TRUE(run_inplace({e, r, c, batch, offset, static_cast<std::uint64_t>(r * 131 + c + offset + batch)}));
        }
      }
    }
  }
  EXPECT_GE(taken, 4) << "too few shapes take the stacked-squares path";
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceStackedSquares, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// R x L and L x R, R = 2 to 7 (core/row_interleave_schedule.hpp: row copies and three
// interleaves): lengths around the limit up to which one block stages the whole matrix,
// around the block boundaries, odd lengths (rows that start anywhere: the copies' funnel
// shifts); pointers 16-byte aligned (vector path), element-aligned only (element path)
// and byte offsets (byte-wise elements); batches of 1 and 3 (with odd lengths, matrices 1
// and 2 start unaligned; up to 16 MiB a matrix).
class InplaceRowInterleave : public ::testing::TestWithParam<std::tuple<int, std::size_t>> {};

TEST_P(InplaceRowInterleave, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const auto [R, e] = GetParam();
  const std::int64_t lim = detail::row_interleave_staged_limit(R, static_cast<std::int64_t>(e));
  const std::int64_t lengths[] = {3, 17, lim - 1, lim, lim + 1, lim + 17, 2 * lim - 5, 2 * lim + 33, 100003,
                                  std::int64_t{1} << 20, (std::int64_t{1} << 20) + 5};
  const std::size_t offsets[] = {0, e < 16 ? e : std::size_t{0}, e > 1 ? std::size_t{1} : std::size_t{0}};
  for (const std::int64_t L : lengths) {
    for (const bool wide : {true, false}) {
      for (const std::size_t offset : offsets) {
        for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{3}}) {
          const std::int64_t r = wide ? R : L, c = wide ? L : R;
          if (batch == 3 && R > 3 && r * c * static_cast<std::int64_t>(e) > (std::int64_t{16} << 20)) continue;
          EXPECT_TRUE(run_inplace({e, r, c, batch, offset, static_cast<std::uint64_t>(L * 31 + offset + batch + R)}));
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(RowsAndElementSizes, InplaceRowInterleave,
                         ::testing::Combine(::testing::Range(2, detail::kMaxInterleaveRows + 1),
                                            ::testing::Values<std::size_t>(1, 2, 4, 8, 16)));

// A short side of 8 to 64 as blocks (core/skinny_blocks.hpp): split cycle walks plus
// small transposes. Short sides around the interleave kernel's limits (8 and 9 rows, 32),
// the general kernel's (50, 64); long sides that are powers of two, 3 * 2^k and odd
// (15015 = 3 * 5 * 7 * 11 * 13); both orientations; 16-byte aligned pointers (the
// interleave kernel where it stages), element-aligned and byte-offset ones (the general
// kernel, narrower pieces); batches of 1 and 3 through one workspace.
class InplaceSkinnyBlocks : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceSkinnyBlocks, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const std::size_t offsets[] = {0, e < 16 ? e : std::size_t{0}, e > 1 ? std::size_t{1} : std::size_t{0}};
  int taken = 0, interleaved = 0;
  for (const std::int64_t s : {8, 9, 16, 31, 32, 50, 64}) {
    for (const std::int64_t L : {std::int64_t{3} * 4096, std::int64_t{15015}, std::int64_t{1} << 17}) {
      for (const bool wide : {true, false}) {
        const std::int64_t r = wide ? s : L, c = wide ? L : s;
        for (const std::size_t offset : offsets) {
          const auto sb = detail::make_skinny_blocks_plan(r, c, ei, offset == 0);
          if (!sb.use) continue;
          ++taken;
          interleaved += sb.kernel == detail::block_kernel::interleave;
          for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{3}}) {
            if (batch == 3 && r * c * ei > (std::int64_t{8} << 20)) continue;
            EXPECT_TRUE(run_inplace({e, r, c, batch, offset, static_cast<std::uint64_t>(s * 7919 + L + offset + batch)}));
          }
        }
      }
    }
  }
  EXPECT_GE(taken, 60) << "too few shapes take the skinny-blocks path";
  if (e <= 4) EXPECT_GE(interleaved, 10) << "too few shapes take the interleave kernel for the blocks";
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceSkinnyBlocks, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// Wide matrices of 8 to 64 rows of 2, 4 and 8 bytes on 16-byte aligned rows take the hold sweep
// (core/hold_sweep.hpp) where its plan fits the device, and of 1 byte too (one or four output
// vectors a thread, hold_bytes_gather_one_vector; four with the lane rotation where the bank
// model says, core/hold_gather.hpp); 16-byte elements,
// element-aligned pointers and rows that are not whole vectors keep the skinny blocks. Short sides at the
// path's ends and past them (8, 31, 64), rows of 1 MiB and a few vectors more (mirror cells that
// differ by one element, side slots), batches of 2 through one workspace, and each shape
// element-aligned too; for 4 and 8 bytes, rows of 8 MiB, whose rounds fill the registers. The
// plan must take the aligned shapes up to 31 rows at this device's size.
class InplaceHoldSweep : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceHoldSweep, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const std::int64_t V = 16 / ei, base = (std::int64_t{1} << 20) / ei;  // elements of a 1 MiB row
  const int sms = device_sms();
  const auto plan = std::make_unique<detail::hold_plan>();
  std::uint64_t seed = 5000 + e;
  for (const std::int64_t s : {8, 31, 64}) {
    for (const std::int64_t L : {base, base + V, base + 37 * V}) {
      detail::make_hold_plan(*plan, s, L, ei, sms, detail::kHoldTileBytes);
      // 64 rows need more pairs than the kernel's parameter holds: the skinny blocks.
      if (e == 4 || e == 8) EXPECT_EQ(plan->use, s <= 31) << s << " x " << L;
      // Bytes and 2-byte elements: these rows of 1 MiB fit a plan, and 8 and 31 rows of bytes take it.
      if (e <= 2 && s <= 31) EXPECT_TRUE(plan->use) << s << " x " << L;
      if (e == 1 && s <= 31) EXPECT_FALSE(plan->gather_one_vector) << s << " x " << L;
      EXPECT_TRUE(run_inplace({e, s, L, 1, 0, ++seed}));
      EXPECT_TRUE(run_inplace({e, s, L, 1, e, ++seed}));  // element-aligned, not 16-byte: the skinny blocks
    }
  }
  EXPECT_TRUE(run_inplace({e, 17, base + 3 * V, 2, 0, ++seed}));
  EXPECT_TRUE(run_inplace({e, 48, base / 2 + 5 * V, 2, 0, ++seed}));
  // Bytes: 12 rows gather one vector a thread, 36 and 20 rows four, rotated (2-byte elements:
  // 20 rows rotated too).
  EXPECT_TRUE(run_inplace({e, 12, base + V, 1, 0, ++seed}));
  EXPECT_TRUE(run_inplace({e, 36, base + V, 1, 0, ++seed}));
  EXPECT_TRUE(run_inplace({e, 20, base + V, 1, 0, ++seed}));
  if (e <= 2) {
    const auto rotated = [&] {
      for (int r = 0; r < plan->rounds; ++r) {
        if (plan->round[r].rotation != 0) return true;
      }
      return false;
    };
    detail::make_hold_plan(*plan, 12, base + V, ei, sms, detail::kHoldTileBytes);
    EXPECT_EQ(plan->gather_one_vector, e == 1);
    for (const std::int64_t s : {20, 36}) {
      detail::make_hold_plan(*plan, s, base + V, ei, sms, detail::kHoldTileBytes);
      EXPECT_TRUE(plan->use) << s << " rows";
      EXPECT_FALSE(plan->gather_one_vector) << s << " rows";
      EXPECT_TRUE(rotated()) << s << " rows";
    }
  }
  // Bytes and 2-byte elements in plans of many rounds (31 rows of 4 MiB: six or more).
  if (e <= 2) EXPECT_TRUE(run_inplace({e, 31, 4 * base + V, 1, 0, ++seed}));
  if (e == 4 || e == 8) {
    // Rows of 8 MiB and a vector: rounds of three rows whose moves and carry fill a thread's
    // registers from both ends (on 132 SMs they meet: 23 of the 24 slots; the 1 MiB rows above
    // use far fewer).
    const std::int64_t L = 8 * base + V;
    detail::make_hold_plan(*plan, 31, L, ei, sms, detail::kHoldTileBytes);
    ASSERT_TRUE(plan->use);
    std::int64_t fullest = 0;
    for (int r = 0; r + 1 < plan->rounds; ++r) {
      const detail::hold_round& R = plan->round[r];
      const std::int64_t carry = detail::hold_carry_vectors(R.a, R.b, plan->round[r + 1].W, V);
      fullest = std::max(fullest, (R.chunks + sms - 1) / sms + (carry + detail::kHoldThreads - 1) / detail::kHoldThreads);
    }
    if (sms >= 132) EXPECT_GE(fullest, detail::kHoldVectors - 2);
    EXPECT_TRUE(run_inplace({e, 31, L, 1, 0, ++seed}));
  }
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceHoldSweep, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// Tall matrices of 8 to 64 columns of 1, 2, 4 and 8 bytes, rows of the wide view (the long side)
// whole 16-byte vectors, take the hold sweep's rounds run backwards where the wide plan fits;
// the same shapes as InplaceHoldSweep turned over: columns at the path's ends and between (8,
// 9, 17, 31, 33, 64), long sides of 1 MiB and a few vectors more (mirror cells one element
// short, side slots, moves whose backward destination takes a vector more), batches of 2, each
// shape element-aligned too (the skinny blocks), and plans of many rounds.
class InplaceHoldUnsweep : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceHoldUnsweep, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const std::int64_t V = 16 / ei, base = (std::int64_t{1} << 20) / ei;
  const int sms = device_sms();
  const auto plan = std::make_unique<detail::hold_plan>();
  std::uint64_t seed = 7000 + e;
  for (const std::int64_t s : {8, 9, 17, 31, 33, 64}) {
    for (const std::int64_t L : {base, base + V, base + 37 * V}) {
      detail::make_hold_plan(*plan, s, L, ei, sms, detail::kHoldTileBytes, /*inverse=*/true);
      if (e <= 8 && s <= 31) EXPECT_TRUE(plan->use) << L << " x " << s;
      EXPECT_TRUE(run_inplace({e, L, s, 1, 0, ++seed}));
      if (s == 31) EXPECT_TRUE(run_inplace({e, L, s, 1, e, ++seed}));  // element-aligned: the skinny blocks
    }
  }
  EXPECT_TRUE(run_inplace({e, base + 3 * V, 17, 2, 0, ++seed}));
  EXPECT_TRUE(run_inplace({e, base / 2 + 5 * V, 48, 2, 0, ++seed}));
  EXPECT_TRUE(run_inplace({e, 4 * base + V, 31, 1, 0, ++seed}));  // bytes: six or more rounds
  if (e == 4 || e == 8) {
    // Long sides of 8 MiB and a vector: moves and carry meet in a thread's registers.
    detail::make_hold_plan(*plan, 31, 8 * base + V, ei, sms, detail::kHoldTileBytes, /*inverse=*/true);
    EXPECT_TRUE(plan->use);
    EXPECT_GT(plan->rounds, 4);
    EXPECT_TRUE(run_inplace({e, 8 * base + V, 31, 1, 0, ++seed}));
  }
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceHoldUnsweep, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// The backward sweep's kernels on plans the device's rule leaves to the skinny blocks (on an
// H200: bytes from 3M + 1 rows, 2-byte elements from 3 rounds), launched directly with
// every_plan, so that every device runs them: random data, the workspace poisoned, every element
// compared with the input on the GPU.
template <class T>
::testing::AssertionResult run_unsweep_every_plan(std::int64_t rows, std::int64_t cols, std::uint64_t seed) {
  constexpr std::size_t e = sizeof(T);
  const std::size_t bytes = static_cast<std::size_t>(rows * cols) * e;
  std::size_t ws_bytes = 0;
  if (xpose_transpose_inplace_workspace_size(rows, cols, e, &ws_bytes) != XPOSE_SUCCESS) {
    return ::testing::AssertionFailure() << "workspace query: " << xpose_last_error_message();
  }
  tooling::device_buffer data(bytes), original(bytes), ws(ws_bytes);
  tooling::fill_random(data.get(), bytes, e, seed);
  XPOSE_TOOLING_CUDA(cudaMemcpy(original.get(), data.get(), bytes, cudaMemcpyDeviceToDevice));
  XPOSE_TOOLING_CUDA(cudaMemset(ws.get(), tooling::kPoison, ws_bytes));
  XPOSE_TOOLING_CUDA(cudaDeviceSynchronize());
  if (!detail::launch_inplace_hold_unsweep<T>(static_cast<T*>(data.get()), 1, rows, cols, ws.get(), ws_bytes, nullptr,
                                              /*every_plan=*/true)) {
    return ::testing::AssertionFailure() << rows << " x " << cols << ": the backward sweep did not take it";
  }
  const cudaError_t sync = cudaDeviceSynchronize();
  if (sync != cudaSuccess) return ::testing::AssertionFailure() << cudaGetErrorString(sync);
  const std::int64_t wrong =
      tooling::count_transpose_mismatches(original.get(), data.get(), 1, rows, cols, e, cols, rows, rows * cols, rows * cols);
  if (wrong != 0) return ::testing::AssertionFailure() << rows << " x " << cols << ", " << e << " bytes: " << wrong << " wrong";
  return ::testing::AssertionSuccess();
}

TEST(InplaceHoldUnsweep, PlansTheDeviceRuleSkipsMatchReference) {
  XPOSE_REQUIRE_GPU();
  const int sms = device_sms();
  const auto plan = std::make_unique<detail::hold_plan>();
  struct tall {
    std::int64_t e, L, s;
  };
  const tall cases[] = {{1, (4 << 20) + 16, 31}, {1, (8 << 20) + 16, 24}, {2, (2 << 20) + 8, 16}, {2, (2 << 20) + 8, 24}};
  std::uint64_t seed = 9300;
  for (const tall& c : cases) {
    detail::make_hold_plan(*plan, c.s, c.L, c.e, sms, detail::kHoldTileBytes, /*inverse=*/true);
    ASSERT_TRUE(plan->use) << c.L << " x " << c.s;
    EXPECT_FALSE(detail::hold_unsweep_takes(plan->rounds, c.L, c.e, 6016)) << c.L << " x " << c.s << ": " << plan->rounds
                                                                       << " rounds, which an H200 takes";
    EXPECT_TRUE(c.e == 1 ? run_unsweep_every_plan<std::uint8_t>(c.L, c.s, ++seed)
                         : run_unsweep_every_plan<std::uint16_t>(c.L, c.s, ++seed));
  }
}

// A host thread keeps the plans of its last few shapes of each direction (hold_sweep_device.cuh,
// plan_for): calls that alternate between more shapes than that, wide and tall, in one order and
// back, each find their own plan again or make it anew, and every result matches.
TEST(InplaceHoldPlans, AlternatingShapesEachFindTheirPlan) {
  XPOSE_REQUIRE_GPU();
  const int sms = device_sms();
  const auto plan = std::make_unique<detail::hold_plan>();
  for (const std::size_t e : {std::size_t{1}, std::size_t{4}}) {
    const auto ei = static_cast<std::int64_t>(e);
    const std::int64_t L = (std::int64_t{1} << 19) / ei + 16;
    const std::int64_t sides[] = {9, 10, 12, 14, 17, 20, 24, 28, 31, 40};  // more than the plans a thread keeps
    std::vector<inplace_case> cases;
    for (const std::int64_t s : sides) {
      for (const bool tall : {false, true}) {
        detail::make_hold_plan(*plan, s, L, ei, sms, detail::kHoldTileBytes, tall);
        EXPECT_TRUE(plan->use) << s << " x " << L << (tall ? ", tall" : "");
        cases.push_back({e, tall ? L : s, tall ? s : L, 1, 0, 0});
      }
    }
    std::uint64_t seed = 9100 + e;
    const auto run_all = [&](auto first, auto last) {
      for (auto c = first; c != last; ++c) {
        inplace_case k = *c;
        k.seed = ++seed;
        EXPECT_TRUE(run_inplace(k));
      }
    };
    run_all(cases.begin(), cases.end());
    run_all(cases.rbegin(), cases.rend());
    for (int i = 0; i < 3; ++i) run_all(cases.begin(), cases.begin() + 4);  // two shapes each way: cached
  }
}

// Rows that fit in shared memory once the short side is split (core/coprime_core.hpp): a
// column op and a row op. Coprime sides (e = 1 or a larger divisor of the short side),
// common factors split off (e = 3, 5, 7, 8, 19, 32, 243), short sides from 5 up, a one-row grid
// (b = 1: the row op alone), both orientations, 16-byte aligned and element-aligned
// pointers (lines starting anywhere in their 16-byte chunks), batches of 1 and 3. Each
// shape must take the path on this device.
class InplaceCoprimeCore : public ::testing::TestWithParam<std::size_t> {};

int device_shared_optin() {
  int device = 0, optin = 0;
  EXPECT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), cudaSuccess);
  return optin;
}

// The coprime core's plan for a shape the in-place dispatch gives that path (square, stacked
// squares, 2 or 3 rows and skinny blocks come first, inplace.cpp); use = false otherwise.
detail::coprime_core_plan coprime_core_path(std::int64_t r, std::int64_t c, std::int64_t ei, int optin) {
  if (std::min(r, c) <= 3 || detail::make_stacked_squares_plan(r, c, ei).use ||
      detail::make_skinny_blocks_plan(r, c, ei, true).use || detail::make_skinny_blocks_plan(r, c, ei, false).use) {
    return {};
  }
  return detail::make_coprime_core_plan(r, c, ei, optin);
}

TEST_P(InplaceCoprimeCore, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const int optin = device_shared_optin();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {
      {1001, 300}, {999, 1000}, {1234, 567}, {777, 1234}, {4096, 1000}, {96, 1000},  {65, 12345},
      {5, 7},      {7, 12347},  {405, 243},  {2187, 100}, {2000, 1501}, {160, 3001}, {12345, 678}};
  const std::size_t offsets[] = {0, e < 16 ? e : std::size_t{0}};
  // Stages too full for the congruent line pitch keep the plan's (coprime_congruent_stage_bytes):
  // one such shape each for bytes and 2-byte elements here; 12345 x 6789 fp32 in InplaceLarge.
  std::vector<std::pair<std::int64_t, std::int64_t>> all(std::begin(shapes), std::end(shapes));
  if (e == 1) all.push_back({189, 12777});
  if (e == 2) all.push_back({189, 15321});
  const int sms = device_sms();
  int taken = 0, one_row = 0, congruent = 0, plan_stage = 0;
  for (const auto& [r0, c0] : all) {
    for (const bool transpose_shape : {false, true}) {
      const std::int64_t r = transpose_shape ? c0 : r0, c = transpose_shape ? r0 : c0;
      const auto plan = coprime_core_path(r, c, ei, optin);
      if (!plan.use) continue;
      ++taken;
      one_row += plan.core.b == 1;
      for (const std::size_t offset : offsets) {
        for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{3}}) {
          if (plan.core.b > 1 && plan.column_cluster == 1) {
            const std::int64_t strip = detail::coprime_column_launch_strip(plan, batch, sms, ei);
            ++(detail::coprime_congruent_stage_bytes(plan, strip, ei, optin) > 0 ? congruent : plan_stage);
          }
          EXPECT_TRUE(run_inplace({e, r, c, batch, offset, static_cast<std::uint64_t>(r * 31 + c + offset + batch)}));
        }
      }
    }
  }
  EXPECT_GE(taken, e >= 8 ? 16 : 20) << "too few shapes take the coprime-core path";
  EXPECT_GE(one_row, 1) << "no shape had a one-row grid";
  EXPECT_GE(congruent, 20) << "too few column ops take the congruent stage";
  if (e <= 2) EXPECT_GE(plan_stage, 1) << "no column op kept the plan's stage";
}

// The cases each cluster path of the coprime core runs for one shape: batches of 1 and 2 at a
// 16-byte-aligned pointer, and one matrix at an element offset (16-byte elements have none).
void run_cluster_cases(std::size_t e, std::int64_t r, std::int64_t c, std::uint64_t seed) {
  EXPECT_TRUE(run_inplace({e, r, c, 1, 0, seed}));
  EXPECT_TRUE(run_inplace({e, r, c, 2, 0, seed + 1}));
  if (e < 16) EXPECT_TRUE(run_inplace({e, r, c, 1, e, seed + 2}));
}

// Grid rows longer than one block's shared memory: a cluster of 2 to 5 blocks stages each row
// (coprime sides, and common factors split off: 14000 x 405 has e = 5, 12345 x 678 e = 3).
TEST_P(InplaceCoprimeCore, ClusterRowsMatchReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const int optin = device_shared_optin();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {
      {240007, 67}, {300007, 101}, {250000, 77}, {120011, 101}, {60013, 131}, {30011, 257}, {20011, 67},
      {15013, 131}, {40009, 67},   {12345, 678}, {14000, 405},  {100003, 71}, {50021, 89}, {30011, 67}, {35023, 97}};
  int taken = 0;
  for (const auto& [r0, c0] : shapes) {
    for (const bool transpose_shape : {false, true}) {
      const std::int64_t r = transpose_shape ? c0 : r0, c = transpose_shape ? r0 : c0;
      if (r * c * ei > (std::int64_t{32} << 20)) continue;
      const auto plan = coprime_core_path(r, c, ei, optin);
      if (!plan.use || plan.row_cluster < 2) continue;
      ++taken;
      run_cluster_cases(e, r, c, static_cast<std::uint64_t>(r * 7 + c));
    }
  }
  EXPECT_GE(taken, 4) << "too few shapes take the cluster row op";
}

// Narrow column-op runs (below 32 bytes, 64 for 16-byte elements): a cluster of blocks
// stages each strip, every block its share of the grid rows (coprime_widen_column_runs).
// Both forms for 4-, 8- and 16-byte elements (e = 2 or 3 split off), batches of 1 and 2,
// element-offset pointers. 1- and 2-byte elements never take it.
TEST_P(InplaceCoprimeCore, ColumnClustersMatchReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const int optin = device_shared_optin();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {{324, 11918}, {243, 16773}, {13154, 332},
                                                          {14302, 336}, {13646, 86},  {248, 8714}};
  int taken = 0;
  for (const auto& [r, c] : shapes) {
    if (r * c * ei > (std::int64_t{40} << 20)) continue;
    const auto plan = coprime_core_path(r, c, ei, optin);
    if (!plan.use || plan.column_cluster < 2) continue;
    ++taken;
    EXPECT_LE(plan.column_cluster, detail::kCoprimeColumnClusterMax);
    run_cluster_cases(e, r, c, static_cast<std::uint64_t>(r * 5 + c));
  }
  if (e < 4) {
    EXPECT_EQ(taken, 0) << e << "-byte elements took a column-op cluster";
  } else {
    EXPECT_GE(taken, 2) << "too few shapes take a column-op cluster";
  }
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceCoprimeCore, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// Column-op clusters of three and four blocks need grid rows of thousands of one-element
// super-elements: 12345 x 10001 with 16-byte elements (16 -> 64-byte runs on 3 blocks) and
// 16767 x 11885 with 8-byte ones (8 -> 56-byte runs on 4), both GPU-checked.
TEST(InplaceLarge, ColumnClustersOfThreeAndFour) {
  XPOSE_REQUIRE_GPU();
  const int optin = device_shared_optin();
  const auto three = coprime_core_path(12345, 10001, 16, optin);
  const auto four = coprime_core_path(16767, 11885, 8, optin);
  ASSERT_TRUE(three.use && four.use);
  EXPECT_EQ(three.column_cluster, 3);
  EXPECT_EQ(four.column_cluster, 4);
  EXPECT_TRUE(run_inplace({16, 12345, 10001, 1, 0, 21}));
  EXPECT_TRUE(run_inplace({8, 16767, 11885, 1, 0, 22}));
}

// The wide row op's whole-sector stride (inplace_coprime_core.cu, wide_groups_of): rows of e
// = 15 bytes (960 of 1024 threads), 2-byte elements of e = 15 and e = 5 (960), each row's
// threads shifted to its first sector boundary. Odd row lengths and an element offset put the
// rows at every offset in a sector; a batch of 2 starts the second matrix elsewhere again.
TEST(InplaceLarge, WideRowsOnWholeSectors) {
  XPOSE_REQUIRE_GPU();
  const int optin = device_shared_optin();
  for (const auto& [e, r, c, core_e] : {std::tuple<std::size_t, std::int64_t, std::int64_t, std::int64_t>{1, 12345, 6789, 15},
                                        {2, 12345, 6789, 15},
                                        {1, 12345, 10001, 15},
                                        {2, 12345, 10001, 5}}) {
    const auto plan = coprime_core_path(r, c, static_cast<std::int64_t>(e), optin);
    ASSERT_TRUE(plan.use && !plan.core.tall && plan.row_cluster == 1) << r << " x " << c << ", " << e << " bytes";
    EXPECT_EQ(plan.core.e, core_e) << r << " x " << c << ", " << e << " bytes";
    EXPECT_TRUE(run_inplace({e, r, c, 1, 0, static_cast<std::uint64_t>(r + c + e)}));
    EXPECT_TRUE(run_inplace({e, r, c, 1, e, static_cast<std::uint64_t>(r + c + e + 1)}));
  }
  EXPECT_TRUE(run_inplace({1, 2000, 1503, 2, 1, 31}));  // a batch of two at a byte offset
}

// Sides with a large common divisor d (core/square_grid.hpp): d x d squares transposed where
// they lie, then split cycle walks of their rows. Squares whose side is no multiple of the
// tile (masked edge vectors), runs below and above 4 KiB (the split points' walks in the
// candidate windows or in their own launch), short sides from 65 (one workspace line) up,
// both orientations, 16-byte aligned, 8-byte aligned (1- and 2-byte squares of 8-byte
// micro-tile regions), element-aligned (scalar squares unless rows stay 16-byte aligned) and
// byte-offset pointers (byte-wise pieces), batches of 1 and 3 through one workspace. Each
// shape must take the path on this device.
class InplaceSquareGrid : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceSquareGrid, MatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const auto ei = static_cast<std::int64_t>(e);
  const int optin = device_shared_optin();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {
      {1000, 1500}, {4800, 3600}, {768, 512},   {300, 500},   {130, 195},   {2000, 1400}, {65, 910},  {6000, 4200},
      {1024, 1536}, {2400, 1800}, {3000, 2000}, {5000, 3000}, {2560, 1536}, {4000, 6000}, {3600, 2700}};
  std::vector<std::size_t> offsets = {0, e < 16 ? e : std::size_t{0}, e > 1 ? std::size_t{1} : std::size_t{0}};
  if (e <= 2) offsets.push_back(8);
  int taken = 0;
  for (const auto& [r0, c0] : shapes) {
    for (const bool flip : {false, true}) {
      const std::int64_t r = flip ? c0 : r0, c = flip ? r0 : c0;
      if (!detail::make_square_grid_plan(r, c, ei).use || coprime_core_path(r, c, ei, optin).use) continue;
      if (r * c * ei > (std::int64_t{256} << 20)) continue;
      ++taken;
      for (const std::size_t offset : offsets) {
        for (const std::int64_t batch : {std::int64_t{1}, std::int64_t{3}}) {
          if (batch == 3 && r * c * ei > (std::int64_t{24} << 20)) continue;
          EXPECT_TRUE(run_inplace({e, r, c, batch, offset, static_cast<std::uint64_t>(r * 31 + c + offset + batch)}));
        }
      }
    }
  }
  EXPECT_GE(taken, 12) << "too few shapes take the square grid";
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceSquareGrid, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// Every in-place path on a non-blocking user stream, and captured into a CUDA graph (global
// capture mode) and replayed: square tile pairs and regions, stacked squares, row
// interleaves (several launches chained by programmatic dependent launch, workspace copies),
// skinny blocks (split walks through the workspace), the coprime core, the square grid, a
// cluster row op; element-offset pointers and batches in the graph; then seeded random shapes
// in the graph, whichever paths they take. Until the stream check stopped calling
// cudaStreamGetDevice on a capturing stream, every captured call failed.
class InplaceStreamsAndGraphs : public ::testing::TestWithParam<std::size_t> {};

TEST_P(InplaceStreamsAndGraphs, EveryPathMatchesReference) {
  XPOSE_REQUIRE_GPU();
  const std::size_t e = GetParam();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {
      {1000, 1000}, {1024, 1024}, {8192, 512}, {2, 100003}, {100003, 2}, {3, 1048581}, {1048581, 3},
      {31, 12288},  {12288, 31},  {1234, 567}, {567, 1234}, {1000, 1500}, {30011, 67}};
  std::uint64_t seed = 77;
  for (const auto& [r, c] : shapes) {
    EXPECT_TRUE(run_inplace({e, r, c, 1, 0, ++seed, issued::user_stream}));
    EXPECT_TRUE(run_inplace({e, r, c, 1, 0, ++seed, issued::graph}));
    if (e < 16) EXPECT_TRUE(run_inplace({e, r, c, 1, e, ++seed, issued::graph}));
    if (r * c * static_cast<std::int64_t>(e) <= (std::int64_t{8} << 20)) {
      EXPECT_TRUE(run_inplace({e, r, c, 2, 0, ++seed, issued::graph}));
    }
  }
  std::mt19937_64 rng(20261126 + e);
  for (int i = 0; i < 40; ++i) {
    const auto r = static_cast<std::int64_t>(1 + rng() % 3000), c = static_cast<std::int64_t>(1 + rng() % 3000);
    EXPECT_TRUE(run_inplace({e, r, c, 1, 0, ++seed, issued::graph}));
  }
}

INSTANTIATE_TEST_SUITE_P(ElementSizes, InplaceStreamsAndGraphs, ::testing::Values<std::size_t>(1, 2, 4, 8, 16));

// The targets' shapes at full size (GPU-checked above 64 MiB).
TEST(InplaceLarge, TargetShapes) {
  XPOSE_REQUIRE_GPU();
  const std::pair<std::int64_t, std::int64_t> shapes[] = {{8192, 4096}, {16384, 1024}, {30000, 7000}, {12345, 6789},
                                                          {2, 16777216}, {3, 5592405}, {5592405, 3},
                                                          {16777216, 2}, {31, 2097152}, {2097152, 31}};
  for (const std::size_t e : {1, 2, 4, 8, 16}) {
    for (const auto& [r, c] : shapes) {
      EXPECT_TRUE(run_inplace({e, r, c, 1, 0, static_cast<std::uint64_t>(r + c + e)}));
    }
  }
}

// Line permutations whose rows (max(rows, cols) elements) are longer than one block's shared
// memory but fit in a cluster's: 1200 x (240000 / e + 2) (288 MB, rows of 240 KB, two
// blocks), every element size, both orientations (the row op scatters for wide matrices and
// gathers for tall ones). Each shape is asserted to take the line permutations: the common
// factor 2 leaves the coprime core rows too long and the square grid 2-element squares.
TEST(InplaceLarge, LongRowsStagedOnClusters) {
  XPOSE_REQUIRE_GPU();
  const int optin = device_shared_optin();
  for (const std::size_t e : {1, 2, 4, 8, 16}) {
    const auto ei = static_cast<std::int64_t>(e);
    const std::int64_t s = 1200, L = 240000 / ei + 2;
    for (const bool tall : {false, true}) {
      const std::int64_t r = tall ? L : s, c = tall ? s : L;
      ASSERT_FALSE(detail::make_stacked_squares_plan(r, c, ei).use);
      ASSERT_FALSE(detail::make_square_grid_plan(r, c, ei).use);
      ASSERT_FALSE(detail::make_skinny_blocks_plan(r, c, ei, true).use || detail::make_skinny_blocks_plan(r, c, ei, false).use);
      ASSERT_FALSE(detail::make_coprime_core_plan(r, c, ei, optin).use) << r << " x " << c;
      ASSERT_GT(L * ei, optin);
      EXPECT_TRUE(run_inplace({e, r, c, 1, 0, static_cast<std::uint64_t>(r + 3 * c + e)}));
    }
  }
}

// Columns too long for one block's shared memory even one element wide (the short side above
// 227 KiB / elem_bytes): a cluster of blocks stages each strip. 16-byte elements, 14628 rows
// (3 blocks), both orientations; 8-byte elements, 29156 rows (5 blocks, 6.8 GB). Coprime
// sides: no square grid, and the coprime core's columns do not fit one block.
TEST(InplaceLarge, LongColumnsStagedOnClusters) {
  XPOSE_REQUIRE_GPU();
  const int optin = device_shared_optin();
  for (const auto& [e, r, c] : std::vector<std::tuple<std::size_t, std::int64_t, std::int64_t>>{
           {16, 14628, 14629}, {16, 14629, 14628}, {8, 29156, 29157}}) {
    const auto ei = static_cast<std::int64_t>(e);
    ASSERT_FALSE(detail::make_square_grid_plan(r, c, ei).use || detail::make_coprime_core_plan(r, c, ei, optin).use);
    EXPECT_TRUE(run_inplace({e, r, c, 1, 0, static_cast<std::uint64_t>(r + 7 * ei)}));
  }
}

// The same columns at a byte-offset pointer (byte-wise elements: no cluster loads) go
// through the workspace, one column per slot.
TEST(InplaceLarge, LongColumnsStagedInWorkspace) {
  XPOSE_REQUIRE_GPU();
  EXPECT_TRUE(run_inplace({16, 14628, 14629, 1, 1, 13}));
}

// Seeded random shapes in [1, 20000]^2, skewed toward edges (1, 2, 31, 33, primes, coprime
// neighbours), 2,000 of them, capped at 8 MiB each so the CPU reference checks every byte.
TEST(InplaceRandomized, RandomShapesMatchCpuReference) {
  XPOSE_REQUIRE_GPU();
  // XPOSE_RANDOM_SEED / XPOSE_RANDOM_CASES override the defaults (the sanitizer runs use fewer).
  const char* seed_env = std::getenv("XPOSE_RANDOM_SEED");
  const char* cases_env = std::getenv("XPOSE_RANDOM_CASES");
  const std::uint64_t seed = seed_env ? std::strtoull(seed_env, nullptr, 10) : 20261121;
  std::mt19937_64 rng(seed);
  const std::int64_t edges[] = {1, 2, 3, 7, 31, 32, 33, 63, 64, 65, 127, 4093, 4096, 4099, 19997, 20000};
  auto pick = [&]() -> std::int64_t {
    switch (rng() % 4) {
      case 0: return edges[rng() % (sizeof(edges) / sizeof(edges[0]))];
      case 1: return 1 + static_cast<std::int64_t>(rng() % 20000);
      default: {  // log-uniform, so small and large sides are equally common
        const double x = std::uniform_real_distribution<double>(0.0, std::log(20000.0))(rng);
        return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::exp(x)));
      }
    }
  };
  int ran = 0;
  const int kCases = cases_env ? static_cast<int>(std::strtol(cases_env, nullptr, 10)) : 2000;
  for (int i = 0; ran < kCases && i < 1000000; ++i) {
    inplace_case c;
    c.elem = std::size_t{1} << (rng() % 5);
    c.rows = pick();
    c.cols = rng() % 5 == 0 ? c.rows + 1 : pick();  // n x (n+1): coprime neighbours
    c.batch = rng() % 6 == 0 ? 2 : 1;
    c.offset = rng() % 5 == 0 && c.elem > 1 ? 1 + rng() % (c.elem - 1) : 0;
    c.seed = seed + static_cast<std::uint64_t>(i);
    if (c.batch * c.rows * c.cols * static_cast<std::int64_t>(c.elem) > (std::int64_t{8} << 20)) continue;
    ++ran;
    ASSERT_TRUE(run_inplace(c)) << "XPOSE_RANDOM_SEED=" << seed << " case " << i;
  }
  EXPECT_EQ(ran, kCases);
}

TEST(InplaceOffsets, ByteOffsetPointerUsesByteWiseElements) {
  XPOSE_REQUIRE_GPU();
  EXPECT_TRUE(run_inplace({4, 257, 257, 1, 1, 7}));
  EXPECT_TRUE(run_inplace({16, 100, 100, 2, 8, 8}));
  EXPECT_TRUE(run_inplace({4, 300, 77, 1, 2, 9}));
  EXPECT_TRUE(run_inplace({8, 5, 3000, 2, 3, 10}));
}

TEST(InplaceOffsets, TypedOverloads) {
  XPOSE_REQUIRE_GPU();
  const int rows = 200, cols = 300;
  std::vector<float> h(rows * cols), back(rows * cols);
  for (int i = 0; i < rows * cols; ++i) h[i] = static_cast<float>(i);
  tooling::device_buffer d(h.size() * 4);
  XPOSE_TOOLING_CUDA(cudaMemcpy(d.get(), h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  xpose::transpose_inplace(static_cast<float*>(d.get()), rows, rows);  // square: no workspace
  xpose::transpose_inplace(static_cast<float*>(d.get()), rows, rows);  // and back
  tooling::device_buffer ws(xpose::transpose_inplace_workspace_size(rows, cols, 4));
  xpose::transpose_inplace(static_cast<float*>(d.get()), rows, cols, ws.get(), ws.size());
  XPOSE_TOOLING_CUDA(cudaMemcpy(back.data(), d.get(), h.size() * 4, cudaMemcpyDeviceToHost));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) ASSERT_EQ(back[c * rows + r], h[r * cols + c]);
  }
}

TEST(InplaceErrors, WorkspaceTooSmallNamesTheNeededSize) {
  XPOSE_REQUIRE_GPU();
  tooling::device_buffer d(300 * 77 * 4), ws(300 * 4);
  EXPECT_EQ(xpose_transpose_inplace(d.get(), 300, 77, 4, ws.get(), 299 * 4, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("needs 1200 bytes"), std::string::npos)
      << xpose_last_error_message();
  EXPECT_EQ(xpose_transpose_inplace(d.get(), 300, 77, 4, ws.bytes() + 2, 1196, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_EQ(xpose_transpose_inplace(d.get(), 300, 77, 4, d.get(), 1200, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("overlaps"), std::string::npos) << xpose_last_error_message();
}

}  // namespace
}  // namespace xpose::testing
