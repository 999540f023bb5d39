#!/bin/bash
# Session 46, call 5: the staged few-rows kernel as committed (auto path staged_wide,
# plan.hpp: staged_few_rows) against f450aa5 (old: the general skinny kernel there), two rounds
# of 30; every out-of-place GPU test; bench --suite skinny and --suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 220 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
echo "staged tests passed: $(grep -cE '^\[       OK \] .*StagedWide' $D/gpu_tests.txt)"
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
  runab $round 33x4194304 e1 --shape 33x4194304 --elem-bytes 1
  runab $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  runab $round 60x2236928 e1 --shape 60x2236928 --elem-bytes 1
  runab $round 63x2130048 e1 --shape 63x2130048 --elem-bytes 1
  runab $round 65x1032448 e1 --shape 65x1032448 --elem-bytes 1
  runab $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  runab $round 167x401856 e1 --shape 167x401856 --elem-bytes 1
  runab $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  runab $round 50x100000 e1 --shape 50x100000 --elem-bytes 1
  runab $round 33x2097152 e2 --shape 33x2097152 --elem-bytes 2
  runab $round 37x1813504 e2 --shape 37x1813504 --elem-bytes 2
  runab $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  runab $round 65x516224 e2 --shape 65x516224 --elem-bytes 2
  runab $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  runab $round 150x223696 e2 --shape 150x223696 --elem-bytes 2
  runab $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 90 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1; echo "suite skinny rc $?"
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite auto rc $?"
tail -1 $D/suite_auto.txt; grep -E "^(skinny|batched)" $D/suite_auto.txt | grep -c met
grep -E "^skinny .*50x100000 e1|MISS" $D/suite_auto.txt | grep -E "skinny|batched|latency|submatrix"
gzip $D/gpu_tests.txt $D/ab.txt $D/suite_skinny.txt
