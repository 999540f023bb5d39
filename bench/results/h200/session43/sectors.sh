#!/bin/bash
# Session 43, call 2 (sectors_experiment.patch on 7e3bb32): the 1-/2-byte register tile on row
# pitches off 32-byte sectors (8208^2 bytes 74%, 70000^2 61.5%, 8200^2 2-byte 71%). XPOSE_RT picks
# the register tile's loads and stores on the wide path: rt4 loads evict-first, stores plain;
# rt7 both plain; rt5 loads ld.L2::256B, stores plain; rt6 loads ld.cs.L2::256B, stores plain;
# rt2 ld.cs.L2::256B with evict-first stores (session 42's rt2); rt8 8 micro-rows a warp (128-byte
# store runs), hints as now; rt12 the same with plain stores; rt14 with ld.cs.L2::256B and plain
# stores. old: the head's binary; base: this binary without XPOSE_RT.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/sectors; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old base rt4 rt7 rt5 rt6 rt2 rt8 rt12 rt14; do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_RT; X=$B/xpose
    case $v in old) X=$B/xpose_old;; rt*) export XPOSE_RT=${v#rt};; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
9008x9008 e1 --shape 9008x9008 --elem-bytes 1
16400x16400 e1 --shape 16400x16400 --elem-bytes 1
70000x70000 e1 --shape 70000x70000 --elem-bytes 1
8192x8192ld8208 e1 --shape 8192x8192 --ld-in 8208 --ld-out 8208 --elem-bytes 1
8200x8200 e2 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 --shape 9000x9000 --elem-bytes 2
16400x16400 e2 --shape 16400x16400 --elem-bytes 2
16384x16384 e1 --shape 16384x16384 --elem-bytes 1
8192x8192 e1 --shape 8192x8192 --elem-bytes 1
32768x8192 e1 --shape 32768x8192 --elem-bytes 1
8192x8192 e2 --shape 8192x8192 --elem-bytes 2
16384x16384 e2 --shape 16384x16384 --elem-bytes 2
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"; grep -iE "fail|error" $D/ab.txt | head
