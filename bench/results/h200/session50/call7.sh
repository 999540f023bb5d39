#!/bin/bash
# Session 50, call 7. The same final library (e95a7e7): the in-place suite (its kernels unchanged
# since session 49: inplace_coprime_core.cu is as at a39a7f4), then the auto suite a second time
# (call 6's run read a faster memcpy than session 49's, with xpose's GB/s level).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 240 $B bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
tail -1 $D/suite_inplace.txt; grep -E "MISS" $D/suite_inplace.txt
timeout 200 $B bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt; grep MISS $D/suite_auto.txt | grep -v "^large" | head
gzip $D/suite_inplace.json $D/suite_auto.json
