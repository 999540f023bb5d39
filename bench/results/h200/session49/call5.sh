#!/bin/bash
# Session 49, call 5: the committed code (bcfc44f: the padded run for bytes in the staged
# few-rows kernel) against 6352f9b (xpose_old): every out-of-place GPU test; A/B two rounds of 30
# on row counts not measured before (R mod 4 of 1, 2, 3; single matrices and batches); suite
# skinny and suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 300 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|FAILED  \]" $D/gpu_tests.txt | head; grep -c "^\[       OK \] .*StagedWide" $D/gpu_tests.txt
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
  for s in 34x4194304 35x4194304 50x2097152 99x1048576 130x524288 257x262144 34x4194303 99x1048573 250x262141; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 512x67x1024 e1 --batch 512 --shape 67x1024 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 120 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_skinny.txt; tail -1 $D/suite_auto.txt; grep MISS $D/suite_auto.txt | grep -v "^large" | head
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.json $D/suite_auto.json
