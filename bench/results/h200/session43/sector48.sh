#!/bin/bash
# Session 43, call 11 (sector48_experiment.patch on the session's records commit): the sector tile
# (each tile stores whole output sectors, staging the input rows above it that the shift needs)
# for 4- and 8-byte elements on 16-byte aligned output rows off sectors, in place of the fp32
# vectorized tile and the 8-byte padded tile: XPOSE_SECT = 1 (32 x 32, 256 threads), 2 (64 x 64,
# 512), 3 (32 x 32, 512), 4 (64 x 64, 256). base: the same binary without it. Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/sector48; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in base s1 s2 s3 s4; do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_SECT; case $v in s*) export XPOSE_SECT=${v#s};; esac
    timeout 60 $B/xpose bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8196x8192 e4 --shape 8196x8192 --elem-bytes 4
16388x8192 e4 --shape 16388x8192 --elem-bytes 4
4100x4096 e4 --shape 4100x4096 --elem-bytes 4
8194x8192 e8 --shape 8194x8192 --elem-bytes 8
16386x8192 e8 --shape 16386x8192 --elem-bytes 8
4098x4096 e8 --shape 4098x4096 --elem-bytes 8
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
