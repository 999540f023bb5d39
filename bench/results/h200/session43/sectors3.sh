#!/bin/bash
# Session 43, call 4 (sectors3_experiment.patch on 7e3bb32): call 3 found 16 micro-rows a warp
# with ld.cs.L2::256B loads (rt18) +13 to +21 points where output rows are off 32-byte sectors.
# Here, on such shapes: rt17 (the same with plain ld.L2::256B loads), rt50 / rt49 (two warp rows:
# 512-byte output runs a block, cs / plain 256-byte loads); on shapes whose input rows only are off
# 256 bytes or sectors: rt2 (4 micro-rows, ld.cs.L2::256B) and rt10 (8 micro-rows, the same).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/sectors3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes variants args; do
  for v in $(echo $variants | tr , ' '); do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_RT; X=$B/xpose
    case $v in rt*) export XPOSE_RT=${v#rt};; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8208x8208 e1 base,rt18,rt17,rt50,rt49 --shape 8208x8208 --elem-bytes 1
16400x16400 e1 base,rt18,rt17,rt50,rt49 --shape 16400x16400 --elem-bytes 1
70000x70000 e1 base,rt18,rt17,rt50,rt49 --shape 70000x70000 --elem-bytes 1
4112x4112 e1 base,rt18,rt17,rt50,rt49 --shape 4112x4112 --elem-bytes 1
30000x8208 e1 base,rt18,rt17,rt50,rt49 --shape 30000x8208 --elem-bytes 1
8208x8192 e1 base,rt18,rt17,rt50,rt49 --shape 8208x8192 --elem-bytes 1
b4x4112x4112 e1 base,rt18,rt17,rt50,rt49 --batch 4 --shape 4112x4112 --elem-bytes 1
8200x8200 e2 base,rt18,rt17,rt50,rt49 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 base,rt18,rt17,rt50,rt49 --shape 9000x9000 --elem-bytes 2
4104x4104 e2 base,rt18,rt17,rt50,rt49 --shape 4104x4104 --elem-bytes 2
8200x8192 e2 base,rt18,rt17,rt50,rt49 --shape 8200x8192 --elem-bytes 2
20008x8200 e2 base,rt18,rt17,rt50,rt49 --shape 20008x8200 --elem-bytes 2
8192x8208 e1 base,rt2,rt10 --shape 8192x8208 --elem-bytes 1
8192x8192in8208 e1 base,rt2,rt10 --shape 8192x8192 --ld-in 8208 --ld-out 8192 --elem-bytes 1
8192x8200 e2 base,rt2,rt10 --shape 8192x8200 --elem-bytes 2
16400x16400 e2 base,rt2,rt10 --shape 16400x16400 --elem-bytes 2
8192x8192in9024 e1 base,rt2,rt10 --shape 8192x8192 --ld-in 9024 --ld-out 8192 --elem-bytes 1
16384x16384 e1 base,rt2,rt10 --shape 16384x16384 --elem-bytes 1
8192x8192 e2 base,rt2,rt10 --shape 8192x8192 --elem-bytes 2
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"; grep -iE "fail|error" $D/ab.txt | head
