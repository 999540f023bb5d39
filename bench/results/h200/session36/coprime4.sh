#!/bin/bash
# Session 36, call 5: coprime3's build plus the column op's 1- and 2-byte stores by warps of
# whole 32-element chunks (one warp per destination row slot, 32 rows apart): "new" against
# "old" (the head before this session); every in-place GPU test of the coprime core's shapes;
# ncu of the bytes kernels.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
for round in 1 2; do
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 6789x12345:2 12345x10001:1 12345x10001:2 2000x1501:2 18193x392:2 1000x96:1 4096x1000:1 4096x1000:2 27296x24267:1 12345x6789:4 6788x12345:4 12345x6789:8 12345x6789:16 14000x9001:8; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:*InplaceRectangular*:InplaceOffsets*:*InplaceStreamsAndGraphs*' > $D/tests.log 2>&1; tail -1 $D/tests.log
ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis_Tables --section InstructionStats -k regex:op_kernel -c 2 $B/xpose bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_new.txt 2>&1
grep -E "op_kernel|Duration|Executed Instructions  |DRAM Throughput|bytes transmitted per sector|way bank" $D/ncu_new.txt | cut -c1-140
