#!/bin/bash
# Session 44, call 4 (heads_experiment.patch plus XPOSE_EXP=0 / 10 and XPOSE_ROWS): fp32 on narrow
# matrices in row order (variants ending in r: XPOSE_ROWS=1; x0 = the 64 x 64 tile, x1 = 128 x 32,
# x2 = 32 x 128), and 1-/2-byte skinny shapes on the register tile (x9) or on its four-micro-row
# form whatever the output sectors (x10). Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/narrow; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round variants name ebytes args
  local round=$1 vars=$2 name=$3 eb=$4; shift 4
  for v in $vars; do
    echo "== round $round $v $name $eb"
    unset XPOSE_EXP XPOSE_ROWS
    case $v in x*r) export XPOSE_ROWS=1; v=${v%r};; esac
    case $v in x*) export XPOSE_EXP=${v#x};; esac
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  F="base x0r x1 x1r"
  run $round "$F" 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round "$F" 1048576x72 e4 --shape 1048576x72 --elem-bytes 4
  run $round "$F" 262144x96 e4 --shape 262144x96 --elem-bytes 4
  run $round "$F" 524288x144 e4 --shape 524288x144 --elem-bytes 4
  run $round "$F" 65536x160 e4 --shape 65536x160 --elem-bytes 4
  run $round "$F" 200000x200 e4 --shape 200000x200 --elem-bytes 4
  run $round "$F" 262144x128 e4 --shape 262144x128 --elem-bytes 4
  run $round "$F" 131072x320 e4 --shape 131072x320 --elem-bytes 4
  run $round "$F" 512x1024x80 e4 --batch 512 --shape 1024x80 --elem-bytes 4
  run $round "$F" 512x1024x96 e4 --batch 512 --shape 1024x96 --elem-bytes 4
  run $round "$F" 16384x8200 e4 --shape 16384x8200 --elem-bytes 4
  W="base x0r x2 x2r"
  run $round "$W" 80x1048576 e4 --shape 80x1048576 --elem-bytes 4
  run $round "$W" 96x262144 e4 --shape 96x262144 --elem-bytes 4
  run $round "$W" 160x65536 e4 --shape 160x65536 --elem-bytes 4
  run $round "$W" 512x80x1024 e4 --batch 512 --shape 80x1024 --elem-bytes 4
  S="base x9 x10"
  run $round "$S" 512x40x1024 e2 --batch 512 --shape 40x1024 --elem-bytes 2
  run $round "$S" 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
  run $round "$S" 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round "$S" 1024x48x512 e1 --batch 1024 --shape 48x512 --elem-bytes 1
  run $round "$S" 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  T="base x9"
  run $round "$T" 1048576x64 e2 --shape 1048576x64 --elem-bytes 2
  run $round "$T" 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
  run $round "$T" 4194304x64 e2 --shape 4194304x64 --elem-bytes 2
  run $round "$T" 2097152x48 e2 --shape 2097152x48 --elem-bytes 2
  run $round "$T" 2097152x56 e2 --shape 2097152x56 --elem-bytes 2
  run $round "$T" 4096x256x64 e2 --batch 4096 --shape 256x64 --elem-bytes 2
  run $round "$T" 8388608x64 e1 --shape 8388608x64 --elem-bytes 1
  run $round "$T" 2097152x48 e1 --shape 2097152x48 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
