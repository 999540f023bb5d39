#!/bin/bash
# Session 39, call 3: column-op stores in a row order that starts from the global clock
# (clock_experiment.patch): with XPOSE_EXP=64 every thread starts its rows at
# (%globaltimer / XPOSE_EXP_NS) mod b, so blocks storing at the same time store about the
# same rows whatever their start. Bench rows verified; ncu column-op durations.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/clock; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4" "12345x6789 8" "12345x6789 16" "12345x10001 1" "12345x10001 4"; do
  set -- $s
  for v in "0 0" "64 3" "64 6" "64 12" "64 24"; do
    set -- $s $v
    echo "== round $round exp$3ns$4 $1 e$2" >> $D/ab.txt
    XPOSE_EXP=$3 XPOSE_EXP_NS=$4 $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 4"; do
  set -- $s
  for v in "0 0" "64 3" "64 6" "64 12" "64 24"; do
    set -- $s $v
    echo "== exp$3ns$4 $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$3 XPOSE_EXP_NS=$4 ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed -k regex:column_op_kernel -c 1 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "duration|throughput" >> $D/ncu.txt
  done
done
