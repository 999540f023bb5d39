#!/bin/bash
# Session 41, call 9: the committed library (this session's hold-sweep change): the auto and
# in-place suites (xpose bench --suite auto / inplace --json), then every in-place GPU test.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
$B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
$B bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt
/tmp/bins/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests_inplace.log 2>&1
tail -3 $D/tests_inplace.log
grep -E "MISS" $D/suite_inplace.txt $D/suite_auto.txt
