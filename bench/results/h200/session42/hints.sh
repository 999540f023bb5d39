#!/bin/bash
# Session 42, call 2: the load form of the fp32 vectorized tile and the 1-/2-byte register tile
# (XPOSE_HINT, experiment build: hints_experiment.patch): 0 __ldcs (the library's), 1 ld.cs with an
# L2::256B prefetch size, 2 plain ld with L2::256B, 3 ld.cs L2::128B, 4 plain L2::128B, 5 plain;
# against the head's binary (old), on pitches that are and are not multiples of 256 bytes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/hints; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
(
for round in 1 2; do
for s in "8192x8192 4 9000" "8192x8192 4" "9000x9000 4" "50000x50000 4" "12000x12000 4" "4096x4096 4" "16384x16384 4" "32768x8192 4" "8192x2048 4" "70000x70000 1" "8208x8208 1" "16384x16384 1" "8200x8200 2" "16384x16384 2"; do
  set -- $s
  LD=""; [ -n "$3" ] && LD="--ld-in $3 --ld-out $3"
  for v in old 0 1 2 3 4 5; do
    echo "== round $round $v $1${3:+ld$3} e$2"
    if [ $v = old ]; then X=$B/xpose_old; unset XPOSE_HINT; else X=$B/xpose; export XPOSE_HINT=$v; fi
    timeout 60 $X bench --shape $1 $LD --elem-bytes $2 --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done
done
) > $D/ab.txt 2>&1
grep -c "" $D/ab.txt
