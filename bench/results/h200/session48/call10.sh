#!/bin/bash
# Session 48, call 10: the review refactor as committed (step_through_rows in the stage loops; the
# few-columns kernel's register loads as before, their unreachable halo branch kept: call 9).
# StagedTall GPU tests; 74bea98 (xpose_old) -> new, two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call10; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 100 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests.txt 2>&1; echo "staged tall tests rc $?"; tail -1 $D/gpu_tests.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    echo "== round $round $v $name $eb"
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  runab $round 2097152x33 e2 --shape 2097152x33 --elem-bytes 2
  runab $round 223696x150 e2 --shape 223696x150 --elem-bytes 2
  runab $round 83472x402 e2 --shape 83472x402 --elem-bytes 2
  runab $round 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt $D/gpu_tests.txt
