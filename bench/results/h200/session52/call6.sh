#!/bin/bash
# Session 52, call 6. A variant of 5cdc13d whose round makes the block's share of the moves once
# (with the row tables) and walks its pairs' first chunks from the block's load records in shared
# memory, where load_moves and store_moves each ran two binary searches over the kernel
# parameter's chunk_begin (-DXPOSE_HOLD_SHARE_ONCE), against 5cdc13d (new), two rounds; hold_trace
# of the variant (call 4 traced 5cdc13d as base).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "48x1048576 4" "16x1048576 8" "46x2097152 1"; do
    set -- $s
    for x in new share; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for e in 4 1; do
  echo "== trace share 31 x 2097152 e$e"; timeout 60 $B/hold_trace_share 31 2097152 $e
done > $D/trace.txt 2>&1
cat $D/trace.txt
