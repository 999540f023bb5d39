// `auto` for 8-byte elements whose row pitches are both 128 KiB or more, one of them
// longer (32768^2, 20000^2, 16384 x 32768 fp64): a 32 x 32 tile whose four loads per
// thread are all issued before the shared-memory pass, on 8 resident blocks of 256 threads
// per SM (split_tile.cuh), in row order. With pitches that long an SM needs more loads in
// flight than the diagonal padded tile keeps: 32768^2 89.7 -> 93.0% of memcpy, 20000^2
// 89.8 -> 93.2%, 16384 x 32768 90.7 -> 92.3%, 32768 x 16384 90.8 -> 92.7%, 24576 x 16384
// 92.6 -> 94.4% (sweep 22). At 16384^2 (both pitches exactly 128 KiB) it measured 88.4%
// against 92.0% for the diagonal tile, and in diagonal order it matched the diagonal tile
// everywhere, so the row order is what gains; 32768 x 8192 (one 64 KiB pitch) stays on the
// diagonal tile (91.6 against 92.8%, sweep 8).
//
// 16-byte elements on 32-byte-sector output rows take it too (4 blocks per SM at least):
// against the padded tile, 4096^2 94.4 -> 95.1%, 8192 x 2048 92.9 -> 93.6%, 2048 x 8192 94.7
// -> 95.3%, 16384 x 1024 94.7 -> 95.4%, 1024^2 95.5 -> 99.5%; 8192^2, 16384^2 and 32768 x 8192
// level (sweep 31).
#include "element_types.hpp"
#include "launchers.hpp"
#include "split_tile.cuh"

namespace xpose::detail {

void launch_split_tile_8(const plan& p) {
  launch_split_tile<unsigned long long, 32, 32, 32, 8>(p);
  check_launch("split tile");
}

void launch_split_tile_16(const plan& p) {
  launch_split_tile<uint4, 32, 32, 32, 4>(p);  // 6 blocks per SM measured the same or lower
  check_launch("split tile");
}

}  // namespace xpose::detail
