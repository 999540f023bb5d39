#!/bin/bash
# Session 49, call 7. The exchanged layout of call 4 for 2-byte elements of odd row counts
# (half-word ends), against their half-word stores (the committed form): XPOSE_EXP_LAYOUT=x
# (2-byte: aligned kernel 71 registers, shifted 72 at 7 blocks, no spill). StagedWide GPU tests
# in that mode (bytes take the exchanged layout there too); A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_EXP_LAYOUT=x timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide_x.txt 2>&1; echo "staged wide tests x rc $?"; tail -1 $D/gpu_tests_wide_x.txt
gzip $D/gpu_tests_wide_x.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in halves x; do
    echo "== round $round $v $name $eb"
    XPOSE_EXP_LAYOUT=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x2097152 37x1813504 65x516224 179x187456 401x83472 33x2097151 65x516223 179x187457 299x111999 40x4194304; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
  runab $round 1024x33x512 e2 --batch 1024 --shape 33x512 --elem-bytes 2
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
