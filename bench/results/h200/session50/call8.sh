#!/bin/bash
# Session 50, call 8. The few-columns fold at every column count 1 to 3 past a multiple of 16
# (tall_fold_all_experiment.patch against ac69318; XPOSE_EXP_TALLFOLD=1), where the committed rule
# folds 33-35 only: the few-rows kernel lost at 49 rows and more (call 2), but the few-columns
# kernel's folding threads fill whole warps of their own (tasks go micro-column by micro-column),
# so the others do not wait for them. StagedTall GPU tests with the switch; A/B two rounds of 30,
# one binary, switch off / on (% of memcpy).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_EXP_TALLFOLD=1 timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests_tall.txt 2>&1; echo "staged tall tests rc $?"; tail -1 $D/gpu_tests_tall.txt
grep -E "FAILED|Failure" $D/gpu_tests_tall.txt | head
gzip $D/gpu_tests_tall.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in off on; do
    x=0; [ $v = on ] && x=1
    echo "== round $round $v $name $eb"
    XPOSE_EXP_TALLFOLD=$x timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 4194304x49 4194304x50 4194304x51 2097152x65 2097152x67 1048576x97 1048576x129 4194303x49 2097151x65 1048573x97; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x1024x49 e1 --batch 1024 --shape 1024x49 --elem-bytes 1
done
) > $D/ab_tall.txt 2>&1
python3 $S $D/ab_tall.txt > $D/ab_tall_summary.txt; cat $D/ab_tall_summary.txt
zcat -f $D/ab_tall.txt | grep -c WRONG
gzip $D/ab_tall.txt
