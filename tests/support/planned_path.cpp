#include "planned_path.hpp"

#include "core/plan.hpp"
#include "core/validate.hpp"

#include <cstdint>

namespace xpose::testing {

detail::plan planned(const gpu_case& c, int memory_bus_bits) {
  const reference::layout l = c.resolved();
  detail::request r;
  r.in = reinterpret_cast<const void*>(std::uintptr_t{0x100000} + c.in_offset);
  r.out = reinterpret_cast<void*>(std::uintptr_t{0x100000000000} + c.out_offset);
  r.batch = l.batch, r.rows = l.rows, r.cols = l.cols, r.elem_bytes = l.elem_bytes;
  r.ld_in = l.ld_in, r.ld_out = l.ld_out, r.stride_in = l.stride_in, r.stride_out = l.stride_out;
  detail::plan p = detail::validate(r);
  p.memory_bus_bits = memory_bus_bits;
  return detail::finalize(p);
}

detail::auto_path planned_path(const gpu_case& c) { return planned(c, 0).path; }

}  // namespace xpose::testing
