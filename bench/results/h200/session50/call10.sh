#!/bin/bash
# Session 50, call 10. The final library (a7f0452): every GPU test, out of place and in place.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call10; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 400 $B/xpose_gpu_tests > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED  \] [0-9]|FAILED  \]" $D/gpu_tests.txt | head
gzip $D/gpu_tests.txt
