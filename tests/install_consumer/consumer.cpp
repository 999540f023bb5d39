// Uses the C++ API only; runs without a GPU (the call fails validation before CUDA).
#include <xpose/xpose.hpp>
#include <cstdio>

int main() {
  try {
    xpose::transpose(static_cast<const float*>(nullptr), static_cast<float*>(nullptr), 4, 4);
  } catch (const xpose::error& e) {
    std::printf("xpose::error %d: %s\n", static_cast<int>(e.code()), e.what());
    return e.code() == xpose::status::invalid_argument ? 0 : 1;
  }
  return 1;
}
