#!/bin/bash
# Session 49, call 9. 2-byte elements of odd row counts: the half-word put with its shift as a
# compile-time constant of the unrolled column loop (halves_shift_experiment.patch: column cl + k
# starts on a word exactly when k is even; 1720 -> 1448 instructions in the aligned kernel, 1856 ->
# 1744 in the shifted one) against 6352f9b (xpose_old, whose 2-byte kernels have the committed
# SASS). StagedWide GPU tests; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide.txt 2>&1; echo "staged wide tests rc $?"; tail -1 $D/gpu_tests_wide.txt
gzip $D/gpu_tests_wide.txt
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
  for s in 33x2097152 37x1813504 65x516224 179x187456 401x83472 33x2097151 65x516223 179x187457 299x111999 34x2097151; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
  runab $round 1024x33x512 e2 --batch 1024 --shape 33x512 --elem-bytes 2
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
