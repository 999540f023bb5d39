#!/bin/bash
# Session 37, sweep 48: the 4- to 16-byte in-place square tile pairs through one shared tile
# (inplace_square_one_tile_kernel, XPOSE_EXP_SQ_ONE=1) against the two-tile production kernel, and
# with the shared-memory carveout set (XPOSE_EXP_SQ_CARVE, % of 228 KB); experiment switches in
# inplace_square.cu's launcher that lived only in this build. `xpose bench --inplace`, two rounds;
# then the in-place square GPU tests with the one-tile kernel.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-one_tile}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
for round in 1 2; do
  for se in 8192x8192:8 32768x32768:8 16384x16384:8 4096x4096:8 8192x8192:16 4096x4096:16 16384x16384:16 32768x32768:16 4096x4096:4 8192x8192:4 16384x16384:4 32768x32768:4; do
    s=${se%%:*}; e=${se##*:}
    for v in two one one_c14 one_c28; do
      case $v in
        two) env=;;
        one) env="XPOSE_EXP_SQ_ONE=1";;
        one_c14) [ $e != 8 ] && continue; env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_CARVE=14";;
        one_c28) env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_CARVE=28";;
      esac
      echo "== round $round $v $s e$e"
      env $env $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
XPOSE_EXP_SQ_ONE=1 $B/xpose_gpu_tests --gtest_filter='InplaceSquare*:InplaceStackedSquares*:InplaceRandomized*:InplaceStreamsAndGraphs*:InplaceLarge.TargetShapes' > $D/tests_one.log 2>&1; tail -3 $D/tests_one.log
