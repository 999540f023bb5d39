#!/bin/bash
# Session 45, call 1: A/B of auto, old (the build of 2215dfc, session 44's head) against new
# (register-tile warp stacks no taller than the rows for bytes under 1024 columns; the vectorized
# tile's partial tiles moving whole vectors as vectors), two rounds of 30; every out-of-place GPU
# test with the new build.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/edges; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  # bytes, register tile under 1024 columns (launch_narrow_bytes)
  run $round 1024x64x512 e1 --batch 1024 --shape 64x512 --elem-bytes 1
  run $round 64x64x512 e1 --batch 64 --shape 64x512 --elem-bytes 1
  run $round 40x96x496 e1 --batch 40 --shape 96x496 --elem-bytes 1
  run $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  run $round 4096x200x128 e1 --batch 4096 --shape 200x128 --elem-bytes 1
  run $round 256x160x384 e1 --batch 256 --shape 160x384 --elem-bytes 1
  run $round 1024x512x64 e1 --batch 1024 --shape 512x64 --elem-bytes 1
  run $round 4194304x64 e1 --shape 4194304x64 --elem-bytes 1
  run $round 32x2048x128 e1 --batch 32 --shape 2048x128 --elem-bytes 1
  run $round 8192x512 e1 --shape 8192x512 --elem-bytes 1
  # fp32, partial tiles with 16-byte rows (vectorized tile)
  for c in 72 80 112; do
    run $round 512x1024x$c e4 --batch 512 --shape 1024x$c --elem-bytes 4
  done
  run $round 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round 262144x100 e4 --shape 262144x100 --elem-bytes 4
  run $round 68x262144 e4 --shape 68x262144 --elem-bytes 4
  run $round 80x262144 e4 --shape 80x262144 --elem-bytes 4
  run $round 64x2048x212 e4 --batch 64 --shape 2048x212 --elem-bytes 4
  run $round 1000x1000 e4 --shape 1000x1000 --elem-bytes 4
  run $round 8200x8200 e4 --shape 8200x8200 --elem-bytes 4
  run $round 9000x9000 e4 --shape 9000x9000 --elem-bytes 4
  run $round 10000x10000 e4 --shape 10000x10000 --elem-bytes 4
  run $round 8192x8192 e4 --shape 8192x8192 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -4 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
