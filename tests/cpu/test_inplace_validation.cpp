// In-place API: the workspace rule and argument errors, decided on the host.
#include <xpose/xpose.h>
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

void* fake() { return reinterpret_cast<void*>(std::uintptr_t{0x10000000}); }

TEST(InplaceValidation, SquareNeedsNoWorkspace) {
  std::size_t bytes = 123;
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(4096, 4096, 4, &bytes), XPOSE_SUCCESS);
  EXPECT_EQ(bytes, 0u);
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(1, 1000, 16, &bytes), XPOSE_SUCCESS);
  EXPECT_EQ(bytes, 0u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(33, 33, 1), 0u);
}

TEST(InplaceValidation, RectangularNeedsOneLongSideOfWorkspace) {
  std::size_t bytes = 0;
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(65, 67, 4, &bytes), XPOSE_SUCCESS);
  EXPECT_EQ(bytes, 268u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(30000, 7000, 16), 110u * 480000u);  // the square grid
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(2, 16777216, 1), 16777216u);
  // A short side of 8 to 64: two lines (the skinny blocks' split points).
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(31, 2097152, 1), 2u * 2097152u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(1000, 8, 4), 2u * 1000u * 4u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(64, 65, 2), 2u * 65u * 2u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(65, 1000, 4), 1000u * 4u);
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(int64_t{1} << 30, int64_t{1} << 30, 1, &bytes),
            XPOSE_INVALID_ARGUMENT);  // 2^60 elements: past the 2^52 limit
}

// Three rows (or columns): rows 1 and 2, the second starting on a 16-element boundary,
// i.e. (round_up(L, 16) + L) elements, whatever the batch.
TEST(InplaceValidation, ThreeRowsNeedTwoLongSides) {
  std::size_t bytes = 0;
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(3, 5, 4, &bytes), XPOSE_SUCCESS);
  EXPECT_EQ(bytes, (16u + 5u) * 4u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(5592406, 3, 4), (5592416u + 5592406u) * 4u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(3, 32, 1), 64u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(33, 3, 16), (48u + 33u) * 16u);
  EXPECT_EQ(xpose_transpose_inplace(fake(), 3, 5, 4, reinterpret_cast<void*>(std::uintptr_t{0x30000000}), 83,
                                    nullptr),
            XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("needs 84 bytes"), std::string::npos)
      << xpose_last_error_message();
}

// Four to seven rows (or columns): rows 1 .. R-1, each but the last padded to 16 elements.
TEST(InplaceValidation, FourToSevenRowsNeedTheRowsAfterTheFirst) {
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(4, 5, 4), (16u + 16u + 5u) * 4u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(7, 1000, 4), (5u * 1008u + 1000u) * 4u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(2097152, 5, 1), 4u * 2097152u);
  EXPECT_EQ(xpose::transpose_inplace_workspace_size(6, 33, 16), (4u * 48u + 33u) * 16u);
}

TEST(InplaceValidation, RectangularWorkspaceIsChecked) {
  EXPECT_EQ(xpose_transpose_inplace(fake(), 65, 67, 4, nullptr, 0, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("needs 268 bytes"), std::string::npos)
      << xpose_last_error_message();
  EXPECT_EQ(xpose_transpose_inplace(fake(), 65, 67, 4, nullptr, 268, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("workspace = NULL"), std::string::npos);
  void* misaligned = reinterpret_cast<void*>(std::uintptr_t{0x20000002});
  EXPECT_EQ(xpose_transpose_inplace(fake(), 65, 67, 4, misaligned, 268, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("not aligned"), std::string::npos);
  void* inside = static_cast<char*>(fake()) + 8;
  EXPECT_EQ(xpose_transpose_inplace(fake(), 65, 67, 4, inside, 268, nullptr), XPOSE_INVALID_ARGUMENT);
  EXPECT_NE(std::string(xpose_last_error_message()).find("overlaps"), std::string::npos);
}

struct bad_inplace {
  const char* what;
  xpose_status_t want;
  const char* message_part;
  void* data;
  int64_t batch, rows, cols;
  size_t elem;
};

class InplaceBadInput : public ::testing::TestWithParam<bad_inplace> {};

TEST_P(InplaceBadInput, IsRejectedWithNamedArgument) {
  const auto& c = GetParam();
  EXPECT_EQ(xpose_transpose_inplace_batched(c.data, c.batch, c.rows, c.cols, c.elem, nullptr, 0, nullptr), c.want)
      << c.what;
  EXPECT_NE(std::string(xpose_last_error_message()).find(c.message_part), std::string::npos)
      << c.what << ": " << xpose_last_error_message();
}

INSTANTIATE_TEST_SUITE_P(
    Inplace, InplaceBadInput,
    ::testing::Values(bad_inplace{"null data", XPOSE_INVALID_ARGUMENT, "data = NULL", nullptr, 1, 8, 8, 4},
                      bad_inplace{"negative batch", XPOSE_INVALID_ARGUMENT, "batch = -1", fake(), -1, 8, 8, 4},
                      bad_inplace{"negative rows", XPOSE_INVALID_ARGUMENT, "rows = -3", fake(), 1, -3, -3, 4},
                      bad_inplace{"elem_bytes 12", XPOSE_UNSUPPORTED, "elem_bytes = 12", fake(), 1, 8, 8, 12},
                      bad_inplace{"overflow", XPOSE_INVALID_ARGUMENT, "overflows int64", fake(), 1 << 20,
                                  int64_t{1} << 25, int64_t{1} << 25, 4}));

TEST(InplaceValidation, NoOpShapesSucceedWithoutTouchingMemory) {
  // 0-sized, 1 x N and N x 1: the bytes do not move, so nothing is launched.
  EXPECT_EQ(xpose_transpose_inplace(nullptr, 0, 0, 4, nullptr, 0, nullptr), XPOSE_SUCCESS);
  EXPECT_EQ(xpose_transpose_inplace(fake(), 1, 1000, 4, nullptr, 0, nullptr), XPOSE_SUCCESS);
  EXPECT_EQ(xpose_transpose_inplace(fake(), 1000, 1, 8, nullptr, 0, nullptr), XPOSE_SUCCESS);
  std::size_t* null_out = nullptr;
  EXPECT_EQ(xpose_transpose_inplace_workspace_size(4, 4, 4, null_out), XPOSE_INVALID_ARGUMENT);
}

}  // namespace
