#!/bin/bash
# Session 48, call 3: the cp.async shifted few-rows kernel with L2::256B fetches at more blocks an
# SM for 2-byte elements, and beyond the committed row limits (300 / 179). XPOSE_SHIFTED_VARIANT:
# 0 committed; 2 cp.async + 256B fetch at the committed bound (bytes 4, 2-byte 5); 4 cp.async
# without the fetch, two blocks more; 6 with the fetch, two more (2-byte 7); 7 three more (2-byte 8).
# XPOSE_SHIFTED_MAX_ROWS=402 lets the shifted form take every staged row count; "old" runs variant
# 0 with the committed limits (rows beyond them take the tiles or the skinny kernel).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for v in 2 6 7; do
  XPOSE_SHIFTED_MAX_ROWS=402 XPOSE_SHIFTED_VARIANT=$v timeout 60 $B/xpose_gpu_tests --gtest_filter='*Shifted*' > $D/gpu_tests_v$v.txt 2>&1; echo "gpu tests v$v rc $?"; tail -1 $D/gpu_tests_v$v.txt
done
runab() {  # round name ebytes variants args
  local round=$1 name=$2 eb=$3 vs=$4; shift 4
  for v in $vs; do
    echo "== round $round $v $name $eb"
    if [ $v = old ]; then
      XPOSE_SHIFTED_VARIANT=0 timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
    else
      XPOSE_SHIFTED_MAX_ROWS=402 XPOSE_SHIFTED_VARIANT=${v#v} timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
    fi
  done
}
(
for round in 1 2; do
  for s in 250x268437 300x223697 301x223697 350x191739 402x166945; do
    runab $round $s e1 "old v2" --shape $s --elem-bytes 1
  done
  for s in 33x2097151 40x4194303 100x335545 179x187457; do
    runab $round $s e2 "old v4 v6 v7" --shape $s --elem-bytes 2
  done
  for s in 180x187457 250x134219 300x111847 402x83473; do
    runab $round $s e2 "old v2 v6 v7" --shape $s --elem-bytes 2
  done
  runab $round 1024x200x121 e2 "old v4 v6 v7" --batch 1024 --shape 200x121 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt
