#!/bin/bash
# Session 38, rows: 4 to 7 rows (and columns) through the row copies and three interleaves
# ("new", XPOSE_EXP_INTERLEAVE_MAX unset) against the paths they took before ("old",
# XPOSE_EXP_INTERLEAVE_MAX=3: the hold sweep does not plan below 8 rows, so the skinny blocks),
# one binary, every element size, about 64-112 MiB a matrix, one round; then the in-place GPU
# tests of the paths touched.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-rows}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
for round in ${ROUNDS:-1}; do
  for e in 1 2 4 8 16; do
    L=$((16777216 / e))
    for R in 4 5 6 7; do
      for s in ${R}x$L ${L}x$R; do
        for v in old new; do
          echo "== round $round $v $s e$e"
          if [ $v = old ]; then export XPOSE_EXP_INTERLEAVE_MAX=3; else unset XPOSE_EXP_INTERLEAVE_MAX; fi
          $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
        done
      done
    done
  done
done > $D/ab.txt 2>&1
unset XPOSE_EXP_INTERLEAVE_MAX
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose_gpu_tests --gtest_filter='*InplaceRowInterleave*:*InplaceRectangular*:*InplaceSkinnyBlocks*:*InplaceLarge*:*InplaceStreamsAndGraphs*:*InplaceRandomized*:*InplaceOffsets*' > $D/tests.log 2>&1; echo "tests rc=$?"; tail -3 $D/tests.log
gzip $D/tests.log
