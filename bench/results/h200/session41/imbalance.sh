#!/bin/bash
# Session 41, call 3: whether the hold sweep's grid barrier waits on the same late blocks every
# round (hold_trace with HOLD_TRACE_BLOCKS: per round the blocks' landing times, p10-max, and the
# last five blocks), and what one grid barrier costs on the H200 (grid_sync).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/imbalance; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for s in "31 2097152 4" "31 2097152 1"; do set -- $s
  HOLD_TRACE_BLOCKS=1 $B/hold_trace $1 $2 $3 >> $D/trace_blocks.txt 2>&1
done
$B/grid_sync > $D/grid_sync.txt 2>&1
cat $D/trace_blocks.txt $D/grid_sync.txt
