#!/bin/bash
# Session 50, call 9. The few-columns fold also at 65-67 and 129-131 columns of bytes on aligned
# output rows (staged_tall_folded_cols: 4 and 8 folded micro-columns divide the 128 threads), as
# call 8 measured; the folded kernel now takes its folded count as C mod 16. xpose_old is
# ac69318 (folds 33-35 only). StagedTall and StagedWide GPU tests; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
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
  for s in 2097152x65 2097152x66 2097152x67 1048576x129 1048576x131 4194304x33 4194303x33 2097151x65 4194304x49; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 512x2048x65 e1 --batch 512 --shape 2048x65 --elem-bytes 1
done
) > $D/ab_tall.txt 2>&1
python3 $S $D/ab_tall.txt > $D/ab_tall_summary.txt; cat $D/ab_tall_summary.txt
grep -c WRONG $D/ab_tall.txt
gzip $D/ab_tall.txt
