#!/bin/bash
# Session 42, call 4: whole 256-byte L2 fetches for input rows off 256-byte boundaries in the
# fp32 vectorized tile, the 8-byte padded tile and the 16-byte split tile (fetch_experiment.patch).
# Variants: old (the head's binary), rule (the new binary's rule: plain ld.global.L2::256B for such
# rows), first (XPOSE_FETCH=2: ld.global.cs.L2::256B instead), never (XPOSE_FETCH=0: the new
# binary with the head's loads).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/fetch; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old rule first never; do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_FETCH; X=$B/xpose
    case $v in old) X=$B/xpose_old;; first) export XPOSE_FETCH=2;; never) export XPOSE_FETCH=0;; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8192x8192ld9000 e4 --shape 8192x8192 --ld-in 9000 --ld-out 9000 --elem-bytes 4
8192x8192ld8200 e4 --shape 8192x8192 --ld-in 8200 --ld-out 8200 --elem-bytes 4
9000x9000ld10000 e4 --shape 9000x9000 --ld-in 10000 --ld-out 10000 --elem-bytes 4
4096x4096ld4100 e4 --shape 4096x4096 --ld-in 4100 --ld-out 4100 --elem-bytes 4
30000x2000ld2052 e4 --shape 30000x2000 --ld-in 2052 --ld-out 30004 --elem-bytes 4
b8x3000x3000 e4 --batch 8 --shape 3000x3000 --elem-bytes 4
9000x9000 e4 --shape 9000x9000 --elem-bytes 4
6000x10000 e4 --shape 6000x10000 --elem-bytes 4
30000x2000 e4 --shape 30000x2000 --elem-bytes 4
50000x50000 e4 --shape 50000x50000 --elem-bytes 4
12000x12000 e4 --shape 12000x12000 --elem-bytes 4
5000x5000 e4 --shape 5000x5000 --elem-bytes 4
4096x4096 e4 --shape 4096x4096 --elem-bytes 4
8192x8192 e4 --shape 8192x8192 --elem-bytes 4
16384x16384 e4 --shape 16384x16384 --elem-bytes 4
32768x8192 e4 --shape 32768x8192 --elem-bytes 4
b64x512x512 e4 --batch 64 --shape 512x512 --elem-bytes 4
9000x9000 e8 --shape 9000x9000 --elem-bytes 8
6000x6000 e8 --shape 6000x6000 --elem-bytes 8
8192x8192ld9000 e8 --shape 8192x8192 --ld-in 9000 --ld-out 9000 --elem-bytes 8
30000x2000 e8 --shape 30000x2000 --elem-bytes 8
4096x4096 e8 --shape 4096x4096 --elem-bytes 8
8192x8192 e8 --shape 8192x8192 --elem-bytes 8
16384x16384 e8 --shape 16384x16384 --elem-bytes 8
9000x9000 e16 --shape 9000x9000 --elem-bytes 16
4500x4500 e16 --shape 4500x4500 --elem-bytes 16
3000x5000 e16 --shape 3000x5000 --elem-bytes 16
8192x8192ld9000 e16 --shape 8192x8192 --ld-in 9000 --ld-out 9000 --elem-bytes 16
4096x4096 e16 --shape 4096x4096 --elem-bytes 16
8192x8192 e16 --shape 8192x8192 --elem-bytes 16
LIST
done
) > $D/ab.txt 2>&1
grep -c "" $D/ab.txt
