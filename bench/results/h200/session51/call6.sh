#!/bin/bash
# Session 51, call 6. The congruent stage's slack between lines: 16 - elem_bytes (the committed
# rule's least, 219 bytes at 12345 x 6789 bytes) against 30 (call 3's, 235 bytes) and 46, by the
# switch XPOSE_SLACK=N, with old (01ba28a); three rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2 3; do
  for s in "12345x6789 1" "6789x12345 1" "8192x4100 1" "12345x10001 1" "12345x6789 2"; do
    set -- $s
    for x in old s-1 s30 s46; do
      echo "== round $round $x $1 e$2"
      X=$B/xpose; [ $x = old ] && X=$B/xpose_old
      XPOSE_SLACK=${x#s} timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
