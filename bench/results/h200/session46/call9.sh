#!/bin/bash
# Session 46, call 9: the final code (the staged kernel to 402 rows, staged_misaligned_wide):
# every out-of-place GPU test; old (f450aa5) against new, two rounds of 30, on rows above 167 / 150
# and at the 402-row boundary; suite skinny and suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 300 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
echo "staged tests passed: $(grep -cE '^\[       OK \] .*StagedWide' $D/gpu_tests.txt)"
grep -E "^\[==========\]" $D/gpu_tests.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  runab $round 200x335552 e1 --shape 200x335552 --elem-bytes 1
  runab $round 402x166944 e1 --shape 402x166944 --elem-bytes 1
  runab $round 403x166944 e1 --shape 403x166944 --elem-bytes 1
  runab $round 179x187456 e2 --shape 179x187456 --elem-bytes 2
  runab $round 402x83472 e2 --shape 402x83472 --elem-bytes 2
  runab $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 90 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1; echo "suite skinny rc $?"
grep -E "^(== |auto)" $D/suite_skinny.txt | paste - - | awk '{print $4, $5, $6, $10}' | tail -10
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite auto rc $?"
tail -1 $D/suite_auto.txt; grep -E "^(skinny|batched)" $D/suite_auto.txt | grep -c met
grep -E "MISS" $D/suite_auto.txt | grep -E "skinny|batched|latency|submatrix"
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.txt
