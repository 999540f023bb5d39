#!/bin/bash
# Session 38, smaller: 4 to 7 rows and columns at a quarter of rows/'s sizes (16-28 MiB) and at
# 1/16 (4-7 MiB): the row interleaves ("new") against the skinny blocks ("old", an experiment build
# that lets the skinny blocks take 4 rows on again and XPOSE_EXP_INTERLEAVE_MAX=1 sends 4-7 rows
# to them), bytes, fp32, 16 bytes, one round.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-smaller}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for e in 1 4 16; do
  for q in 4 16; do
    L=$((16777216 / e / q))
    for R in 4 5 6 7; do
      for s in ${R}x$L ${L}x$R; do
        for v in old new; do
          echo "== round 1 $v $s e$e"
          if [ $v = old ]; then export XPOSE_EXP_INTERLEAVE_MAX=1; else unset XPOSE_EXP_INTERLEAVE_MAX; fi
          $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
        done
      done
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
