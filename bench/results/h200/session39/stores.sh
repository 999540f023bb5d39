#!/bin/bash
# Session 39, call 2: the coprime core's column-op stores (stores_experiment.patch). XPOSE_EXP
# bits: 1 skip column-op stores, 2 skip column-op loads, 16 the same stores at contiguous
# addresses (wrong results), 32 the store loop with four stage loads ahead (correct results,
# verified). ncu: kernel durations.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/stores; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4" "12345x6789 16" "12345x10001 1"; do
  set -- $s
  for x in 0 32 0 32; do
    echo "== exp $x $1 e$2" >> $D/bench.txt
    XPOSE_EXP=$x $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/bench.txt
  done
  for x in 0 2 18 16 32 34; do
    echo "== exp $x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$x ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum -k regex:column_op_kernel -c 1 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "duration|throughput|inst_exec" >> $D/ncu.txt
  done
done
