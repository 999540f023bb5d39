#!/usr/bin/env bash
# Runs everything that needs a GPU in one go: device info, CPU and GPU test suites, the
# default benchmark (with XPOSE_EXTENDED=1 a sweep over shapes and element sizes, with
# XPOSE_SUITE=1 the `auto` and `inplace` target suites, with XPOSE_SANITIZE=1 compute-sanitizer runs).
# Full logs, JUnit XML and JSON go to OUTDIR; a short summary is printed last.
#
# usage: scripts/gpu-check.sh OUTDIR [BINDIR]    (BINDIR defaults to build/release/bin)
set -u -o pipefail
out=${1:?usage: scripts/gpu-check.sh OUTDIR [BINDIR]}
bin=${2:-build/release/bin}
mkdir -p "$out"
summary=()
note() { summary+=("$*"); }

# cuBLAS is linked dynamically by the CLI; make the toolkit's copy findable.
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib; do
  [ -d "$d" ] && export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done

nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv >"$out/nvidia-smi.csv" 2>&1
note "device: $(sed -n 2p "$out/nvidia-smi.csv")"

"$bin/xpose" info >"$out/info.txt" 2>&1
note "xpose info: exit $? ($(grep -h 'memcpy bandwidth' "$out/info.txt" | sed 's/  */ /g'))"

run_tests() {  # name binary
  local name=$1 exe=$2 start=$SECONDS
  "$exe" --gtest_output="xml:$out/$name.xml" >"$out/$name.log" 2>&1
  local rc=$?
  local counts
  counts=$(grep -o 'tests="[0-9]*" failures="[0-9]*" disabled="[0-9]*" errors="[0-9]*"' "$out/$name.xml" | head -1)
  local skipped
  skipped=$(grep -c '\[  SKIPPED \]' "$out/$name.log")
  note "$name: exit $rc, $counts, skipped lines $skipped, $((SECONDS - start)) s"
  grep -E '^\[  FAILED  \]' "$out/$name.log" | head -20 | while read -r l; do echo "  $l"; done >>"$out/failures.txt"
}
run_tests cpu_tests "$bin/xpose_cpu_tests"
run_tests gpu_tests "$bin/xpose_gpu_tests"

# Sanitizers over the GPU tests, without the multi-GiB and long-running cases (each tool
# slows kernels 10-100x). racecheck, the slowest, runs the 4-byte cases only.
if [ "${XPOSE_SANITIZE:-0}" = 1 ]; then
  if command -v compute-sanitizer >/dev/null 2>&1; then
    big='*2x16M*:*16Mx2*:*64x9000*:*3000x31*:*7x3000*:*5003x13*:*100x300_wide*:*batch300*:*1001x7*:*4097x33*:*33x4097*'
    for tool in memcheck initcheck synccheck racecheck; do
      inplace='Inplace*:*/InplaceSquare.*:*/InplaceSquareRegions.*:*/InplaceStackedSquares.*:*/InplaceRectangular.*:*/InplaceRowInterleave.*:*/InplaceCoprimeCore.*'
      filter="AllPaths/*_e1_*:AllPaths/*_e4_*:AllPaths/*_e16_*:ApiGpu.*:Randomized.*:Threads.*:$inplace:*/SkinnyInterleave.*:*/RealignedTile.*:RegisterTileWarpGrid.*:-$big:HugeMatrix.*:Async.*:InplaceLarge.*"
      [ "$tool" = racecheck ] && filter="AllPaths/*_e4_*:Randomized.*:$inplace:*/SkinnyInterleave.*odd_length:*/RealignedTile.*:RegisterTileWarpGrid.*:-$big:InplaceLarge.*"
      start=$SECONDS
      XPOSE_RANDOM_CASES=300 timeout 400 compute-sanitizer --tool "$tool" --error-exitcode 99 "$bin/xpose_gpu_tests" \
        --gtest_filter="$filter" >"$out/sanitize_$tool.log" 2>&1
      rc=$?
      note "sanitizer $tool: exit $rc, $(grep -hE '(ERROR|RACECHECK) SUMMARY' "$out/sanitize_$tool.log" | tail -1), $(grep -ch '^\[       OK \]' "$out/sanitize_$tool.log") tests ok, $((SECONDS - start)) s"
    done
  else
    note "sanitizers: compute-sanitizer not on PATH"
  fi
fi

bench() {  # tag args...
  local tag=$1
  shift
  "$bin/xpose" bench "$@" --json "$out/bench_$tag.json" >"$out/bench_$tag.txt" 2>&1
  note "bench $tag: exit $?"
}
bench 4096x4096_e4
if [ "${XPOSE_SUITE:-0}" = 1 ]; then
  start=$SECONDS
  "$bin/xpose" bench --suite auto --json "$out/suite_auto.json" >"$out/suite_auto.txt" 2>&1
  note "suite auto: exit $?, $(tail -1 "$out/suite_auto.txt"), $((SECONDS - start)) s"
  start=$SECONDS
  "$bin/xpose" bench --suite inplace --json "$out/suite_inplace.json" >"$out/suite_inplace.txt" 2>&1
  note "suite inplace: exit $?, $(grep -h "targets met" "$out/suite_inplace.txt" | tail -1), $((SECONDS - start)) s"
fi
if [ "${XPOSE_EXTENDED:-0}" = 1 ]; then
  for e in 1 2 8 16; do bench "4096x4096_e$e" --elem-bytes "$e"; done
  bench 8192x8192_e4 --shape 8192x8192
  bench 8192x2048_e4 --shape 8192x2048 --strategies tiled_padded,vectorized,diagonal,auto
  bench 16384x1024_e4 --shape 16384x1024 --strategies tiled_padded,vectorized,diagonal,auto
  bench 1024x1024_e4 --shape 1024x1024 --strategies tiled_padded,vectorized,diagonal,auto
  bench 256x256_e4 --shape 256x256 --strategies tiled_padded,vectorized,diagonal,auto
fi

{
  echo
  echo "==== default benchmark (xpose bench) ===="
  cat "$out/bench_4096x4096_e4.txt"
  echo
  echo "==== summary ===="
  printf '%s\n' "${summary[@]}"
  if [ -s "$out/failures.txt" ]; then
    echo "failures:"
    cat "$out/failures.txt"
  fi
} | tee "$out/summary.txt"
exit 0
