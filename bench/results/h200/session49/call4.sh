#!/bin/bash
# Session 49, call 4. An "exchanged" run layout for bytes whose R is not a multiple of 4,
# against the committed padded run (19cb996): columns packed as before padding, but each thread
# first publishes the first word of each of its pieces in shared memory, and after a barrier
# every piece stores the word holding its end whole, completed with the next pieces' bytes; the
# store is four words a vector again. XPOSE_EXP_LAYOUT=x: exchanged (aligned kernel unbounded,
# 156 registers, 3 blocks an SM; shifted kernel 4 blocks, 128 registers, 24 bytes spilled);
# x4: the aligned kernel bounded to 4 blocks (128 registers, 44 bytes spilled). StagedWide GPU
# tests per mode; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for m in x x4; do
  XPOSE_EXP_LAYOUT=$m timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide_$m.txt 2>&1; echo "staged wide tests $m rc $?"; tail -1 $D/gpu_tests_wide_$m.txt
  gzip $D/gpu_tests_wide_$m.txt
done
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in padded x x4; do
    echo "== round $round $v $name $eb"
    XPOSE_EXP_LAYOUT=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194304 63x2130048 65x1032448 167x401856 402x166944 33x4194303 65x1032444 301x223697; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
