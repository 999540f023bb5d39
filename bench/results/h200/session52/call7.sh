#!/bin/bash
# Session 52, call 7. The hold sweep's gather of bytes and 2-byte elements with 2, 3, 6 or 8 output
# vectors a thread instead of 4 (kGatherVectors; -DXPOSE_GATHER_VECTORS=M, gather_vectors_experiment.patch;
# 6 and 8 spill a few bytes in the byte kernels) against 928e09f (new), two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2; do
  for s in "31x2097152 1" "31x2097152 2" "46x2097152 1" "24x2097152 1" "16x2097152 1" "20x2097152 2"; do
    set -- $s
    for x in new g2 g3 g6 g8; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
