#!/bin/bash
# Session 44, call 10 (2f74d2f: fp32 narrow rows on 32 x 128 tiles only as whole 32-row tiles):
# A/B against old (b0415d5), one round of 30; every out-of-place GPU test.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rows32; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # name ebytes args
  local name=$1 eb=$2; shift 2
  for v in old new; do
    echo "== round 1 $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for r in 68 80 96 132 160 224 244; do run ${r}x262144 e4 --shape ${r}x262144 --elem-bytes 4; done
run 512x80x1024 e4 --batch 512 --shape 80x1024 --elem-bytes 4
run 512x96x1024 e4 --batch 512 --shape 96x1024 --elem-bytes 4
run 262144x100 e4 --shape 262144x100 --elem-bytes 4
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt | sed 's/cublas:[^ ]* //'
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' --gtest_brief=1 > $D/tests.log 2>&1
echo "tests rc $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED)' $D/tests.log | tr '\n' ' ')"
echo "NarrowEdges: $($B/xpose_gpu_tests --gtest_filter='*NarrowEdges*' --gtest_brief=1 2>&1 | grep -E '^\[  (PASSED|FAILED)' | tr '\n' ' ')"
gzip $D/tests.log
