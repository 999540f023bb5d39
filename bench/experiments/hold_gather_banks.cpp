// The hold sweep's output gathers against the tile's shared-memory banks, simulated on the host
// (session 32; docs/inplace.md, "Tile rows an odd number of vectors apart"). For every plan of
// s = 8..64 rows of `cols` columns of E-byte elements (132 blocks, 208 KiB tiles, as on an H100),
// it replays the shared loads of both gathers of src/kernels/inplace_hold_sweep.cu over the first
// 4096 output vectors of each round, tile rows still in place (row x at x * pitch), and counts a
// warp load's wavefronts: the most distinct 4-byte words one bank serves (8-byte loads in two
// half-warp phases). It prints the mean over the loads for the pitch the kernel takes
// (hold_pitch) and for the pitch before session 32 (W plus six vectors).
// A third argument m > 0 simulates a gather the kernel does not have (a lead): lane l takes its
// elements in the order k' = (k + m l) mod V, so that lanes that would meet on a bank at the
// same step k read other rows (its vector rotated back in registers afterwards).
// Build (no GPU): g++ -O2 -std=c++17 -Isrc -Iinclude bench/experiments/hold_gather_banks.cpp -o hold_gather_banks
// Run: ./hold_gather_banks [cols = 2097152] [element bytes = 1] [lane rotation m = 0]
#include "core/hold_sweep.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace {

using namespace xpose::detail;

int wavefronts(const std::vector<long>& byte_addresses, int e) {
  const int phases = e == 8 ? 2 : 1, per_phase = 32 / phases;
  int total = 0;
  for (int p = 0; p < phases; ++p) {
    std::map<int, std::set<long>> words_of_bank;
    for (std::size_t i = p * per_phase; i < byte_addresses.size() && i < static_cast<std::size_t>((p + 1) * per_phase); ++i) {
      for (int w = 0; w < (e > 4 ? e / 4 : 1); ++w) {
        const long word = byte_addresses[i] / 4 + w;
        words_of_bank[static_cast<int>(word % 32)].insert(word);
      }
    }
    std::size_t most = 0;
    for (const auto& [bank, words] : words_of_bank) most = words.size() > most ? words.size() : most;
    total += static_cast<int>(most);
  }
  return total;
}

struct mean {
  double sum = 0, count = 0;
  void add(double v) { sum += v, count += 1; }
  double value() const { return count > 0 ? sum / count : 0; }
};

}  // namespace

int main(int argc, char** argv) {
  const long L = argc > 1 ? std::atol(argv[1]) : 2097152;
  const int e = argc > 2 ? std::atoi(argv[2]) : 1, V = 16 / e;
  const int m = argc > 3 ? std::atoi(argv[3]) : 0;
  const auto order = [&](int lane, int k) { return (k + m * lane) % V; };
  std::printf("%ld columns, %d-byte elements, lane rotation %d: wavefronts a warp load, the pitch before session 32 -> hold_pitch\n", L, e, m);
  std::printf("rows  rounds  one vector a thread   four vectors a thread\n");
  const auto plan = std::make_unique<hold_plan>();
  for (int s = 8; s <= kMaxSkinny; ++s) {
    make_hold_plan(*plan, s, L, e, 132, kHoldTileBytes);
    if (!plan->use) continue;
    mean one[2], four[2];
    for (int r = 0; r < plan->rounds; ++r) {
      const int W = plan->round[r].W, VW = W / V;
      for (int now = 0; now < 2; ++now) {
        const long pitch = now ? hold_pitch(W, V) : W + kHoldRowSlackVectors * V;
        // One vector a thread: lane o gathers positions V o + k, row (V o + k) mod s, column (V o + k) / s.
        const int slots = s * VW;
        for (int o0 = 0; o0 < slots && o0 < 4096; o0 += 32) {
          for (int k = 0; k < V; ++k) {
            std::vector<long> at;
            for (int lane = 0; lane < 32 && o0 + lane < slots; ++lane) {
              const int q = (o0 + lane) * V + order(lane, k);
              at.push_back((q % s * pitch + q / s) * e);
            }
            one[now].add(wavefronts(at, e));
          }
        }
        // Four vectors a thread (gather_vectors): lane g takes i = g mod s, j0 = 4 (g / s), and
        // loads row (V i + k) mod s at column (V i + k) / s + V (j0 + u), u < 4.
        const int groups = s * ((VW + 3) / 4);
        for (int g0 = 0; g0 < groups && g0 < 4096; g0 += 32) {
          for (int k = 0; k < V; ++k) {
            for (int u = 0; u < 4; ++u) {
              std::vector<long> at;
              for (int lane = 0; lane < 32 && g0 + lane < groups; ++lane) {
                const int g = g0 + lane, i = g % s, j0 = g / s * 4, q = V * i + order(lane, k);
                at.push_back((q % s * pitch + q / s + V * (j0 + u)) * e);
              }
              four[now].add(wavefronts(at, e));
            }
          }
        }
      }
    }
    std::printf("%4d  %6d  %5.2f -> %5.2f        %5.2f -> %5.2f\n", s, plan->rounds, one[0].value(), one[1].value(),
                four[0].value(), four[1].value());
  }
  return 0;
}
