#!/bin/bash
# Session 40, call 5: the coprime core's stages loaded by bulk copies (cp.async.bulk, counted on
# one mbarrier) instead of a cp.async a 16-byte chunk: the row op in pieces of up to 2 KiB
# (XPOSE_EXP_BULK bit 1), the column op one copy a line (bit 2). bulk_experiment.patch; "0" is
# the committed code. Coprime-core GPU tests and the random in-place shapes with 3, bench rows
# (verified) in two rounds, ncu of both passes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/bulk; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
XPOSE_EXP_BULK=3 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:*InplaceRandomized*:*ColumnClusters*:*ClusterRows*:InplaceLarge.WideRows*' > $D/tests.log 2>&1
tail -1 $D/tests.log; grep FAILED $D/tests.log | head -5
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4" "6789x12345 1" "12345x10001 1" "27296x24267 1"; do
  for v in 0 1 2 3; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    XPOSE_EXP_BULK=$v $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|rror" >> $D/ab.txt
  done
done
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
for v in 0 3; do
  echo "== $v 12345x6789 e1" >> $D/ncu.txt
  XPOSE_EXP_BULK=$v ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum -k regex:op_kernel -c 2 $B bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_kernel|duration|throughput|inst_exec" | sed -E 's/\(T1.*//' >> $D/ncu.txt
done
cat $D/ncu.txt
