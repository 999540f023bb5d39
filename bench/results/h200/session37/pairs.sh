#!/bin/bash
# Session 37, sweep 48: the in-place squares' pair pattern (bench/experiments/kernel_sweep.cu, mode
# pairs), built here from the working tree at 08fc9c0 + the sweep's new mode; run from the repository
# root on the device machine with the binary carried in .devbin.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-pairs}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
/tmp/bins/xpose_kernel_sweep pairs 2>&1 | tee $D/sweep.txt
