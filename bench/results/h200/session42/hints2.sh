#!/bin/bash
# Session 42, call 3: load forms (XPOSE_HINT, hints2_experiment.patch: 0 the library's, 1 ld.cs
# L2::256B, 2 ld L2::256B, 4 ld L2::128B) for the fp32 vectorized tile, the 8-byte padded tile and
# the 16-byte split tile, on input pitches off and on 256-byte multiples, against the head (old).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/hints2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
for s in "8192x8192 4 9000" "8192x8192 4 8200" "8192x8192 4 8224" "9000x9000 4" "3000x3000 4" "4000x4100 4" "6000x10000 4" "9000x8192 4" "8192x9000 4" "30000x2000 4" "10000x6000 4" "2000x30000 4" "5000x5000 4" "50000x50000 4" "1000x1000 4" "20000x20000 4" "4096x4096 4" "8192x2048 4" "16384x1024 4" "2048x8192 4" "9000x9000 8" "6000x6000 8" "8192x8192 8 9000" "30000x2000 8" "8192x8192 8" "9000x9000 16" "4500x4500 16" "3000x5000 16" "8192x8192 16"; do
  set -- $s
  LD=""; [ -n "$3" ] && LD="--ld-in $3 --ld-out $3"
  for v in old 0 1 2 4; do
    echo "== round $round $v $1${3:+ld$3} e$2"
    if [ $v = old ]; then X=$B/xpose_old; unset XPOSE_HINT; else X=$B/xpose; export XPOSE_HINT=$v; fi
    timeout 60 $X bench --shape $1 $LD --elem-bytes $2 --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done
done
) > $D/ab.txt 2>&1
grep -c "" $D/ab.txt
