#!/bin/bash
# Session 37, final: the one-tile square pairs as committed ("new", this build) against the
# session's start ("old": the two-tile kernel, the build of one_tile2.sh with no switch set) on
# the 4- to 16-byte squares, squares with edge tiles, a square grid and stacked squares, two rounds;
# the in-place suite; every GPU test.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-final}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
for round in 1 2; do
  for se in 4096x4096:4 8192x8192:4 16384x16384:4 32768x32768:4 4096x4096:8 8192x8192:8 16384x16384:8 32768x32768:8 4096x4096:16 8192x8192:16 16384x16384:16 32768x32768:16 4100x4100:4 8200x8200:8 16390x16390:8 4097x4097:16 30000x7000:4 30000x7000:16 8192x4096:4 8192x4096:16 16384x1024:16; do
    s=${se%%:*}; e=${se##*:}
    for v in old new; do
      X=$B/xpose; [ $v = old ] && X=$B/xpose_old
      echo "== round $round $v $s e$e"
      $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
$B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc=$?"; tail -3 $D/tests.log
gzip $D/tests.log
