#!/usr/bin/env bash
# Installs what building xpose needs from Debian/Ubuntu packages: CMake (>= 3.25 for the
# presets), a C++17 compiler, make and GoogleTest. The CUDA toolkit (nvcc, cudart, cuBLAS)
# must already be installed; this script only checks for it.
set -euo pipefail

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)

if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "install-deps: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

# Optional: clang with its libFuzzer runtime for the fuzz test (skipped without them).
if ! command -v clang++ >/dev/null 2>&1 || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "install-deps: installing clang and libclang-rt-dev for the fuzz test (optional)"
  ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang libclang-rt-dev) ||
    echo "install-deps: clang not installed; the fuzz test will be reported as skipped"
fi

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "install-deps: nvcc not found; install the CUDA toolkit (12.8 or newer) first" >&2
  exit 1
fi
echo "install-deps: ok ($(cmake --version | head -1), $( (command -v nvcc || echo /usr/local/cuda/bin/nvcc) ))"
