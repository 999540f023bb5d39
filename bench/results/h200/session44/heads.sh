#!/bin/bash
# Session 44, call 2 (heads_experiment.patch): attention-style batches (batch x heads, sequence,
# head dimension). base: auto as committed. XPOSE_EXP=9: 1- and 2-byte matrices that auto sends to
# the skinny kernels (a side of 33-64) take the register tile instead. XPOSE_EXP=1..4: fp32 on the
# vectorized tile as 128 x 32, 32 x 128, 64 x 32 or 32 x 64 tiles (rows x columns) instead of
# 64 x 64, for sides that leave a 16-wide edge tile (80, 96, 112). Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/heads; mkdir -p $D
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
  for e in 1 2; do
    run $round "base x9" 1024x512x64 e$e --batch 1024 --shape 512x64 --elem-bytes $e
    run $round "base x9" 1024x64x512 e$e --batch 1024 --shape 64x512 --elem-bytes $e
    run $round "base x9" 2048x256x64 e$e --batch 2048 --shape 256x64 --elem-bytes $e
    run $round "base x9" 512x1024x40 e$e --batch 512 --shape 1024x40 --elem-bytes $e
    run $round "base" 512x1024x80 e$e --batch 512 --shape 1024x80 --elem-bytes $e
    run $round "base" 512x1024x96 e$e --batch 512 --shape 1024x96 --elem-bytes $e
    run $round "base" 256x2048x128 e$e --batch 256 --shape 2048x128 --elem-bytes $e
  done
  run $round "base x1 x2 x3 x4" 512x1024x80 e4 --batch 512 --shape 1024x80 --elem-bytes 4
  run $round "base x1 x2 x3 x4" 512x80x1024 e4 --batch 512 --shape 80x1024 --elem-bytes 4
  run $round "base x1 x2 x3 x4" 512x1024x96 e4 --batch 512 --shape 1024x96 --elem-bytes 4
  run $round "base x1 x2 x3 x4" 512x1024x112 e4 --batch 512 --shape 1024x112 --elem-bytes 4
  run $round "base x1 x2 x3 x4" 1024x512x64 e4 --batch 1024 --shape 512x64 --elem-bytes 4
  run $round "base x1 x2 x3 x4" 8192x8192 e4 --shape 8192x8192 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
