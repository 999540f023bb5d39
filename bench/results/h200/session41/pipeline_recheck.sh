#!/bin/bash
# Session 41, call 10: hold_pipeline.cu again after it took the library's grid barrier, bulk copy
# and mbarrier helpers (kernels/hold_sweep_device.cuh) instead of its own copies of them.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/pipeline_recheck; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
/tmp/bins/hold_pipeline > $D/hold_pipeline.txt 2>&1
cat $D/hold_pipeline.txt
