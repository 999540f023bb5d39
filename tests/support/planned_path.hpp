// The `auto` kernel path the library's planner picks for a GPU case, decided on the host,
// so that a test of one kernel can first check that its cases reach that kernel.
#pragma once

#include "gpu_case.hpp"

#include "core/problem.hpp"

namespace xpose::testing {

/** The plan's auto path for the case, with pointers at the same offsets from a 256-byte
 *  boundary as run_case's buffers. */
detail::auto_path planned_path(const gpu_case& c);

/** The whole plan for the case on a device with that memory interface (0: not known), which
 *  decides the tile order (core/plan.hpp: column_order_min_bytes). */
detail::plan planned(const gpu_case& c, int memory_bus_bits);

}  // namespace xpose::testing
