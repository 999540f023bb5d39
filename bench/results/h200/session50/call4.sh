#!/bin/bash
# Session 50, call 4. The staged few-columns kernel (the mirror image) with the same fold: bytes of
# 33 to 35 columns gather their last 1 to 3 columns (16 byte loads a column from the staged rows)
# in the threads of the last whole micro-column, which then cover 64 micro-rows instead of 42;
# aligned (DIRECT, 125 registers at 4 blocks) and misaligned output rows (96 at 5); every
# unfolded kernel's SASS unchanged. xpose_old is a39a7f4 (the staged few-rows fold of calls 2-3
# is not in it; no row here takes that kernel). StagedTall and StagedWide GPU tests; A/B two
# rounds of 30 (% of memcpy).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedTall*:*StagedWide*' > $D/gpu_tests_staged.txt 2>&1; echo "staged tests rc $?"; tail -1 $D/gpu_tests_staged.txt
grep -E "FAILED|Failure" $D/gpu_tests_staged.txt | head
gzip $D/gpu_tests_staged.txt
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
  for s in 4194304x33 4194304x34 4194304x35 4194303x33 4194303x35 2097151x34 1000003x33 4194304x48 4194303x37; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x1024x33 e1 --batch 1024 --shape 1024x33 --elem-bytes 1
done
) > $D/ab_tall.txt 2>&1
python3 $S $D/ab_tall.txt > $D/ab_tall_summary.txt; cat $D/ab_tall_summary.txt
gzip $D/ab_tall.txt
