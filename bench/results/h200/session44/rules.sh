#!/bin/bash
# Session 44, call 3 (the binary of call 2, heads_experiment.patch): where the two leads of call 2
# hold. XPOSE_EXP=9: 1- and 2-byte matrices with a side of 33-64 on the register tile instead of
# the skinny kernels, batched and single, tall and wide. XPOSE_EXP=1 / 3: fp32 on 128 x 32 / 64 x
# 32 vectorized tiles instead of 64 x 64, for column counts that are not multiples of 64. Two
# rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rules; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round variants name ebytes args
  local round=$1 vars=$2 name=$3 eb=$4; shift 4
  for v in $vars; do
    echo "== round $round $v $name $eb"
    unset XPOSE_EXP; case $v in x*) export XPOSE_EXP=${v#x};; esac
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  for s in 48 56; do
    run $round "base x9" 1024x512x$s e2 --batch 1024 --shape 512x$s --elem-bytes 2
    run $round "base x9" 1024x${s}x512 e2 --batch 1024 --shape ${s}x512 --elem-bytes 2
  done
  run $round "base x9" 512x1024x40 e2 --batch 512 --shape 1024x40 --elem-bytes 2
  run $round "base x9" 512x40x1024 e2 --batch 512 --shape 40x1024 --elem-bytes 2
  run $round "base x9" 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
  run $round "base x9" 64x2097152 e2 --shape 64x2097152 --elem-bytes 2
  run $round "base x9" 4194304x40 e2 --shape 4194304x40 --elem-bytes 2
  run $round "base x9" 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round "base x9" 65536x64 e2 --shape 65536x64 --elem-bytes 2
  run $round "base x9" 1024x512x48 e1 --batch 1024 --shape 512x48 --elem-bytes 1
  run $round "base x9" 1024x48x512 e1 --batch 1024 --shape 48x512 --elem-bytes 1
  run $round "base x9" 4194304x64 e1 --shape 4194304x64 --elem-bytes 1
  run $round "base x9" 64x4194304 e1 --shape 64x4194304 --elem-bytes 1
  run $round "base x9" 4194304x48 e1 --shape 4194304x48 --elem-bytes 1
  run $round "base x9" 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round "base x9" 131072x64 e1 --shape 131072x64 --elem-bytes 1
  for c in 72 88 104 120 136 144 160 176 200 224 320 400; do
    run $round "base x1 x3" 512x1024x$c e4 --batch 512 --shape 1024x$c --elem-bytes 4
  done
  run $round "base x1 x3" 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round "base x1 x3" 262144x96 e4 --shape 262144x96 --elem-bytes 4
  run $round "base x1 x3" 65536x160 e4 --shape 65536x160 --elem-bytes 4
  run $round "base x1 x3" 8192x200 e4 --shape 8192x200 --elem-bytes 4
  run $round "base x1 x3" 16384x8200 e4 --shape 16384x8200 --elem-bytes 4
  run $round "base x1 x3" 64x1024x1040 e4 --batch 64 --shape 1024x1040 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
