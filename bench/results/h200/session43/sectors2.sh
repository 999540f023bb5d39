#!/bin/bash
# Session 43, call 3 (sectors2_experiment.patch on 7e3bb32): call 2 found 8 micro-rows a warp
# (rt8: 128-byte store runs, 64-byte load runs) +6 to +9.5 points on pitches off 32-byte sectors
# and -1 to -5 on aligned ones. Here: which side's pitch decides (one side off), 16 micro-rows a
# warp (rt16: 256-byte store runs, 32-byte load runs), and each with ld.cs.L2::256B loads (rt10,
# rt18) or ld.L2::256B (rt9). base: this binary without XPOSE_RT.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/sectors2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in base rt8 rt9 rt10 rt16 rt18; do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_RT; X=$B/xpose
    case $v in rt*) export XPOSE_RT=${v#rt};; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
12304x12304 e1 --shape 12304x12304 --elem-bytes 1
16400x16400 e1 --shape 16400x16400 --elem-bytes 1
70000x70000 e1 --shape 70000x70000 --elem-bytes 1
8192x8208 e1 --shape 8192x8208 --elem-bytes 1
8208x8192 e1 --shape 8208x8192 --elem-bytes 1
8192x8192in8208 e1 --shape 8192x8192 --ld-in 8208 --ld-out 8192 --elem-bytes 1
8192x8192out8208 e1 --shape 8192x8192 --ld-in 8192 --ld-out 8208 --elem-bytes 1
8200x8200 e2 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 --shape 9000x9000 --elem-bytes 2
8192x8200 e2 --shape 8192x8200 --elem-bytes 2
8200x8192 e2 --shape 8200x8192 --elem-bytes 2
16400x16400 e2 --shape 16400x16400 --elem-bytes 2
16384x16384 e1 --shape 16384x16384 --elem-bytes 1
8192x8192 e2 --shape 8192x8192 --elem-bytes 2
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"; grep -iE "fail|error" $D/ab.txt | head
