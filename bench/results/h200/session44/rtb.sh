#!/bin/bash
# Session 44, call 11 (rtb_experiment.patch on 332dc0e): the register tile's block shape for bytes
# with a side of at most 64 (the register tile's launcher picks it by columns and grid size only).
# XPOSE_RTB: 1 = 4 micro-rows a warp, one row of 8 warps (64 x 1024 bytes); 2 = two warp rows
# (128 x 512); 3 = 8 micro-rows a warp, 8 warp rows (1024 x 64); 4 = 8 micro-rows, 4 warp rows
# (512 x 128). base: the committed choice. One round of 30: a lead for later, not a rule.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rtb; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # name ebytes args
  local name=$1 eb=$2; shift 2
  for v in base b1 b2 b3 b4; do
    echo "== round 1 $v $name $eb"
    unset XPOSE_RTB; case $v in b*) export XPOSE_RTB=${v#b};; esac
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
run 1024x64x512 e1 --batch 1024 --shape 64x512 --elem-bytes 1
run 333x64x1024 e1 --batch 333 --shape 64x1024 --elem-bytes 1
run 64x4194304 e1 --shape 64x4194304 --elem-bytes 1
run 4194304x64 e1 --shape 4194304x64 --elem-bytes 1
run 1024x512x64 e1 --batch 1024 --shape 512x64 --elem-bytes 1
run 2097152x48 e1 --shape 2097152x48 --elem-bytes 1
run 8192x8192 e1 --shape 8192x8192 --elem-bytes 1
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
