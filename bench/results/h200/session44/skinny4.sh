#!/bin/bash
# Session 44, call 6 (skinny4_experiment.patch on ece8523): fp32 matrices with a side of 33-63
# (the skinny kernels) on the narrow vectorized tiles instead (x5: 128 x 32 in row order for
# narrow columns, 32 x 128 for narrow rows); and where 8- and 16-byte elements stand on narrow
# sides (base only). Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/skinny4; mkdir -p $D
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
  run $round "base x5" 1024x512x48 e4 --batch 1024 --shape 512x48 --elem-bytes 4
  run $round "base x5" 1024x48x512 e4 --batch 1024 --shape 48x512 --elem-bytes 4
  run $round "base x5" 1024x512x40 e4 --batch 1024 --shape 512x40 --elem-bytes 4
  run $round "base x5" 1024x512x56 e4 --batch 1024 --shape 512x56 --elem-bytes 4
  run $round "base x5" 2097152x48 e4 --shape 2097152x48 --elem-bytes 4
  run $round "base x5" 48x2097152 e4 --shape 48x2097152 --elem-bytes 4
  run $round "base x5" 4194304x40 e4 --shape 4194304x40 --elem-bytes 4
  run $round "base x5" 40x4194304 e4 --shape 40x4194304 --elem-bytes 4
  run $round "base x5" 2097152x60 e4 --shape 2097152x60 --elem-bytes 4
  for e in 8 16; do
    run $round base 512x1024x80 e$e --batch 512 --shape 1024x80 --elem-bytes $e
    run $round base 512x1024x48 e$e --batch 512 --shape 1024x48 --elem-bytes $e
    run $round base 512x1024x64 e$e --batch 512 --shape 1024x64 --elem-bytes $e
    run $round base 512x80x1024 e$e --batch 512 --shape 80x1024 --elem-bytes $e
    run $round base 1048576x80 e$e --shape 1048576x80 --elem-bytes $e
    run $round base 1048576x96 e$e --shape 1048576x96 --elem-bytes $e
    run $round base 80x1048576 e$e --shape 80x1048576 --elem-bytes $e
    run $round base 1048576x128 e$e --shape 1048576x128 --elem-bytes $e
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
