#!/bin/bash
# Session 48, call 6: the staged few-columns kernel as committed next (cp.async staging for bytes
# and for 2-byte elements on misaligned output rows; bytes on misaligned output rows up to 200
# columns) against be8b169 (xpose_old: the head before it, with the shifted few-rows change):
# every out-of-place GPU test; A/B two rounds of 30; suite skinny and suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 300 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|FAILED  \]" $D/gpu_tests.txt | head; grep -c "^\[       OK \] .*StagedTall" $D/gpu_tests.txt
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
  for s in 4194304x33 4194304x48 4194304x56 2097152x64 671088x100 335552x200 166944x402 4194303x33 4194303x48 2097151x64 838861x80 699051x96 599187x112 335553x200; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  for s in 2097152x33 223696x150 4194303x40 4194303x56 335545x100; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 120 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_skinny.txt; tail -1 $D/suite_auto.txt; grep MISS $D/suite_auto.txt | grep -v "^large" | head
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.json $D/suite_auto.json
