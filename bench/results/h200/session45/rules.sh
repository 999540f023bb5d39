#!/bin/bash
# Session 45, call 4: the committed candidates, old (2215dfc) against new, two rounds of 30:
# 1- and 2-byte matrices of 65 to 167 / 179 rows not of whole 16-byte vectors with packed
# output rows on the skinny kernel (plan.hpp: short_misaligned_wide), large and small (below the
# realigned tile's 12 / 16 MiB, where the unaligned tile ran); the vectorized tile's edge vectors
# (evict-first only on whole sectors: stream_edge_vectors). Then every out-of-place GPU test
# and suite auto with the new build.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rules; mkdir -p $D
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
  for r in 65 100 120 150 167; do
    l=$(( 67108864 / r )); run $round ${r}x$l e1 --shape ${r}x$l --elem-bytes 1
  done
  for r in 65 100 150 179; do
    l=$(( 33554432 / r )); run $round ${r}x$l e2 --shape ${r}x$l --elem-bytes 2
  done
  run $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  run $round 2048x100x256 e2 --batch 2048 --shape 100x256 --elem-bytes 2
  run $round 256x100x1000 e1 --batch 256 --shape 100x1000 --elem-bytes 1
  run $round 100x20000 e1 --shape 100x20000 --elem-bytes 1
  run $round 100x20000 e2 --shape 100x20000 --elem-bytes 2
  run $round 150x50000 e1 --shape 150x50000 --elem-bytes 1
  run $round 16x100x1000 e1 --batch 16 --shape 100x1000 --elem-bytes 1
  run $round 80x262144 e4 --shape 80x262144 --elem-bytes 4
  run $round 68x262144 e4 --shape 68x262144 --elem-bytes 4
  run $round 262144x100 e4 --shape 262144x100 --elem-bytes 4
  run $round 512x1024x80 e4 --batch 512 --shape 1024x80 --elem-bytes 4
  run $round 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round 8192x8192 e4 --shape 8192x8192 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -4 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
timeout 120 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite rc $?"
tail -1 $D/suite_auto.txt
