#!/bin/bash
# Session 42, call 1: column order inside bands of 2^L tile rows (XPOSE_BAND_LOG2, experiment
# build: bands_experiment.patch) against plain column order (unset) and the head's binary, on
# huge and suite-size shapes; then the tile-order and transpose-case GPU tests with bands on.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/bands; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
(
for round in 1; do
for s in "50000x50000 4" "70000x70000 1" "40000x40000 8" "32768x32768 4" "32768x32768 2" "28000x28000 16" "32768x8192 4" "16384x16384 1" "16384x16384 4" "8192x8192 4"; do
  set -- $s
  for v in old 0 3 4 5 6; do
    echo "== round $round $v $1 e$2"
    if [ $v = old ]; then X=$B/xpose_old; unset XPOSE_BAND_LOG2; elif [ $v = 0 ]; then X=$B/xpose; unset XPOSE_BAND_LOG2; else X=$B/xpose; export XPOSE_BAND_LOG2=$v; fi
    timeout 60 $X bench --shape $1 --elem-bytes $2 --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto|cuBLAS)" 
  done
done
done
) > $D/ab.txt 2>&1
unset XPOSE_BAND_LOG2
# tests: next call
grep -c "" $D/ab.txt
