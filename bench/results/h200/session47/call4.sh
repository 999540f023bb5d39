#!/bin/bash
# Session 47, call 4: the final code (auto path staged_tall where plan.hpp's staged_tall_wins
# holds) against a9a7843 (old): every out-of-place GPU test; A/B over the shapes of calls 1-3,
# two rounds of 30; suite skinny (its narrow rows now include four tall ones) and suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 330 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
grep -c "^\[       OK \] .*StagedTall" $D/gpu_tests.txt
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
  for s in 4194304x33 4194304x48 4194304x56 2097152x64 671088x100 335552x200 166944x402 4194303x33 4194303x48 2097151x64 1032444x65 838861x80 699051x96; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  runab $round 2048x255x100 e1 --batch 2048 --shape 255x100 --elem-bytes 1
  for s in 2097152x33 2097152x64 1048576x56 335544x100 223696x150 83472x402 4194303x40 4194303x56 516222x65 335545x100 279621x120 4194304x40; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
  runab $round 1024x512x56 e2 --batch 1024 --shape 512x56 --elem-bytes 2
  runab $round 1024x511x56 e2 --batch 1024 --shape 511x56 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 100 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1
grep -E "narrow" $D/suite_skinny.txt | head -20
timeout 100 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -3 $D/suite_auto.txt
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.json $D/suite_auto.json
