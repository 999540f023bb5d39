#!/bin/bash
# Session 41, call 6: the hold sweep before (xpose_old, 8c0d018) and after this session's change
# (b449000: edge blocks' gathers, skewed fp32 rows), bench rows side by side in one call over
# short sides of 8 to 64 rows (2M columns below 32 rows, 1M from 32 on) of 1, 2, 4 and 8 bytes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/sweep; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
shapes=""
for s in 8 12 16 20 24 28 31; do for e in 1 2 4; do shapes="$shapes ${s}x2097152:$e"; done; done
for s in 36 43 48 56 64; do for e in 1 2 4; do shapes="$shapes ${s}x1048576:$e"; done; done
for s in 16 31; do shapes="$shapes ${s}x1048576:8"; done
for round in 1 2; do
  for sh in $shapes; do
    shape=${sh%:*}; e=${sh#*:}
    if [ $round = 2 ] && [ $shape != 31x2097152 ] && [ $shape != 24x2097152 ] && [ $shape != 43x1048576 ]; then continue; fi
    for v in old new; do
      B=/tmp/bins/xpose; [ $v = old ] && B=/tmp/bins/xpose_old
      echo "== round $round $v $shape e$e" >> $D/ab.txt
      $B bench --inplace --shape $shape --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
    done
  done
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
