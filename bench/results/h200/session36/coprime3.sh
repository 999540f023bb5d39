#!/bin/bash
# Session 36, call 4: coprime2's build plus a fixed-x row-op stride of whole 32-byte sectors
# (each warp's byte stores fill one sector): "new" against "nosec" (XPOSE_NO_SECTOR=1, the
# stride as before) and "old" (the head before this session); GPU tests; ncu of the row op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
for round in 1 2; do
  for v in old new nosec; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 12345x10001:1 12345x10001:2 18193x392:2 4096x1000:1 12345x6789:4; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      if [ $v = nosec ]; then XPOSE_NO_SECTOR=1 $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) ";
      else $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "; fi
    done
  done
done > $D/ab.txt 2>&1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:InplaceOffsets*' > $D/tests.log 2>&1; tail -1 $D/tests.log
for v in new nosec; do
  [ $v = nosec ] && export XPOSE_NO_SECTOR=1
  ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis_Tables --section InstructionStats -k regex:op_kernel -c 2 $B/xpose bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_$v.txt 2>&1
  echo "-- ncu $v"; grep -E "op_kernel|Duration|Executed Instructions  |DRAM Throughput|bytes transmitted per sector|way bank" $D/ncu_$v.txt | cut -c1-140
done
