#!/bin/bash
# Session 52, call 3. The library with the release/acquire grid barrier (call 2): every in-place
# GPU test. Then the order of a hold-sweep round's loads, three builds of the same library:
# new (in-place bulk copies, register moves and carry, mirror-cell bulk copies), bulk (every bulk
# copy before the register loads: -DXPOSE_HOLD_BULK_FIRST) and moves (the register loads first:
# -DXPOSE_HOLD_MOVES_FIRST), two rounds, and hold_trace of the two variants.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 300 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_inplace.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests_inplace.txt | head
gzip $D/gpu_tests_inplace.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "48x1048576 4" "46x2097152 1" "16x2097152 4"; do
    set -- $s
    for x in new bulk moves; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for x in bulk moves; do for e in 4 1; do
  echo "== trace $x 31 x 2097152 e$e"; timeout 60 $B/hold_trace_$x 31 2097152 $e
done; done > $D/trace.txt 2>&1
cat $D/trace.txt
