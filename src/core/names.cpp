// Canonical names of strategies and tile configurations (CLI, JSON, messages).
#include <xpose/xpose.hpp>

namespace xpose {
namespace {

struct strategy_name {
  strategy value;
  std::string_view name;
};
constexpr strategy_name kStrategyNames[] = {
    {strategy::automatic, "auto"},
    {strategy::naive, "naive"},
    {strategy::naive_write_coalesced, "naive_write_coalesced"},
    {strategy::tiled, "tiled"},
    {strategy::tiled_padded, "tiled_padded"},
    {strategy::vectorized, "vectorized"},
    {strategy::diagonal, "diagonal"},
};

struct tile_name {
  tile_config value;
  std::string_view name;
};
constexpr tile_name kTileNames[] = {
    {tile_config::tile32_block32x8, "32x32/32x8"},
    {tile_config::tile32_block32x32, "32x32/32x32"},
    {tile_config::tile16x16, "16x16"},
};

}  // namespace

std::string_view to_string(strategy s) noexcept {
  for (const auto& n : kStrategyNames) {
    if (n.value == s) return n.name;
  }
  return "unknown";
}

std::string_view to_string(tile_config t) noexcept {
  for (const auto& n : kTileNames) {
    if (n.value == t) return n.name;
  }
  return "unknown";
}

std::optional<strategy> parse_strategy(std::string_view name) noexcept {
  for (const auto& n : kStrategyNames) {
    if (n.name == name) return n.value;
  }
  return std::nullopt;
}

std::optional<tile_config> parse_tile_config(std::string_view name) noexcept {
  for (const auto& n : kTileNames) {
    if (n.name == name) return n.value;
  }
  return std::nullopt;
}

}  // namespace xpose
