#!/bin/bash
# Session 41, call 12: hold_copy.cu and hold_pipeline.cu after their timing moved into the shared
# barrier_round_timing.cuh (the same loop, now in one place).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/timing_recheck; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
/tmp/bins/hold_copy > $D/hold_copy.txt 2>&1
/tmp/bins/hold_pipeline > $D/hold_pipeline.txt 2>&1
grep -E "248 MB|rounds  6|ok|WRONG" $D/hold_copy.txt $D/hold_pipeline.txt | head -20
