#!/bin/bash
# Session 44, call 5 (the committed rules: skinny sides of 33-64 on the register tile, narrow fp32
# tiles): A/B of auto against old (the build of b0415d5, the head before the session), two rounds
# of 30; every out-of-place GPU test; suite auto (JSON) and suite batched.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
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
  for e in 1 2; do
    run $round 1024x512x64 e$e --batch 1024 --shape 512x64 --elem-bytes $e
    run $round 1024x64x512 e$e --batch 1024 --shape 64x512 --elem-bytes $e
    run $round 2048x256x64 e$e --batch 2048 --shape 256x64 --elem-bytes $e
    run $round 1024x512x48 e$e --batch 1024 --shape 512x48 --elem-bytes $e
  done
  run $round 4194304x64 e1 --shape 4194304x64 --elem-bytes 1
  run $round 64x4194304 e1 --shape 64x4194304 --elem-bytes 1
  run $round 2097152x48 e1 --shape 2097152x48 --elem-bytes 1
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round 1024x48x512 e2 --batch 1024 --shape 48x512 --elem-bytes 2
  run $round 512x1024x40 e2 --batch 512 --shape 1024x40 --elem-bytes 2
  run $round 4194304x40 e2 --shape 4194304x40 --elem-bytes 2
  run $round 2097152x56 e2 --shape 2097152x56 --elem-bytes 2
  run $round 64x2097152 e2 --shape 64x2097152 --elem-bytes 2
  run $round 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
  run $round 4096x256x64 e2 --batch 4096 --shape 256x64 --elem-bytes 2
  run $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  for c in 72 80 96 112 144 200 224; do
    run $round 512x1024x$c e4 --batch 512 --shape 1024x$c --elem-bytes 4
  done
  run $round 1048576x80 e4 --shape 1048576x80 --elem-bytes 4
  run $round 262144x96 e4 --shape 262144x96 --elem-bytes 4
  run $round 524288x144 e4 --shape 524288x144 --elem-bytes 4
  run $round 200000x200 e4 --shape 200000x200 --elem-bytes 4
  run $round 96x262144 e4 --shape 96x262144 --elem-bytes 4
  run $round 160x65536 e4 --shape 160x65536 --elem-bytes 4
  run $round 512x80x1024 e4 --batch 512 --shape 80x1024 --elem-bytes 4
  run $round 262144x128 e4 --shape 262144x128 --elem-bytes 4
  run $round 16384x8200 e4 --shape 16384x8200 --elem-bytes 4
  run $round 8192x8192 e4 --shape 8192x8192 --elem-bytes 4
  run $round 8192x8192 e2 --shape 8192x8192 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' --gtest_brief=1 > $D/tests.log 2>&1
echo "tests rc $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED)' $D/tests.log | tr '\n' ' ')"
grep -E "NarrowEdges" $D/tests.log | head -5
echo "NarrowEdges in the run: $($B/xpose_gpu_tests --gtest_filter='*NarrowEdges*' --gtest_brief=1 2>&1 | grep -E '^\[  (PASSED|FAILED)' | tr '\n' ' ')"
gzip $D/tests.log
$B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt
$B/xpose bench --suite batched --json $D/suite_batched.json > $D/suite_batched.txt 2>&1
grep -E "^== |^auto" $D/suite_batched.txt | paste - - | awk '{print $4, $5, $6, $(NF-2)}'
