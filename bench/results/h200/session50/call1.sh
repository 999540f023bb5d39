#!/bin/bash
# Session 50, call 1. The coprime core's column op for 1- and 2-byte elements through a sheared
# stage (sheared_stage_experiment.patch; XPOSE_EXP_SHEAR=1): each source chunk's bytes are
# written into the slot row of the destination row that takes them, and the store is a plain
# copy of each slot row as aligned 32-bit words. In-place GPU tests with the switch, then A/B
# bench rows (in-place % of memcpy, two rounds), then ncu durations of both passes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
XPOSE_EXP_SHEAR=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_shear.txt 2>&1; echo "shear tests rc $?"; tail -3 $D/gpu_tests_shear.txt
grep -E "FAILED|Failure" $D/gpu_tests_shear.txt | head -20
gzip $D/gpu_tests_shear.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "12345x10001 1" "27296x24267 1" "12345x10001 2" "8192x4100 1"; do
    set -- $s
    for x in 0 1; do
      echo "== round $round shear$x $1 e$2"
      XPOSE_EXP_SHEAR=$x timeout 60 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for s in "12345x6789 1" "12345x6789 2"; do
  set -- $s
  for x in 0 1; do
    echo "== shear$x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP_SHEAR=$x timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,lts__t_requests_srcunit_l1_op_write.sum -k regex:op_ -c 2 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_|duration|inst_exec|wavefronts|requests" >> $D/ncu.txt
  done
done
cat $D/ncu.txt
