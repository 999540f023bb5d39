#!/bin/bash
# Session 47, call 7: the shifted staged few-rows kernel at 4 (B, 128 registers) against 5 (D,
# 96 registers; bytes spill 108 bytes) blocks an SM; old auto without the kernel; two rounds of 30.
# GPU tests forced on with D.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_STAGED_SHIFTED=1 XPOSE_STAGED_SHIFTED_VARIANT=D timeout 100 $B/xpose_gpu_tests --gtest_filter='ShiftedBatched/*:EveryRowCountShifted*' > $D/gpu_tests.txt 2>&1; echo "gpu tests D rc $?"; tail -1 $D/gpu_tests.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old B D; do
    E=""; [ $v != old ] && E="XPOSE_STAGED_SHIFTED=1 XPOSE_STAGED_SHIFTED_VARIANT=$v"
    echo "== round $round $v $name $eb"
    env $E timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194303 48x4194303 64x2097151 65x1032444 100x671089 150x447391 200x335553 250x268437 300x223697; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x248 e1 --batch 2048 --shape 100x248 --elem-bytes 1
  for s in 33x2097151 40x4194303 65x516223 100x335545 150x223697 179x187457; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
