#!/bin/bash
# Session 49, call 3. The padded run as it will be committed (bytes whose R is not a multiple of
# 4, both staged few-rows kernels; 2-byte elements keep the half-word stores, SASS identical to
# 6352f9b) against 6352f9b (xpose_old), and the shifted kernel's padded form at 5 blocks an SM
# (94 registers, no spill; XPOSE_EXP_SHIFTED5=1) against 4. StagedWide GPU tests in both modes;
# A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for m in 0 1; do
  XPOSE_EXP_SHIFTED5=$m timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide_m$m.txt 2>&1; echo "staged wide tests m$m rc $?"; tail -1 $D/gpu_tests_wide_m$m.txt
  gzip $D/gpu_tests_wide_m$m.txt
done
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new new5; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    m=0; [ $v = new5 ] && m=1
    echo "== round $round $v $name $eb"
    XPOSE_EXP_SHIFTED5=$m timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194304 63x2130048 65x1032448 167x401856 201x335552 402x166944 48x4194304 33x4194303 63x2130047 65x1032444 167x401849 301x223697 319x210001 48x4194303; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
  runab $round 2048x99x256 e1 --batch 2048 --shape 99x256 --elem-bytes 1
  runab $round 33x2097152 e2 --shape 33x2097152 --elem-bytes 2
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
