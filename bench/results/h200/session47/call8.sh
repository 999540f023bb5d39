#!/bin/bash
# Session 47, call 8: the final code with the shifted staged few-rows kernel (input rows not
# 16-byte aligned, up to staged_shifted_max_rows) against 06c4eb0 (old): every out-of-place GPU
# test; A/B two rounds of 30; suite skinny and suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 330 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
grep -c "^\[       OK \] .*StagedWide" $D/gpu_tests.txt
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
  for s in 33x4194303 48x4194303 64x2097151 65x1032444 100x671089 150x447391 167x401849 200x335553 250x268437 300x223697 301x223697 48x4194304 100x671088; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x248 e1 --batch 2048 --shape 100x248 --elem-bytes 1
  for s in 33x2097151 40x4194303 65x516223 100x335545 150x223697 179x187457 180x187457 40x4194304; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 100 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1
timeout 100 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt; grep MISS $D/suite_auto.txt | grep -v "^large" | head
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.json $D/suite_auto.json
