#!/bin/bash
# Session 38, copies: the row copies with four chunks loaded ahead a thread ("new", this build)
# against one at a time ("old", the build of rows2's rule: staged de-interleave loads from 5 rows),
# R x L and L x R for R = 2 to 7 (the suite's 2- and 3-row shapes), bytes, fp32 and 16 bytes, two
# rounds; then every in-place GPU test and the in-place suite with the new build.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-copies}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
shapes() {  # element bytes -> shapes
  case $1 in
    1) echo 2x16777216 16777216x2 3x22369622 22369622x3 4x16777216 16777216x4 5x16777216 16777216x5 6x16777216 16777216x6 7x16777216 16777216x7 ;;
    4) echo 2x16777216 16777216x2 3x5592406 5592406x3 4x4194304 4194304x4 5x4194304 4194304x5 6x4194304 4194304x6 7x4194304 4194304x7 ;;
    16) echo 2x1048576 1048576x2 7x1048576 1048576x7 ;;
  esac
}
for round in 1 2; do
  for e in 1 4 16; do
    for s in $(shapes $e); do
      for v in old new; do
        X=$B/xpose; [ $v = old ] && X=$B/xpose_old
        echo "== round $round $v $s e$e"
        $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
      done
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
$B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests.log 2>&1; echo "tests rc=$?"; grep -E "FAILED|PASSED|SKIPPED" $D/tests.log | tail -5
gzip $D/tests.log
