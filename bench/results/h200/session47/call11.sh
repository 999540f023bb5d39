#!/bin/bash
# Session 47, call 11: every out-of-place GPU test with the final code (b792264; its kernels
# those of 202bfde, call 10).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call11; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
timeout 400 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
grep -E "^\[==========\]|^\[  PASSED" $D/gpu_tests.txt
gzip $D/gpu_tests.txt
