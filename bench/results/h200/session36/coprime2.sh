#!/bin/bash
# Session 36, call 3: the coprime core with a two-buffer row op (load the next row while the
# current one is written), register bounds, and the lean loops of coprime1: "new" (the plan's
# stages), "one" (XPOSE_ROW_STAGES=1, an experiment switch in the launcher) against "old"
# (the head before this session's change); in-place GPU tests; ncu of the bytes kernels.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $D/device.txt
for round in 1 2; do
  for v in old new one; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 12345x10001:1 12345x10001:2 2000x1501:2 18193x392:2 1000x96:1 4096x1000:1 4096x1000:4 12345x6789:4 6788x12345:4 12345x6789:8 12345x6789:16 14000x9001:8; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      if [ $v = one ]; then XPOSE_ROW_STAGES=1 $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) ";
      else $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "; fi
    done
  done
done > $D/ab.txt 2>&1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:*InplaceRectangular*:InplaceOffsets*:*InplaceStreamsAndGraphs*' > $D/tests.log 2>&1; tail -3 $D/tests.log
XPOSE_ROW_STAGES=1 $B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*' > $D/tests_one.log 2>&1; tail -1 $D/tests_one.log
ncu --clock-control none --section SpeedOfLight --section LaunchStats --section InstructionStats --section Occupancy -k regex:op_kernel -c 2 $B/xpose bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_e1.txt 2>&1
grep -E "op_kernel|Duration|Executed Instructions  |DRAM Throughput|Registers Per|Achieved Occ" $D/ncu_e1.txt
