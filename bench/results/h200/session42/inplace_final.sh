#!/bin/bash
# Session 42, call 9: the committed library (f3b486d: the coprime core's 256-byte fetches on top of
# the out-of-place change): the in-place suite (xpose bench --suite inplace --json), then every
# in-place GPU test.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/inplace_final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 200 $B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
timeout 200 /tmp/bins/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests_inplace.log 2>&1
tail -3 $D/tests_inplace.log
grep -E "MISS" $D/suite_inplace.txt
