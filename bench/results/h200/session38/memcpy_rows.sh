#!/bin/bash
# Session 38, memcpy_rows: step 0 of the row interleaves (rows 1 .. R-1 to or from the workspace) as
# one cudaMemcpy2DAsync ("new") against the copy kernel ("old", XPOSE_EXP_COPY_KERNEL=1), R x L and
# L x R for R = 2 to 7 (the suite's 2- and 3-row shapes), bytes and fp32, 16 bytes at 2 and 7, one
# round; then the in-place GPU tests of the paths touched (the new default).
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-memcpy_rows}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
shapes() {
  case $1 in
    1) echo 2x16777216 16777216x2 3x22369622 22369622x3 4x16777216 16777216x4 5x16777216 16777216x5 6x16777216 16777216x6 7x16777216 16777216x7 ;;
    4) echo 2x16777216 16777216x2 3x5592406 5592406x3 4x4194304 4194304x4 5x4194304 4194304x5 6x4194304 4194304x6 7x4194304 4194304x7 ;;
    16) echo 2x1048576 1048576x2 7x1048576 1048576x7 ;;
  esac
}
for e in 1 4 16; do
  for s in $(shapes $e); do
    for v in old new; do
      echo "== round 1 $v $s e$e"
      if [ $v = old ]; then export XPOSE_EXP_COPY_KERNEL=1; else unset XPOSE_EXP_COPY_KERNEL; fi
      $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
unset XPOSE_EXP_COPY_KERNEL
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose_gpu_tests --gtest_filter='*InplaceRowInterleave*:*InplaceRectangular*:*InplaceLarge*:*InplaceStreamsAndGraphs*:*InplaceRandomized*:*InplaceOffsets*' > $D/tests.log 2>&1; echo "tests rc=$?"; grep -E "tests from .* ran|PASSED|FAILED" $D/tests.log | tail -3
gzip $D/tests.log
