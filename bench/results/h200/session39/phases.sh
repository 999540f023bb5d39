#!/bin/bash
# Session 39, call 1: where the coprime core's time goes for 12345 x 6789 bytes (and 2-byte,
# fp32). Experiment build (phases_experiment.patch): XPOSE_EXP bits skip parts of the two
# kernels (1 column-op stores, 2 column-op loads, 4 row-op stores, 8 row-op loads); results
# are wrong with any bit set, so those runs pass --no-verify.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/phases; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4"; do
  set -- $s
  for x in 0 1 2 3 4 8 12; do
    echo "== exp $x $1 e$2" >> $D/bench.txt
    v=""; [ $x != 0 ] && v=--no-verify
    XPOSE_EXP=$x $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 $v 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/bench.txt
  done
  for x in 0 1 2 4 8; do
    echo "== exp $x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$x ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,smsp__inst_executed.sum -k regex:op_kernel -c 2 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_kernel|duration|throughput|sectors|inst_exec" >> $D/ncu.txt
  done
done
