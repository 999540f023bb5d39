#!/bin/bash
# Session 40, call 4: the library as committed (src/ unchanged since session 39's 8d87631): the
# auto suite and the in-place suite (xpose bench --suite auto / inplace --json), on the machine
# that ran calls 1-3 (not a fresh one).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
$B bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt
$B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt
