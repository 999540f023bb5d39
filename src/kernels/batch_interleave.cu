// `auto` for packed batches of wide matrices with at most kMaxBatchInterleaveRows rows
// ((1024, 3, 1000)): batch_interleave.cuh with 8-byte pieces.
#include "batch_interleave.cuh"
#include "launchers.hpp"

#include "../core/plan.hpp"
#include "../core/raise.hpp"

#include <utility>

namespace xpose::detail {
namespace {

// 8-byte pieces, one per thread, 256 threads: 97.5-104% of memcpy on (1024, 3, 1000) for 1
// to 8 bytes; 16-byte pieces measured 76-100% (4 and 8 bytes 76%), two or four pieces per
// thread 85-101% (sweep 15, bench/results/h200/experiments/sweep15_batches.txt).
constexpr int kPieceBytes = 8;

template <int E, int... Rs>
void launch_for_rows(const plan& p, std::integer_sequence<int, Rs...>) {
  const bool launched =
      ((p.rows == Rs + 1 ? (launch_batch_interleave_variant<E, Rs + 1, kPieceBytes, 1, 256>(p), true) : false) || ...);
  if (!launched) raise(status::internal_error, "batch interleave kernel planned for ", p.rows, " rows");
}

}  // namespace

void launch_batch_interleave(const plan& p) {
  constexpr auto rows = std::make_integer_sequence<int, kMaxBatchInterleaveRows>{};
  switch (p.elem_bytes) {
    case 1: launch_for_rows<1>(p, rows); break;
    case 2: launch_for_rows<2>(p, rows); break;
    case 4: launch_for_rows<4>(p, rows); break;
    case 8: launch_for_rows<8>(p, rows); break;
    default: raise(status::internal_error, "batch interleave kernel planned for ", p.elem_bytes, "-byte elements");
  }
  check_launch("batch interleave");
}

}  // namespace xpose::detail
