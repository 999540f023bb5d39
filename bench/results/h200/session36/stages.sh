#!/bin/bash
# Session 36, call 7: on rowop's build, two experiment switches: XPOSE_ROW_STAGES=2 (the row op
# loads its next row while it writes one, two buffers, a grid of one block per SM) and
# XPOSE_COL_HALF=1 (column-op strips of half the width, two blocks per SM); "new" is neither.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
for round in 1 2; do
  for v in new st2 half both; do
    unset XPOSE_ROW_STAGES XPOSE_COL_HALF
    case $v in st2) export XPOSE_ROW_STAGES=2;; half) export XPOSE_COL_HALF=1;; both) export XPOSE_ROW_STAGES=2 XPOSE_COL_HALF=1;; esac
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 12345x10001:1 12345x10001:2 27296x24267:1 4096x1000:1 12345x6789:4; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
unset XPOSE_COL_HALF; export XPOSE_ROW_STAGES=2
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*' > $D/tests_st2.log 2>&1; tail -1 $D/tests_st2.log
export XPOSE_COL_HALF=1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*' > $D/tests_both.log 2>&1; tail -1 $D/tests_both.log
ncu --clock-control none --section SpeedOfLight -k regex:op_kernel -c 2 $B/xpose bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_both.txt 2>&1
grep -E "op_kernel|Duration|DRAM Throughput" $D/ncu_both.txt | cut -c1-140
