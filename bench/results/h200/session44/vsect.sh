#!/bin/bash
# Session 44, call 1 (vsect_experiment.patch): the sector tile with 16-byte accesses
# (kernels/vector_sector_tile.cuh) for 4- and 8-byte elements on 16-byte aligned output rows off
# 32-byte sectors, in place of the fp32 vectorized tile and the 8-byte padded / scalar sector tiles.
# XPOSE_VSECT: fp32 1 = 64 x 64 plain loads and stores, 2 = evict-first both, 3 = plain loads and
# evict-first stores, 4 = 32 x 32 plain; 8 bytes 1 = 32 x 32 plain, 2 = evict-first both, 3 =
# plain loads and evict-first stores, 4 = 64 x 64 plain. base: the same binary without it. Two
# rounds of 30; then the out-of-place GPU tests with XPOSE_VSECT=1 and =4.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/vsect; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in base s1 s2 s3 s4; do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_VSECT; case $v in s*) export XPOSE_VSECT=${v#s};; esac
    timeout 60 $B/xpose bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8196x8192 e4 --shape 8196x8192 --elem-bytes 4
16388x8192 e4 --shape 16388x8192 --elem-bytes 4
4100x4096 e4 --shape 4100x4096 --elem-bytes 4
8196x8196 e4 --shape 8196x8196 --elem-bytes 4
ldout8196 e4 --shape 8192x8192 --ld-out 8196 --elem-bytes 4
b4x4100x4096 e4 --shape 4100x4096 --batch 4 --elem-bytes 4
30004x2000 e4 --shape 30004x2000 --elem-bytes 4
8194x8192 e8 --shape 8194x8192 --elem-bytes 8
4098x4096 e8 --shape 4098x4096 --elem-bytes 8
2050x2048 e8 --shape 2050x2048 --elem-bytes 8
8194x8200 e8 --shape 8194x8200 --elem-bytes 8
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
for v in 1 4; do
  XPOSE_VSECT=$v timeout 150 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' --gtest_brief=1 > $D/tests_v$v.log 2>&1
  echo "tests v$v rc $?: $(grep -E '^\[  (PASSED|FAILED)' $D/tests_v$v.log | tr '\n' ' ')"
done
gzip $D/tests_v*.log
