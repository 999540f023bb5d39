#!/bin/bash
# Session 38, eight: 8 rows or columns through the row copies and three interleaves ("r8",
# XPOSE_EXP_R8=1 in an experiment build with kMaxInterleaveRows = 8) against the paths they take
# ("old": the hold sweep, its backward rounds or the skinny blocks), every element size, one round.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-eight}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for e in 1 2 4 8 16; do
  L=$((16777216 / e))
  for s in 8x$L ${L}x8 8x$((L / 4)) $((L / 4))x8; do
    for v in old r8; do
      echo "== round 1 $v $s e$e"
      if [ $v = r8 ]; then export XPOSE_EXP_R8=1; else unset XPOSE_EXP_R8; fi
      $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
