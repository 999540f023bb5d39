#!/bin/bash
# Session 51, call 5. The congruent stage allocated as what its lines need (b x pitch + 16) rather
# than at least the plan's stage (7dec46b; switch XPOSE_STAGE_MAX=1 restores that): call 3 measured
# the smaller stage (+1.1 points at 12345 x 6789 bytes), call 4 the larger (level). The coprime
# GPU tests, A/B rows old (01ba28a) / need / max, two rounds, then the in-place suite (need).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 100 $B/xpose_gpu_tests --gtest_filter='*CoprimeCore*:InplaceRandomized*:InplaceLarge*' > $D/gpu_tests.txt 2>&1; echo "tests rc $?"; tail -1 $D/gpu_tests.txt
grep -E "FAILED|Failure" $D/gpu_tests.txt | head; gzip $D/gpu_tests.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "6789x12345 1" "8192x4100 1" "12345x10001 1" "12345x6789 2"; do
    set -- $s
    for x in old need max; do
      echo "== round $round $x $1 e$2"
      X=$B/xpose; [ $x = old ] && X=$B/xpose_old
      if [ $x = max ]; then export XPOSE_STAGE_MAX=1; else unset XPOSE_STAGE_MAX; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
unset XPOSE_STAGE_MAX
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 240 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt; grep -E "MISS" $D/suite_inplace.txt
gzip $D/suite_inplace.json
