// Bad input is rejected on the host, before any CUDA call, with a status and a message
// naming the argument and its value. These run on machines without a GPU: the fake
// pointers below are never dereferenced because validation fails first.
#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include "core/validate.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <thread>

namespace {

void* fake(std::uintptr_t a) { return reinterpret_cast<void*>(a); }
const std::uintptr_t kIn = 0x10000000, kOut = 0x20000000;

struct bad_call {
  const char* what;
  xpose_status_t want;
  const char* message_part;
  int64_t batch, rows, cols;
  size_t elem;
  int64_t ld_in, ld_out, stride_in, stride_out;
  std::uintptr_t in, out;
  int strategy;
};

class BadInput : public ::testing::TestWithParam<bad_call> {};

TEST_P(BadInput, IsRejectedWithNamedArgument) {
  const bad_call& c = GetParam();
  const xpose_status_t s =
      xpose_transpose_batched(fake(c.in), fake(c.out), c.batch, c.rows, c.cols, c.elem, c.ld_in, c.ld_out,
                              c.stride_in, c.stride_out, static_cast<xpose_strategy_t>(c.strategy), nullptr);
  EXPECT_EQ(s, c.want) << c.what << ": " << xpose_last_error_message();
  const std::string msg = xpose_last_error_message();
  EXPECT_NE(msg.find(c.message_part), std::string::npos) << c.what << ": message was '" << msg << "'";
  EXPECT_EQ(msg.rfind("xpose_transpose_batched: ", 0), 0u) << msg;
}

const bad_call kBadCalls[] = {
    {"null in", XPOSE_INVALID_ARGUMENT, "in = NULL", 1, 4, 4, 4, 0, 0, 0, 0, 0, kOut, 0},
    {"null out", XPOSE_INVALID_ARGUMENT, "out = NULL", 1, 4, 4, 4, 0, 0, 0, 0, kIn, 0, 0},
    {"negative rows", XPOSE_INVALID_ARGUMENT, "rows = -1", 1, -1, 4, 4, 0, 0, 0, 0, kIn, kOut, 0},
    {"negative cols", XPOSE_INVALID_ARGUMENT, "cols = -7", 1, 4, -7, 4, 0, 0, 0, 0, kIn, kOut, 0},
    {"negative batch", XPOSE_INVALID_ARGUMENT, "batch = -2", -2, 4, 4, 4, 0, 0, 0, 0, kIn, kOut, 0},
    {"elem_bytes 3", XPOSE_UNSUPPORTED, "elem_bytes = 3", 1, 4, 4, 3, 0, 0, 0, 0, kIn, kOut, 0},
    {"elem_bytes 32", XPOSE_UNSUPPORTED, "elem_bytes = 32", 1, 4, 4, 32, 0, 0, 0, 0, kIn, kOut, 0},
    {"elem_bytes 0", XPOSE_UNSUPPORTED, "elem_bytes = 0", 1, 4, 4, 0, 0, 0, 0, 0, kIn, kOut, 0},
    {"ld_in < cols", XPOSE_INVALID_ARGUMENT, "ld_in = 5 must be >= cols = 8", 1, 4, 8, 4, 5, 0, 0, 0, kIn, kOut, 0},
    {"ld_out < rows", XPOSE_INVALID_ARGUMENT, "ld_out = 3 must be >= rows = 4", 1, 4, 8, 4, 0, 3, 0, 0, kIn, kOut, 0},
    {"negative ld_in", XPOSE_INVALID_ARGUMENT, "ld_in = -8", 1, 4, 8, 4, -8, 0, 0, 0, kIn, kOut, 0},
    {"negative stride_in", XPOSE_INVALID_ARGUMENT, "stride_in = -1", 2, 4, 8, 4, 0, 0, -1, 0, kIn, kOut, 0},
    {"overlapping outputs", XPOSE_INVALID_ARGUMENT, "stride_out = 10", 2, 4, 8, 4, 0, 0, 0, 10, kIn, kOut, 0},
    {"unknown strategy", XPOSE_INVALID_ARGUMENT, "strategy = 99", 1, 4, 4, 4, 0, 0, 0, 0, kIn, kOut, 99},
    {"size overflows int64", XPOSE_INVALID_ARGUMENT, "overflows int64", 1, int64_t{1} << 40, int64_t{1} << 40, 4, 0, 0,
     0, 0, kIn, kOut, 0},
    {"bytes overflow int64", XPOSE_INVALID_ARGUMENT, "elem_bytes overflows int64", 1, int64_t{1} << 31,
     int64_t{1} << 30, 16, 0, 0, 0, 0, kIn, kOut, 0},
    {"in/out overlap", XPOSE_INVALID_ARGUMENT, "overlap", 1, 16, 16, 4, 0, 0, 0, 0, kIn, kIn + 512, 0},
    {"same buffer", XPOSE_INVALID_ARGUMENT, "overlap", 1, 16, 16, 4, 0, 0, 0, 0, kIn, kIn, 0},
    {"address wraps", XPOSE_INVALID_ARGUMENT, "wraps the address space", 1, 1024, 1024, 4, 0, 0, 0, 0,
     ~std::uintptr_t{0} - 4096, kOut, 0},
};

INSTANTIATE_TEST_SUITE_P(Validation, BadInput, ::testing::ValuesIn(kBadCalls));

TEST(Validation, EmptyMatrixIsANoOpEvenWithNullPointers) {
  EXPECT_EQ(xpose_transpose(nullptr, nullptr, 0, 100, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_SUCCESS);
  EXPECT_EQ(xpose_transpose(nullptr, nullptr, 100, 0, 4, 0, 0, XPOSE_NAIVE, nullptr), XPOSE_SUCCESS);
  EXPECT_EQ(xpose_transpose_batched(nullptr, nullptr, 0, 5, 5, 8, 0, 0, 0, 0, XPOSE_AUTO, nullptr), XPOSE_SUCCESS);
}

TEST(Validation, AdjacentBuffersDoNotOverlap) {
  // out starts exactly one byte past the last byte of in: valid, so validation passes.
  xpose::detail::request r;
  r.in = fake(kIn);
  r.out = fake(kIn + 16 * 16 * 4);
  r.rows = r.cols = 16;
  r.elem_bytes = 4;
  EXPECT_NO_THROW(xpose::detail::validate(r));
}

TEST(Validation, DefaultsResolveToPackedLayout) {
  xpose::detail::request r;
  r.in = fake(kIn);
  r.out = fake(kOut);
  r.batch = 3;
  r.rows = 7;
  r.cols = 9;
  r.elem_bytes = 2;
  const auto p = xpose::detail::validate(r);
  EXPECT_EQ(p.ld_in, 9);
  EXPECT_EQ(p.ld_out, 7);
  EXPECT_EQ(p.stride_in, 63);
  EXPECT_EQ(p.stride_out, 63);
}

TEST(Validation, SpanCountsLastElementOfStridedBatch) {
  // 2 matrices 3 x 4 with ld 6 and stride 20: last element at 20 + 2 * 6 + 3 = 35.
  EXPECT_EQ(xpose::detail::span_bytes(2, 3, 4, 6, 20, 8), 36 * 8);
}

TEST(Validation, CppApiThrowsTypedErrorWithSameMessage) {
  try {
    xpose::transpose(static_cast<const float*>(nullptr), static_cast<float*>(fake(kOut)), 4, 4);
    FAIL() << "expected xpose::error";
  } catch (const xpose::error& e) {
    EXPECT_EQ(e.code(), xpose::status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("in = NULL"), std::string::npos) << e.what();
  }
}

TEST(Validation, LastErrorMessageIsPerThread) {
  ASSERT_NE(xpose_transpose(nullptr, fake(kOut), 4, 4, 4, 0, 0, XPOSE_AUTO, nullptr), XPOSE_SUCCESS);
  const std::string mine = xpose_last_error_message();
  std::string theirs_before, theirs_after;
  std::thread t([&] {
    theirs_before = xpose_last_error_message();
    (void)xpose_transpose(fake(kIn), fake(kOut), 4, 4, 7, 0, 0, XPOSE_AUTO, nullptr);
    theirs_after = xpose_last_error_message();
  });
  t.join();
  EXPECT_EQ(theirs_before, "");
  EXPECT_NE(theirs_after.find("elem_bytes = 7"), std::string::npos) << theirs_after;
  EXPECT_EQ(std::string(xpose_last_error_message()), mine);
}

TEST(Validation, StatusStringsAreDistinctAndNamed) {
  for (int s = XPOSE_SUCCESS; s <= XPOSE_INTERNAL_ERROR; ++s) {
    const std::string text = xpose_status_string(static_cast<xpose_status_t>(s));
    EXPECT_EQ(text.rfind("XPOSE_", 0), 0u) << text;
  }
  EXPECT_STRNE(xpose_status_string(XPOSE_CUDA_ERROR), xpose_status_string(XPOSE_INVALID_ARGUMENT));
  EXPECT_NE(xpose_status_string(static_cast<xpose_status_t>(1234)), nullptr);
}

}  // namespace
