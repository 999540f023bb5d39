#!/bin/bash
# Session 37: the in-place suite again with the final head's library (the build of final.sh), first
# thing on the machine.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-suite2}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
$B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -1 $D/suite_inplace.txt
