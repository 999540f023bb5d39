// Strategy and tile names round-trip, and the C and C++ enums agree.
#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

namespace {

TEST(Names, StrategiesRoundTrip) {
  for (const auto s : xpose::all_strategies) {
    const auto parsed = xpose::parse_strategy(xpose::to_string(s));
    ASSERT_TRUE(parsed.has_value()) << xpose::to_string(s);
    EXPECT_EQ(*parsed, s);
  }
  EXPECT_FALSE(xpose::parse_strategy("fastest").has_value());
}

TEST(Names, TileConfigsRoundTrip) {
  for (const auto t : xpose::all_tile_configs) {
    const auto parsed = xpose::parse_tile_config(xpose::to_string(t));
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(*parsed, t);
  }
  EXPECT_EQ(xpose::to_string(xpose::tile_config::tile16x16), "16x16");
}

TEST(Names, CAndCppEnumsAgree) {
  EXPECT_EQ(static_cast<int>(xpose::strategy::automatic), XPOSE_AUTO);
  EXPECT_EQ(static_cast<int>(xpose::strategy::diagonal), XPOSE_DIAGONAL);
  EXPECT_EQ(static_cast<int>(xpose::status::internal_error), XPOSE_INTERNAL_ERROR);
  EXPECT_EQ(xpose::to_string(xpose::strategy::automatic), "auto");
}

}  // namespace
