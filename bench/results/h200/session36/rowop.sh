#!/bin/bash
# Session 36, call 6: the head with only the row op changed (fixed-x stride of whole 32-byte
# sectors, loads four ahead for 1- and 2-byte elements, 32-register bound): "new" against
# "plain" (XPOSE_PLAIN_LOOP=1: the sector stride with the loop as before) and "old" (the head
# before this session); the in-place GPU tests of the coprime core's shapes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
for round in 1 2; do
  for v in old new plain; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    for se in 12345x6789:1 12345x6789:2 6789x12345:1 6789x12345:2 12345x10001:1 12345x10001:2 2000x1501:2 18193x392:2 1000x96:1 4096x1000:1 4096x1000:2 27296x24267:1 12345x6789:4 6788x12345:4 12345x6789:8 12345x6789:16 14000x9001:8; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      if [ $v = plain ]; then XPOSE_PLAIN_LOOP=1 $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) ";
      else $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "; fi
    done
  done
done > $D/ab.txt 2>&1
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:*InplaceRectangular*:InplaceOffsets*' > $D/tests.log 2>&1; tail -1 $D/tests.log
XPOSE_PLAIN_LOOP=1 $B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*' > $D/tests_plain.log 2>&1; tail -1 $D/tests_plain.log
