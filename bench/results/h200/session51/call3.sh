#!/bin/bash
# Session 51, call 3. The coprime core's one-block column op with a line pitch congruent to the
# row pitch modulo 16 (switch XPOSE_CONGRUENT=1): line r's run starts at s0 + r * pitch in the
# stage, so the store loop reads element u of its source line at one multiply-add from a 32-bit
# shared address, without the per-element lead (11 instructions a byte instead of 14).
# In-place GPU tests with the switch, A/B bench rows (two rounds), ncu of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
XPOSE_CONGRUENT=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_congruent.txt 2>&1; echo "congruent tests rc $?"; tail -3 $D/gpu_tests_congruent.txt
grep -E "FAILED|Failure" $D/gpu_tests_congruent.txt | head -20
gzip $D/gpu_tests_congruent.txt
(
for round in 1 2; do
  for s in "12345x6789 1" "6789x12345 1" "12345x6789 2" "12345x10001 1" "27296x24267 1" "12345x6789 4" "8192x4100 1" "12345x10001 2" "6789x12345 2" "14000x9001 8"; do
    set -- $s
    for x in 0 1; do
      echo "== round $round congruent$x $1 e$2"
      if [ $x = 1 ]; then export XPOSE_CONGRUENT=1; else unset XPOSE_CONGRUENT; fi
      timeout 60 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
unset XPOSE_CONGRUENT
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for s in "12345x6789 1" "6789x12345 1" "12345x6789 2" "12345x6789 4"; do
  set -- $s
  for x in 0 1; do
    echo "== congruent$x $1 e$2" >> $D/ncu.txt
    if [ $x = 1 ]; then export XPOSE_CONGRUENT=1; else unset XPOSE_CONGRUENT; fi
    timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed -k regex:column_op -c 1 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "column_op|duration|inst_exec|dram" >> $D/ncu.txt
  done
done
unset XPOSE_CONGRUENT
cat $D/ncu.txt
