#!/bin/bash
# Session 49, call 2. The padded run layout with a cheaper gather (quotient by a float
# reciprocal, 76 instructions a vector against call 1's 100) against the packed layout with
# byte-wise partial words, in one binary: XPOSE_EXP_PADDED=1 takes the padded layout for every
# R * E that is not a multiple of 4 (aligned and shifted kernels, 1- and 2-byte elements).
# StagedWide GPU tests in both modes; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for m in 0 1; do
  XPOSE_EXP_PADDED=$m timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide_m$m.txt 2>&1; echo "staged wide tests m$m rc $?"; tail -1 $D/gpu_tests_wide_m$m.txt
  gzip $D/gpu_tests_wide_m$m.txt
done
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in 0 1; do
    echo "== round $round m$v $name $eb"
    XPOSE_EXP_PADDED=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194304 63x2130048 65x1032448 167x401856 201x335552 402x166944 33x4194303 65x1032444 167x401849 301x223697; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
  for s in 33x2097152 37x1813504 65x516224 179x187456 401x83472 33x2097151 65x516223 179x187457; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
