// One GPU correctness case: random input, output poisoned (guard bands around it and
// in every leading-dimension gap), one xpose call, every byte of the output allocation
// compared with the CPU reference applied to an identically poisoned host buffer.
#pragma once

#include "reference.hpp"

#include <xpose/xpose.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace xpose::testing {

struct gpu_case {
  std::int64_t batch = 1, rows = 0, cols = 0;
  std::size_t elem_bytes = 4;
  strategy kernel = strategy::automatic;
  tile_config tile = tile_config::tile32_block32x8;
  std::int64_t ld_in_pad = 0, ld_out_pad = 0;          ///< extra elements per row
  std::int64_t stride_in_pad = 0, stride_out_pad = 0;  ///< extra elements per matrix
  std::size_t in_offset = 0, out_offset = 0;           ///< bytes added to the pointers
  bool batched_call = false;                           ///< use the batched entry point
  bool in_graph = false;                               ///< the call captured in a CUDA graph
  std::uint64_t seed = 1;

  [[nodiscard]] std::string describe() const;
  /** Leading dimensions and strides in elements, every padding applied. */
  [[nodiscard]] reference::layout resolved() const;
};

/** Runs the case; the failure message names the case and the first wrong element. */
::testing::AssertionResult run_case(const gpu_case& c);

/** True if a GPU is usable; the tests GTEST_SKIP otherwise. */
bool have_gpu();

}  // namespace xpose::testing

#define XPOSE_REQUIRE_GPU() \
  if (!::xpose::testing::have_gpu()) GTEST_SKIP() << "no CUDA GPU on this machine"
