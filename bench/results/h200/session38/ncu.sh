#!/bin/bash
# Session 38, ncu: where the row interleaves' time goes at 4 to 7 rows (and 3 for reference):
# duration, DRAM throughput, occupancy and registers of each step's launch, one call each.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-ncu}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for se in 3x5592406:4 4x4194304:4 7x4194304:4 4194304x7:4 7x16777216:1; do
  s=${se%%:*}; e=${se##*:}
  echo "== $s e$e"
  ncu --section SpeedOfLight --section Occupancy --section LaunchStats -k regex:interleave --launch-count 4 \
    $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 1 --warmup 0 --no-verify 2>&1 |
    grep -E "interleave_kernel|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Grid Size|Block Limit (Registers|Shared)"
done > $D/ncu.txt 2>&1
cat $D/ncu.txt | cut -c1-150
