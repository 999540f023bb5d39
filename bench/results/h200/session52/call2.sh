#!/bin/bash
# Session 52, call 2. The hold sweep's grid barrier as a release reduction and relaxed polling
# (one acquire after), against bb35435 (xpose_old: two sequentially consistent fences around an
# atomic add), two rounds; then hold_trace (bench/experiments/hold_trace.cu) of 31 x 2M fp32 and
# bytes with either barrier (the library's hold-sweep object built with XPOSE_HOLD_TRACE).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "16x2097152 4" "48x1048576 4" "8x2097152 4" "46x2097152 1" "16x1048576 8" "2097152x31 4" "2097152x16 1"; do
    set -- $s
    for x in old new; do
      echo "== round $round $x $1 e$2"
      if [ $x = old ]; then X=$B/xpose_old; else X=$B/xpose; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for x in old new; do for e in 4 1; do
  echo "== trace $x 31 x 2097152 e$e"; timeout 60 $B/hold_trace_$x 31 2097152 $e
done; done > $D/trace.txt 2>&1
cat $D/trace.txt
