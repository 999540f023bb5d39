#!/bin/bash
# Session 52, call 1. The hold sweep with an L2 prefetch of the next round's reads (a 1/grid slice
# of each region a block, XPOSE_HOLD_PREFETCH: eighths in bits 0-3, where in bits 4-7: 0 before the
# grid barrier, 1 after it, 2 after the round's stores; bit 8 a release/acquire barrier) against
# bb35435 (xpose_old), two rounds. hold_prefetch_experiment.patch is the experiment's diff.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "24x2097152 4" "48x1048576 4"; do
    set -- $s
    for x in old p0 ra m0f8 m0f4 m1f8 m2f8 m0f8ra; do
      echo "== round $round $x $1 e$2"
      X=$B/xpose; P=0
      case $x in
        old) X=$B/xpose_old;; p0) P=0;; ra) P=256;; m0f8) P=8;; m0f4) P=4;; m1f8) P=24;; m2f8) P=40;; m0f8ra) P=264;;
      esac
      XPOSE_HOLD_PREFETCH=$P timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
