#!/bin/bash
# Session 40, call 2: the coprime core's row op with the grid rows past its last whole wave
# (b mod resident blocks) launched first on clusters of up to XPOSE_EXP_TAIL blocks, each
# block staging the whole row and writing 1/k of it after a cluster barrier; the other rows
# then run in whole waves. tail_experiment.patch; unset is "off". Every in-place GPU test
# with XPOSE_EXP_TAIL=8, bench rows (verified) in two rounds, ncu of the passes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/tail; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4" "6789x12345 1" "12345x10001 1" "12345x10001 2" "27296x24267 1" "18193x392 2" "4096x1000 1"; do
  for v in off 8 4; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    if [ $v = off ]; then unset XPOSE_EXP_TAIL; else export XPOSE_EXP_TAIL=$v; fi
    $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|rror" >> $D/ab.txt
  done
done
done
unset XPOSE_EXP_TAIL
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
for s in "12345x6789 1" "12345x6789 2"; do
  for v in off 8; do
    set -- $s
    echo "== $v $1 e$2" >> $D/ncu.txt
    if [ $v = off ]; then unset XPOSE_EXP_TAIL; else export XPOSE_EXP_TAIL=$v; fi
    ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__cluster_dim_x -k regex:op_kernel -c 3 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_kernel|duration|throughput|grid_size|cluster" | sed -E 's/\(T1.*//' >> $D/ncu.txt
  done
done
unset XPOSE_EXP_TAIL
cat $D/ncu.txt
XPOSE_EXP_TAIL=8 /tmp/bins/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests.log 2>&1
tail -3 $D/tests.log; grep -E "FAILED" $D/tests.log | head
