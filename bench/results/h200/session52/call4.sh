#!/bin/bash
# Session 52, call 4. The library at 5cdc13d (release/acquire barrier, bulk copies first): every
# in-place GPU test. A variant whose pair records read their first chunks from a shared copy of
# the plan's chunk_begin (-DXPOSE_HOLD_SHARED_CHUNKS: 32 lanes reading 32 addresses of the kernel
# parameter serialize in the constant cache) against it, two rounds; hold_trace of both; Nsight
# Compute's DRAM bytes and throughput of the hold sweep kernel for 31 x 2M fp32 and bytes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 300 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_inplace.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests_inplace.txt | head
gzip $D/gpu_tests_inplace.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "16x1048576 8"; do
    set -- $s
    for x in new chunks; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for x in base chunks; do for e in 4 1; do
  echo "== trace $x 31 x 2097152 e$e"; timeout 60 $B/hold_trace_$x 31 2097152 $e
done; done > $D/trace.txt 2>&1
cat $D/trace.txt
for e in 4 1; do
  echo "== ncu 31x2097152 e$e"
  timeout 90 ncu --clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum -k regex:hold_sweep -c 1 $B/xpose bench --inplace --shape 31x2097152 --elem-bytes $e --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "hold_sweep|duration|dram|lts|inst_exec"
done > $D/ncu.txt 2>&1
cat $D/ncu.txt
