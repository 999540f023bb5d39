#!/bin/bash
# Session 51, call 7. The final library (HEAD after the congruent stage's allocation change):
# every in-place GPU test and the coprime core's plan checks that run on the device.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_inplace.txt 2>&1; echo "in-place tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests_inplace.txt | head
gzip $D/gpu_tests_inplace.txt
