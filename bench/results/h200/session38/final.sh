#!/bin/bash
# Session 38, final: the committed build (2fd9149, no switches). The in-place suite first, then
# 4 to 7 rows and columns at every element size (~64-112 MiB a matrix, one round, "new" only),
# then every GPU test.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-final}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
for e in 1 2 4 8 16; do
  L=$((16777216 / e))
  for R in 4 5 6 7; do
    for s in ${R}x$L ${L}x$R; do
      echo "== round 1 new $s e$e"
      $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc=$?"; grep -E "tests from .* ran|PASSED|FAILED|SKIPPED  \] [0-9]" $D/tests.log | tail -4
gzip $D/tests.log
