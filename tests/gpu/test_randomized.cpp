// Randomized differential test: a seeded generator of cases (shapes skewed toward edges,
// element sizes, strategies, leading-dimension slack, batches and strides, pointer
// offsets), each compared byte for byte with the CPU reference, guard bands included.
// XPOSE_RANDOM_SEED and XPOSE_RANDOM_CASES override the defaults; a failure prints the
// seed and the case so that it can be replayed.
#include "gpu_case.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

namespace xpose::testing {
namespace {

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

class case_generator {
 public:
  explicit case_generator(std::uint64_t seed) : rng_(seed) {}

  gpu_case next() {
    gpu_case c;
    static const std::size_t sizes[] = {1, 2, 4, 8, 16};
    c.elem_bytes = sizes[pick(5)];
    c.kernel = all_strategies[pick(7)];
    c.tile = all_tile_configs[pick(3)];
    c.rows = dimension();
    c.cols = dimension();
    if (chance(0.2)) c.batch = 1 + static_cast<std::int64_t>(pick(4));
    if (chance(0.02)) c.batch = 0;
    // Keep each case small enough that 2,000 of them take seconds.
    while (c.batch * c.rows * c.cols > (std::int64_t{1} << 21)) c.rows = c.rows / 2 + 1;
    if (chance(0.3)) c.ld_in_pad = static_cast<std::int64_t>(pick(18));
    if (chance(0.3)) c.ld_out_pad = static_cast<std::int64_t>(pick(18));
    if (c.batch > 1 && chance(0.5)) c.stride_in_pad = static_cast<std::int64_t>(pick(40));
    if (c.batch > 1 && chance(0.5)) c.stride_out_pad = static_cast<std::int64_t>(pick(40));
    if (chance(0.3)) {  // element-aligned offsets move rows off 16-byte boundaries
      c.in_offset = c.elem_bytes * pick(16 / c.elem_bytes + 1);
      c.out_offset = c.elem_bytes * pick(16 / c.elem_bytes + 1);
    } else if (c.elem_bytes > 1 && chance(0.1)) {  // offsets that are not element-aligned
      c.in_offset = 1 + pick(15);
      c.out_offset = 1 + pick(15);
    }
    c.batched_call = chance(0.5);
    c.seed = rng_();
    return c;
  }

 private:
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  std::int64_t dimension() {
    static const std::int64_t edges[] = {0,  1,  2,   3,   7,   15,  16,  17,  31,  32,   33,   63,  64,
                                         65, 97, 127, 128, 129, 255, 256, 257, 509, 1021, 2053, 4093, 5000};
    if (chance(0.5)) return edges[pick(sizeof edges / sizeof edges[0])];
    return chance(0.9) ? 1 + static_cast<std::int64_t>(pick(700)) : 1 + static_cast<std::int64_t>(pick(5000));
  }
  std::mt19937_64 rng_;
};

TEST(Randomized, DifferentialAgainstCpuReference) {
  XPOSE_REQUIRE_GPU();
  const std::uint64_t seed = env_or("XPOSE_RANDOM_SEED", 20261121);
  const std::uint64_t cases = env_or("XPOSE_RANDOM_CASES", 2000);
  case_generator gen(seed);
  int failures = 0;
  for (std::uint64_t i = 0; i < cases && failures < 5; ++i) {
    const gpu_case c = gen.next();
    const ::testing::AssertionResult r = run_case(c);
    if (!r) {
      ++failures;
      ADD_FAILURE() << "XPOSE_RANDOM_SEED=" << seed << " case " << i << ": " << r.message();
    }
  }
  RecordProperty("cases", static_cast<int>(cases));
}

}  // namespace
}  // namespace xpose::testing
