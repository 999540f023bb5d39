#!/bin/bash
# Session 36, call 8: rowop's row op plus the tall form's stores aligned the same way (each
# line x of the row walked from its first sector boundary): "new" against "tplain"
# (XPOSE_TALL_PLAIN=1, the tall loop as before) and "old" (the head before this session).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}; mkdir -p $D
cd .devbin && xz -dc bins.tar.xz | tar x && cd ..
B=.devbin
for round in 1 2; do
  for v in old new tplain; do
    unset XPOSE_TALL_PLAIN; X=$B/xpose
    case $v in old) X=$B/xpose_old;; tplain) export XPOSE_TALL_PLAIN=1;; esac
    for se in 6789x12345:1 6789x12345:2 12345x6789:1 12345x6789:4 12345x6789:8 14000x9001:8 18193x392:2 4096x1000:1; do
      s=${se%%:*}; e=${se##*:}
      echo "== round $round $v $s e$e"
      $X bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done > $D/ab.txt 2>&1
unset XPOSE_TALL_PLAIN
$B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceRandomized*:InplaceLarge*:InplaceOffsets*' > $D/tests.log 2>&1; tail -1 $D/tests.log
