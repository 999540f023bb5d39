#!/bin/bash
# Session 52, call 11. The library with the held vectors' loads L1::no_allocate (call 10's na
# build; its hold-sweep machine code is identical to the committed change's): every in-place GPU
# test and the in-place suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call11; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 200 $B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/gpu_tests_inplace.txt 2>&1; echo "gpu tests rc $?"
grep -E "PASSED|FAILED  \]" $D/gpu_tests_inplace.txt | head
gzip $D/gpu_tests_inplace.txt
timeout 100 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; echo "suite rc $?"
gzip $D/suite_inplace.json
grep -E "31x2097152|MISS|targets met" $D/suite_inplace.txt
