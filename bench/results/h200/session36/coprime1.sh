#!/bin/bash
# Session 36, call 2: the coprime core's lean store loops (row op fixed-x walk, column op linear
# lines for 1- and 2-byte elements) against the head before them (xpose_old), on the shapes
# that take the two passes; the in-place GPU tests of the coprime core and the randomized set;
# ncu of the new bytes kernels. Binaries carried in .devbin (built from the working tree).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $D/device.txt
for round in 1 2; do
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 6789x12345:2 12345x10001:1 12345x10001:2 2000x1501:2 18193x392:2 1000x96:1 12345x6789:4 12345x6789:8 12345x6789:16 14000x9001:8; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:*InplaceRectangular*:InplaceOffsets*:*InplaceStreamsAndGraphs*' > $D/tests.log 2>&1; tail -3 $D/tests.log
ncu --clock-control none --section SpeedOfLight --section LaunchStats --section InstructionStats -k regex:op_kernel -c 2 $B/xpose bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_e1.txt 2>&1
grep -E "op_kernel|Duration|Executed Instructions  |Issue Slots Busy|DRAM Throughput" $D/ncu_e1.txt
