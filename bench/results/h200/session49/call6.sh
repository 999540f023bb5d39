#!/bin/bash
# Session 49, call 6: the committed library (caa5ff0; in-place code unchanged since session 42,
# the out-of-place kernels some in-place paths call changed since): the in-place suite
# (xpose bench --suite inplace --json), then every in-place GPU test.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 240 $B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
timeout 240 /tmp/bins/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests_inplace.log 2>&1
tail -3 $D/tests_inplace.log
grep -E "MISS" $D/suite_inplace.txt
gzip $D/tests_inplace.log $D/suite_inplace.json
