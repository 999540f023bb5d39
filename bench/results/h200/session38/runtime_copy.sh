#!/bin/bash
# Session 38, runtime_copy: the committed rule (two wide rows copy row 1 with cudaMemcpyAsync; every
# other step 0 the copy kernel): the 2-row shapes again, the in-place suite, and the GPU tests of
# the in-place paths that use the row interleaves (streams and graphs among them).
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-runtime_copy}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
for se in 2x16777216:1 2x16777216:4 2x1048576:16 2x8388608:2 2x2097152:8 2x100003:4; do
  s=${se%%:*}; e=${se##*:}
  echo "== round 1 new $s e$e"
  $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose_gpu_tests --gtest_filter='*InplaceRowInterleave*:*InplaceRectangular*:*InplaceLarge*:*InplaceStreamsAndGraphs*:*InplaceRandomized*:*InplaceOffsets*:*InplaceErrors*' > $D/tests.log 2>&1; echo "tests rc=$?"; grep -E "tests from .* ran|PASSED|FAILED" $D/tests.log | tail -3
gzip $D/tests.log
