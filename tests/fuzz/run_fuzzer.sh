#!/usr/bin/env bash
# Builds the validation/planning fuzz target with clang (libFuzzer, ASan, UBSan) and runs
# it for SECONDS on a scratch copy of the corpus. Exit 77 (skipped) without clang.
# usage: tests/fuzz/run_fuzzer.sh SOURCE_DIR WORK_DIR SECONDS
set -euo pipefail
src=$1 work=$2 seconds=$3
clang=$(command -v clang++ || true)
if [ -z "$clang" ]; then
  echo "clang++ not found: fuzz target skipped"
  exit 77
fi
mkdir -p "$work"
probe='extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }'
if ! echo "$probe" | "$clang" -x c++ -fsanitize=fuzzer - -o "$work/probe" 2>/dev/null; then
  echo "clang++ cannot link libFuzzer (libclang-rt-*-dev missing?): fuzz target skipped"
  exit 77
fi
cuda_include=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")/../include
mkdir -p "$work/corpus"
"$clang" -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$src/include" -I"$src/src" -I"$cuda_include" \
  "$src/tests/fuzz/fuzz_plan.cpp" "$src/src/core/validate.cpp" "$src/src/core/plan.cpp" \
  "$src/src/core/inplace_validate.cpp" \
  -o "$work/fuzz_plan"
cp "$src"/tests/fuzz/corpus/* "$work/corpus/" 2>/dev/null || true
# libFuzzer's own exit code for a crash is 77, CTest's "skipped": make every failure a 1.
"$work/fuzz_plan" -max_total_time="$seconds" -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1 \
  "$work/corpus" 2>&1 | tail -15
