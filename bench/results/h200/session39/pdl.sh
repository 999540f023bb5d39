#!/bin/bash
# Session 39, call 6: programmatic dependent launch between the coprime core's row op and
# column op and along the split walks (save, walks, split-point walks: the square grid and
# the skinny blocks), as the row interleaves chain their steps. pdl_experiment.patch;
# XPOSE_EXP_NOPDL=1 launches them as before ("nopdl"). Every in-place GPU test with PDL on,
# bench rows (verified) in two rounds, the in-place suite with PDL on.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/pdl; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
/tmp/bins/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests.log 2>&1
tail -3 $D/tests.log
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "12345x6789 4" "6789x12345 1" "12345x10001 1" "30000x7000 1" "30000x7000 4" "30000x7000 16" "8192x4096 1" "16384x1024 1" "8192x4096 4" "60x1048576 1" "16x524288 16" "2097152x31 1" "64x1048576 2"; do
  for v in nopdl pdl; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    if [ $v = nopdl ]; then export XPOSE_EXP_NOPDL=1; else unset XPOSE_EXP_NOPDL; fi
    $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
unset XPOSE_EXP_NOPDL
$B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
