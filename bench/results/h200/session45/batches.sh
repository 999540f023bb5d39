#!/bin/bash
# Session 45, call 2. (a) The vectorized tile's edge vectors with plain (not evict-first)
# accesses: old (2215dfc) against new, two rounds of 30, fp32 shapes with partial tiles.
# (b) Batches of 1-16-byte matrices whose sides are not whole 16-byte vectors, old against
# new with XPOSE_SKINNY_MAX=1024 (batches_experiment.patch: the general skinny kernel for any
# side up to 1024), one round.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/batches; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes variants args
  local round=$1 name=$2 eb=$3 variants=$4; shift 4
  for v in $variants; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    unset XPOSE_SKINNY_MAX; [ $v = sk ] && export XPOSE_SKINNY_MAX=1024
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  run $round 262144x100 e4 "old new" --shape 262144x100 --elem-bytes 4
  run $round 68x262144 e4 "old new" --shape 68x262144 --elem-bytes 4
  run $round 80x262144 e4 "old new" --shape 80x262144 --elem-bytes 4
  run $round 512x1024x80 e4 "old new" --batch 512 --shape 1024x80 --elem-bytes 4
  run $round 1048576x80 e4 "old new" --shape 1048576x80 --elem-bytes 4
  run $round 512x1024x72 e4 "old new" --batch 512 --shape 1024x72 --elem-bytes 4
  run $round 64x2048x212 e4 "old new" --batch 64 --shape 2048x212 --elem-bytes 4
  run $round 9000x9000 e4 "old new" --shape 9000x9000 --elem-bytes 4
  run $round 8192x8192 e4 "old new" --shape 8192x8192 --elem-bytes 4
done
for e in 1 2 4 8; do
  run 1 2048x100x256 e$e "old sk" --batch 2048 --shape 100x256 --elem-bytes $e
  run 1 2048x256x100 e$e "old sk" --batch 2048 --shape 256x100 --elem-bytes $e
  run 1 4096x200x128 e$e "old sk" --batch 4096 --shape 200x128 --elem-bytes $e
  run 1 512x300x200 e$e "old sk" --batch 512 --shape 300x200 --elem-bytes $e
  run 1 256x1000x100 e$e "old sk" --batch 256 --shape 1000x100 --elem-bytes $e
  run 1 256x100x1000 e$e "old sk" --batch 256 --shape 100x1000 --elem-bytes $e
  run 1 64x1000x1000 e$e "old sk" --batch 64 --shape 1000x1000 --elem-bytes $e
  run 1 1x100x262144 e$e "old sk" --shape 100x262144 --elem-bytes $e
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
