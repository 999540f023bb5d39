#!/bin/bash
# Session 36, call 1: the coprime core at the head before this session, 12345 x 6789 bytes:
# the bench row and a full Nsight Compute report of its two kernels (details and SASS source
# counters; the .ncu-rep itself is not kept).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin/xpose
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm --format=csv > $D/dev.txt
$B bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 20 > $D/bench_e1.txt 2>&1
ncu --clock-control none --set full --import-source no -k regex:op_kernel -c 2 -o $D/prof_e1 $B bench --inplace --shape 12345x6789 --elem-bytes 1 --reps 1 --warmup 0 --no-verify --strategies auto
ncu --import $D/prof_e1.ncu-rep --page details > $D/details_e1.txt 2>&1
ncu --import $D/prof_e1.ncu-rep --page source --csv --print-source sass > $D/sass_e1.csv 2>&1
