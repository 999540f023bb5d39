#!/bin/bash
# Session 40, call 3: the 4- to 16-byte vector tile pairs of packed squares with both tiles
# staged by cp.async into two swizzled shared tiles (no registers or L1 held while the loads
# fly), each output vector read transposed and stored at once. async_experiment.patch;
# XPOSE_EXP_ASYNC=1 (128 threads) or 2 (256 threads), unset is "off". In-place GPU tests with
# the switch, bench rows in two rounds (verified but 32768^2).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/async; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
XPOSE_EXP_ASYNC=1 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceSquare*:*InplaceStacked*:*InplaceBatch*:InplaceLarge.TargetShapes' > $D/tests1.log 2>&1
tail -1 $D/tests1.log; grep FAILED $D/tests1.log | head -5
XPOSE_EXP_ASYNC=2 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceSquare*:*InplaceStacked*:*InplaceBatch*' > $D/tests2.log 2>&1
tail -1 $D/tests2.log; grep FAILED $D/tests2.log | head -5
for round in 1 2; do
for s in "4096x4096 16" "8192x8192 16" "16384x16384 16" "4096x4096 8" "8192x8192 8" "4096x4096 4" "16384x16384 4" "32768x32768 8"; do
  for v in off 1 2; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    if [ $v = off ]; then unset XPOSE_EXP_ASYNC; else export XPOSE_EXP_ASYNC=$v; fi
    NV=""; [ $1 = 32768x32768 ] && NV="--no-verify"
    $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 $NV 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|rror" >> $D/ab.txt
  done
done
done
unset XPOSE_EXP_ASYNC
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
