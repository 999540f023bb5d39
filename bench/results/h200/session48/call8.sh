#!/bin/bash
# Session 48, call 8: the staged few-rows kernel's cp.async form (the shifted kernel, shift 0) on
# 16-byte aligned input rows, where the committed kernel loads each micro-tile straight into
# registers (16 / 8 loads in flight). XPOSE_WIDE_STAGE_ALL=1 routes every staged few-rows launch to
# it. StagedWide GPU tests with it; A/B two rounds of 30 (base: the committed launcher).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_WIDE_STAGE_ALL=1 timeout 120 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests.txt 2>&1; echo "staged wide tests (all staged) rc $?"; tail -1 $D/gpu_tests.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in base stage; do
    E=""; [ $v = stage ] && E="XPOSE_WIDE_STAGE_ALL=1"
    echo "== round $round $v $name $eb"
    env $E timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194304 48x4194304 63x2130048 100x671088 167x401856 200x335552 300x223696 402x166944; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  for s in 33x2097152 40x4194304 65x516224 100x335544 150x223696 402x83472; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt $D/gpu_tests.txt
