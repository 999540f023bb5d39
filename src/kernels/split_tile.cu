// `auto` for 16-byte elements on 32-byte-sector output rows: a 32 x 32 tile whose four
// loads per thread are all issued before the shared-memory pass (split_tile.cuh), at least
// 4 blocks per SM. (8-byte elements with long row pitches took it in row order from sweep 22,
// 32768^2 fp64 89.7 -> 93.0% of memcpy; since sweep 33 they take the padded tile in column
// order, which measured the same there and more elsewhere.)
//
// Against the padded tile, both in row order (sweep 31): 4096^2 94.4 -> 95.1%, 8192 x 2048
// 92.9 -> 93.6%, 2048 x 8192 94.7 -> 95.3%, 16384 x 1024 94.7 -> 95.4%, 1024^2 95.5 -> 99.5%;
// 8192^2, 16384^2 and 32768 x 8192 level.
#include "element_types.hpp"
#include "launchers.hpp"
#include "split_tile.cuh"

namespace xpose::detail {

void launch_split_tile_16(const plan& p) {
  // 6 blocks per SM measured the same or lower. Input rows off 256-byte boundaries: whole
  // 256-byte fetches (global_load.cuh).
  if (p.input_load == in_load::fetch_256) {
    launch_split_tile<uint4, 32, 32, 32, 4, in_load::fetch_256>(p);
  } else {
    launch_split_tile<uint4, 32, 32, 32, 4>(p);
  }
  check_launch("split tile");
}

}  // namespace xpose::detail
