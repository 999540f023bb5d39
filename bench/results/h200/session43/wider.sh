#!/bin/bash
# Session 43, call 10: do the 4- and 8-byte tiles lose as much on output rows off 32-byte
# sectors (pitches of 16 mod 32 bytes) as the register tile did? The committed code, each shape
# next to its aligned neighbour, two rounds of 30 repetitions.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/wider; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  echo "== round $round new $name $ebytes"
  timeout 60 $B/xpose bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
done <<'LIST'
8192x8192 e4 --shape 8192x8192 --elem-bytes 4
8196x8192 e4 --shape 8196x8192 --elem-bytes 4
8192x8196 e4 --shape 8192x8196 --elem-bytes 4
16388x8192 e4 --shape 16388x8192 --elem-bytes 4
8192x8192 e8 --shape 8192x8192 --elem-bytes 8
8194x8192 e8 --shape 8194x8192 --elem-bytes 8
8192x8194 e8 --shape 8192x8194 --elem-bytes 8
16386x8192 e8 --shape 16386x8192 --elem-bytes 8
8193x8192 e16 --shape 8193x8192 --elem-bytes 16
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
