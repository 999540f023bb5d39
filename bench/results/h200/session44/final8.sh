#!/bin/bash
# Session 44, call 8 (9789c59: the 8-byte narrow-column row order on top of ece8523): A/B of auto
# against old (the build of b0415d5), two rounds of 30; every out-of-place GPU test.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final8; mkdir -p $D
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
  run $round 1048576x80 e8 --shape 1048576x80 --elem-bytes 8
  run $round 1048576x72 e8 --shape 1048576x72 --elem-bytes 8
  run $round 524288x112 e8 --shape 524288x112 --elem-bytes 8
  run $round 200000x200 e8 --shape 200000x200 --elem-bytes 8
  run $round 1048576x96 e8 --shape 1048576x96 --elem-bytes 8
  run $round 512x1024x80 e8 --batch 512 --shape 1024x80 --elem-bytes 8
  run $round 8192x8192 e8 --shape 8192x8192 --elem-bytes 8
  run $round 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round 1024x64x512 e2 --batch 1024 --shape 64x512 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' --gtest_brief=1 > $D/tests.log 2>&1
echo "tests rc $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED)' $D/tests.log | tr '\n' ' ')"
echo "NarrowEdges: $($B/xpose_gpu_tests --gtest_filter='*NarrowEdges*' --gtest_brief=1 2>&1 | grep -E '^\[  (PASSED|FAILED)' | tr '\n' ' ')"
gzip $D/tests.log
