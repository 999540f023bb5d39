#!/bin/bash
# Session 45, call 3. (a) The vectorized tile's edge vectors, evict-first only where they own
# their sectors (plan.hpp: stream_edge_loads / stream_edge_stores): old (2215dfc) against new,
# two rounds of 30. (b) Single matrices with a side of 65-250 elements whose rows are not whole
# 16-byte vectors (the realigned, residue and element tiles), against the general skinny kernel
# (XPOSE_SKINNY_MAX=1024, batches_experiment.patch), one round; wide R x L and tall L x R, about
# 64 MiB each.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/short; mkdir -p $D
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
sweep() {  # ebytes sides...
  local e=$1; shift
  for r in "$@"; do
    local l=$(( 67108864 / (r * e) ))
    run 1 ${r}x$l e$e "new sk" --shape ${r}x$l --elem-bytes $e
    run 1 ${l}x$r e$e "new sk" --shape ${l}x$r --elem-bytes $e
  done
}
sweep 1 65 72 100 120 150 167 200 250
sweep 2 65 100 150 200 250
sweep 4 65 98 150 202 250
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
