#!/bin/bash
# Session 37, sweep 48: padded tiles of 16-byte elements with 256- and 128-byte row runs in column
# order (bench/experiments/kernel_sweep.cu, mode rect16), built here from the working tree at
# 08fc9c0 + the sweep's new modes; run from the repository root on the device machine.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-rect16}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
/tmp/bins/xpose_kernel_sweep rect16 2>&1 | tee $D/sweep.txt
