#include "transpose.hpp"

#include "../kernels/launchers.hpp"
#include "device_checks.hpp"
#include "plan.hpp"
#include "validate.hpp"

namespace xpose::detail {

void transpose(const request& req) {
  plan checked = validate(req);
  if (checked.empty()) return;
  checked.memory_bus_bits = memory_bus_bits(check_device_access(checked));
  launch(finalize(checked));
}

}  // namespace xpose::detail
