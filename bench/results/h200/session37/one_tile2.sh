#!/bin/bash
# Session 37, sweep 48: the one-tile square pairs (XPOSE_EXP_SQ_ONE=1) at 4 and 5 blocks per SM for 8-byte
# elements (unused dynamic shared memory XPOSE_EXP_SQ_SMEM under a 64 KB carveout, XPOSE_EXP_SQ_CARVE=28),
# and with A^T stored before B goes through the tile (XPOSE_EXP_SQ_EARLY=1); experiment switches that lived
# only in this build. `xpose bench --inplace`, two rounds; the in-place square GPU tests with each kernel.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-one_tile2}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
for round in 1 2; do
  for se in 8192x8192:8 32768x32768:8 16384x16384:8 4096x4096:8 4096x4096:16 8192x8192:16 32768x32768:16 16384x16384:16 4096x4096:4 32768x32768:4; do
    s=${se%%:*}; e=${se##*:}
    for v in two one one_p4 one_p5 early early_p4; do
      case $v in
        two) env=;;
        one) env="XPOSE_EXP_SQ_ONE=1";;
        one_p4) [ $e != 8 ] && continue; env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_SMEM=5888 XPOSE_EXP_SQ_CARVE=28";;
        one_p5) [ $e != 8 ] && continue; env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_SMEM=2611 XPOSE_EXP_SQ_CARVE=28";;
        early) env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_EARLY=1";;
        early_p4) [ $e != 8 ] && continue; env="XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_EARLY=1 XPOSE_EXP_SQ_SMEM=5888 XPOSE_EXP_SQ_CARVE=28";;
      esac
      echo "== round $round $v $s e$e"
      env $env $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
F='*InplaceSquare*:*InplaceStackedSquares*:*InplaceRandomized*:*InplaceStreamsAndGraphs*:InplaceLarge.TargetShapes'
XPOSE_EXP_SQ_ONE=1 $B/xpose_gpu_tests --gtest_filter="$F" > $D/tests_one.log 2>&1; tail -1 $D/tests_one.log
XPOSE_EXP_SQ_ONE=1 XPOSE_EXP_SQ_EARLY=1 $B/xpose_gpu_tests --gtest_filter="$F" > $D/tests_early.log 2>&1; tail -1 $D/tests_early.log
