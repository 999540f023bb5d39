#!/bin/bash
# Session 41, call 1: where the hold sweep's time goes on the H200 (31 x 2M bytes and fp32 read
# 44.6 / 44.9% of memcpy there against 55.9 / 54.7% on the H100, at about the same GB/s).
# hold_trace (library object built with -DXPOSE_HOLD_TRACE), hold_copy (the hold-barrier-store
# bound), launch_cost, bench rows, and Nsight Compute sections of the hold kernel.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/hold_profile; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv > $D/device.txt
for s in "31 2097152 1" "31 2097152 4" "24 2097152 1" "16 2097152 4"; do set -- $s; $B/hold_trace $1 $2 $3 >> $D/trace.txt 2>&1; done
for s in "31x2097152 1" "31x2097152 4" "24x2097152 1" "16x2097152 4"; do set -- $s
  echo "== $1 e$2" >> $D/bench.txt
  $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/bench.txt
done
$B/hold_copy > $D/hold_copy.txt 2>&1
$B/launch_cost > $D/launch_cost.txt 2>&1
for s in "31x2097152 1" "31x2097152 4"; do set -- $s
  ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy -k regex:hold_sweep -c 1 $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto > $D/ncu_$1_e$2.txt 2>&1
done
cat $D/bench.txt $D/trace.txt $D/hold_copy.txt
grep -E "Duration|DRAM Throughput|Memory Throughput|L2 Cache Throughput|Issue|Stall|Compute \(SM\)" $D/ncu_*.txt | head -40
