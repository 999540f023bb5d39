#!/bin/bash
# Session 52, call 5. The in-place suite on 5cdc13d. Then an L2 prefetch of a fraction (1/8,
# 2/8) of the next round's reads, a 1/grid slice of each region a block, issued just before the
# grid barrier (-DXPOSE_HOLD_PREFETCH_EIGHTHS=1, 2), against the same build with the prefetch
# listed but empty (=0: the same registers and code) and 5cdc13d (new), two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 300 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; echo "suite rc $?"
cat $D/suite_inplace.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "24x2097152 4" "48x1048576 4"; do
    set -- $s
    for x in new pf0 pf1 pf2; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
