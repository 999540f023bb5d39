#!/bin/bash
# Session 46, call 1. Binaries: xpose_old (840c6a9), xpose and xpose_gpu_tests (f450aa5, the
# plain-loads rule, plus the staged few-rows kernel of staged_experiment.patch behind
# XPOSE_STAGED_WIDE=1; without it the build is f450aa5's code).
# (1) every out-of-place GPU test with the new build (the NarrowEdges cases of ee92440 never ran);
# (2) bench --suite skinny (its report-only narrow rows never ran);
# (3) plain-loads rule: old against new, two rounds of 30;
# (4) staged kernel against the skinny kernel, two rounds of 30;
# (5) per-strategy, narrow-edge and skinny GPU tests with the staged kernel forced on.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
grep -E "OK \].*(e1_rows100_aligned_input|e2_rows150_aligned_input_batched)" $D/gpu_tests.txt
timeout 90 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1; echo "suite skinny rc $?"
grep -iE "narrow|met" $D/suite_skinny.txt | tail -14
runab() {  # round name ebytes args   (old vs new)
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  runab $round 50x1000001 e4 --shape 50x1000001 --elem-bytes 4
  runab $round 65x1032444 e1 --shape 65x1032444 --elem-bytes 1
  runab $round 167x401849 e1 --shape 167x401849 --elem-bytes 1
  runab $round 2048x100x250 e1 --batch 2048 --shape 100x250 --elem-bytes 1
  runab $round 65x516222 e2 --shape 65x516222 --elem-bytes 2
  runab $round 33x2000001 e8 --shape 33x2000001 --elem-bytes 8
done
) > $D/plain_ab.txt 2>&1
python3 $S $D/plain_ab.txt > $D/plain_summary.txt; cat $D/plain_summary.txt
runst() {  # round name ebytes args   (skinny vs staged)
  local round=$1 name=$2 eb=$3; shift 3
  for v in skinny staged; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_WIDE; [ $v = staged ] && export XPOSE_STAGED_WIDE=1
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
  unset XPOSE_STAGED_WIDE
}
(
for round in 1 2; do
  runst $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  runst $round 150x447392 e1 --shape 150x447392 --elem-bytes 1
  runst $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  runst $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  runst $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  runst $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  runst $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
done
) > $D/staged_ab.txt 2>&1
python3 $S $D/staged_ab.txt > $D/staged_summary.txt; cat $D/staged_summary.txt
echo "auto rows not ok: $(cat $D/plain_ab.txt $D/staged_ab.txt | grep -E "^auto" | grep -vc " ok ")"
XPOSE_STAGED_WIDE=1 timeout 150 $B/xpose_gpu_tests --gtest_filter='*NarrowEdges*:*TransposeCases*:*Skinny*' > $D/gpu_tests_staged.txt 2>&1
echo "gpu tests (staged) rc $?"; tail -3 $D/gpu_tests_staged.txt; grep -E "^\[  FAILED" $D/gpu_tests_staged.txt | head
gzip $D/gpu_tests.txt $D/gpu_tests_staged.txt $D/plain_ab.txt $D/staged_ab.txt
