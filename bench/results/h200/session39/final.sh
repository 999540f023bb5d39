#!/bin/bash
# Session 39, call 9: the committed library (8d87631): every GPU test, the in-place suite and
# the auto suite (xpose bench --suite inplace / auto --json).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
$B bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt
$B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
/tmp/bins/xpose_gpu_tests > $D/tests.log 2>&1
tail -3 $D/tests.log
