#!/bin/bash
# Session 52, call 8. The final library (device code identical to 5cdc13d): every GPU test, the
# auto suite and the in-place suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 420 $B/xpose_gpu_tests > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests.txt | head
grep -E "^\[  SKIPPED \]|^\[  FAILED  \]" $D/gpu_tests.txt | head
gzip $D/gpu_tests.txt
timeout 300 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "auto suite rc $?"
gzip $D/suite_auto.json
cat $D/suite_auto.txt
timeout 200 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; echo "inplace suite rc $?"
gzip $D/suite_inplace.json
cat $D/suite_inplace.txt
