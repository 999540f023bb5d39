#!/bin/bash
# Session 51, call 4. The library at 7dec46b (the congruent column-op stage) on a machine of two
# H200s: every GPU test (the three that need a second GPU among them), then in-place A/B rows
# against 01ba28a (xpose_old, the head before the session), two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 330 $B/xpose_gpu_tests > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests.txt | head
grep -E "^\[  SKIPPED \]|^\[  FAILED  \]" $D/gpu_tests.txt | head
grep -E "ApiGpu\.(StreamOfAnotherDevice|SecondDevice|BufferOfAnotherDevice)" $D/gpu_tests.txt | head
gzip $D/gpu_tests.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "6789x12345 1" "8192x4100 1" "12345x10001 1" "12345x6789 2" "12345x6789 4"; do
    set -- $s
    for x in old new; do
      echo "== round $round $x $1 e$2"
      if [ $x = old ]; then X=$B/xpose_old; else X=$B/xpose; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
