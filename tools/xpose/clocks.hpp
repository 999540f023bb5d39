// Clock readings through NVML, loaded at run time (no link dependency): the clocks a
// benchmark actually ran at, for the record. Reads nothing where NVML is absent.
#pragma once

namespace xpose::cli {

struct clock_sample {
  int sm_mhz = 0;   ///< 0: not available
  int mem_mhz = 0;
};

/** Current SM and memory clocks of the current CUDA device. */
clock_sample read_clocks();

}  // namespace xpose::cli
