#!/bin/bash
# Session 51, call 2. The column op's stage loaded in groups, second form: destinations walked in
# the order of their windows' last source row (keys), so d, its source row and its offset step by
# constants (the store loop is the one-group loop with one more wrap), each source row loaded in
# the group of the first thing that needs it. P = 1 is the same walk with one group (no overlap).
# In-place GPU tests with P = 4 and P = 1 / 2 / 8, A/B bench rows (P = 0 / 1 / 4 / 8, two rounds),
# ncu durations of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
XPOSE_COLUMN_PHASES=4 timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_p4.txt 2>&1; echo "p4 tests rc $?"; tail -3 $D/gpu_tests_p4.txt
grep -E "FAILED|Failure" $D/gpu_tests_p4.txt | head -20
for x in 1 2 8; do
XPOSE_COLUMN_PHASES=$x timeout 100 $B/xpose_gpu_tests --gtest_filter='*CoprimeCore*:InplaceRandomized*:InplaceLarge*' > $D/gpu_tests_p$x.txt 2>&1; echo "p$x tests rc $?"; tail -1 $D/gpu_tests_p$x.txt
grep -E "FAILED|Failure" $D/gpu_tests_p$x.txt | head -20
done
gzip $D/gpu_tests_p*.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "6789x12345 1" "12345x6789 2" "12345x10001 1" "27296x24267 1" "12345x6789 4" "8192x4100 1" "12345x10001 2"; do
    set -- $s
    for x in 0 1 4 8; do
      echo "== round $round phases$x $1 e$2"
      XPOSE_COLUMN_PHASES=$x timeout 60 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for s in "12345x6789 1" "6789x12345 1" "12345x6789 2"; do
  set -- $s
  for x in 0 1 4 8; do
    echo "== phases$x $1 e$2" >> $D/ncu.txt
    XPOSE_COLUMN_PHASES=$x timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed -k regex:column_op -c 1 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "column_op|duration|inst_exec|dram" >> $D/ncu.txt
  done
done
cat $D/ncu.txt
