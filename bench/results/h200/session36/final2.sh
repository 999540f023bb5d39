#!/bin/bash
# Session 36, call 10: the final head (wider elements back on their unchanged kernels) (the wide row op's whole-sector stride): every GPU test,
# the in-place suite, and the coprime core's shapes against the head before this session
# (xpose_old), two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $D/device.txt
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
for round in 1 2; do
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 12345x10001:1 12345x10001:2 27296x24267:1 12345x6789:4; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
set -o pipefail
$B/xpose_gpu_tests > $D/tests.log 2>&1; echo "gpu tests rc=$?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " $D/tests.log | head -8
gzip $D/tests.log
