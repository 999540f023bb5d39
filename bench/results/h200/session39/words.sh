#!/bin/bash
# Session 39, call 4: the column op's 1- and 2-byte elements stored as aligned 4-byte words
# (XPOSE_EXP=128, words_experiment.patch) against the element stores (XPOSE_EXP=0): the
# coprime-core GPU tests with the switch on, then bench rows (verified) and ncu durations.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/words; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
XPOSE_EXP=128 /tmp/bins/xpose_gpu_tests --gtest_filter='InplaceCoprimeCore*:InplaceLarge.WideRowsOnWholeSectors:InplaceRandomized*' > $D/tests.log 2>&1
tail -3 $D/tests.log
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "6789x12345 2" "12345x10001 1" "12345x10001 2" "27296x24267 1" "2000x1501 2" "18193x392 2" "4096x1000 1" "4096x1000 2" "1000x96 1"; do
  for x in 0 128; do
    set -- $s
    echo "== round $round exp$x $1 e$2" >> $D/ab.txt
    XPOSE_EXP=$x $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1"; do
  for x in 0 128; do
    set -- $s
    echo "== exp$x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$x ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum -k regex:op_kernel -c 2 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_kernel|duration|throughput|inst_exec" | sed -E 's/\(T1.*//' >> $D/ncu.txt
  done
done
