#!/bin/bash
# Session 51, call 1. The coprime core's column op with its stage loaded in groups
# (column_op_phased_kernel, switch XPOSE_COLUMN_PHASES=P): the block writes each destination row
# as soon as the rows it takes and the row it overwrites are staged, while later groups still
# fly. In-place GPU tests with P = 4 and P = 8, then A/B bench rows (P = 0 / 4 / 8, two rounds),
# then ncu durations of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
XPOSE_COLUMN_PHASES=4 timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_p4.txt 2>&1; echo "p4 tests rc $?"; tail -3 $D/gpu_tests_p4.txt
grep -E "FAILED|Failure" $D/gpu_tests_p4.txt | head -20
XPOSE_COLUMN_PHASES=8 timeout 120 $B/xpose_gpu_tests --gtest_filter='*CoprimeCore*:InplaceRandomized*:InplaceLarge*' > $D/gpu_tests_p8.txt 2>&1; echo "p8 tests rc $?"; tail -3 $D/gpu_tests_p8.txt
grep -E "FAILED|Failure" $D/gpu_tests_p8.txt | head -20
gzip $D/gpu_tests_p4.txt $D/gpu_tests_p8.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "6789x12345 1" "12345x6789 2" "12345x10001 1" "27296x24267 1" "12345x6789 4" "8192x4100 1" "12345x10001 2"; do
    set -- $s
    for x in 0 4 8; do
      echo "== round $round phases$x $1 e$2"
      XPOSE_COLUMN_PHASES=$x timeout 60 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for s in "12345x6789 1" "6789x12345 1" "12345x6789 2"; do
  set -- $s
  for x in 0 4 8; do
    echo "== phases$x $1 e$2" >> $D/ncu.txt
    XPOSE_COLUMN_PHASES=$x timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed -k regex:column_op -c 1 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "column_op|duration|inst_exec|dram" >> $D/ncu.txt
  done
done
cat $D/ncu.txt
