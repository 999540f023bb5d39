#!/bin/bash
# Session 37: the one-tile square pairs of 4- and 16-byte elements bounded to 4 blocks a SM
# (__launch_bounds__(128, 4): 128 registers, no spills) in a 100 KB carveout (XPOSE_EXP_SQ_CARVE=43,
# L1 156 KB) or the 64 KB one (28: 3 blocks fit, L1 192 KB), against the head's build (b8f02f7,
# 156 registers, 3 blocks, 64 KB); XPOSE_EXP_SQ_CARVE is an experiment switch of this build only.
# Then every GPU test with the 100 KB carveout and the square tests with the 64 KB one.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-bounds}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
for round in 1 2; do
  for se in 4096x4096:16 8192x8192:16 16384x16384:16 32768x32768:16 4096x4096:4 8192x8192:4 32768x32768:4; do
    s=${se%%:*}; e=${se##*:}
    for v in head lb4_c28 lb4_c43; do
      X=$B/xpose; env=
      case $v in head) X=$B/xpose_head;; lb4_c28) env="XPOSE_EXP_SQ_CARVE=28";; lb4_c43) env="XPOSE_EXP_SQ_CARVE=43";; esac
      echo "== round $round $v $s e$e"
      env $env $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
XPOSE_EXP_SQ_CARVE=43 $B/xpose_gpu_tests > $D/tests_c43.log 2>&1; echo "tests c43 rc=$?"; tail -1 $D/tests_c43.log
$B/xpose_gpu_tests --gtest_filter='*InplaceSquare*:*InplaceStackedSquares*' > $D/tests_c28.log 2>&1; echo "tests c28 rc=$?"; tail -1 $D/tests_c28.log
gzip $D/tests_c43.log
