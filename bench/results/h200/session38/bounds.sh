#!/bin/bash
# Session 38, bounds: the row interleaves' kernels for 4 to 7 rows held to 5 ("mb5", 48 registers)
# or 6 ("mb6", 40 registers, 8-32 bytes of stack in some) blocks a SM by __launch_bounds__, against
# the committed build ("base", 48-68 registers: 3-4 blocks a SM), 4-7 rows and columns, bytes,
# fp32 and 16 bytes, one round.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-bounds}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for e in 1 4 16; do
  L=$((16777216 / e))
  for R in 4 5 6 7; do
    for s in ${R}x$L ${L}x$R; do
      for v in base mb5 mb6; do
        echo "== round 1 $v $s e$e"
        $B/xpose_$v bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
      done
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
