#!/bin/bash
# Session 41, call 8: the byte kernels' four-vector gather after call 7 (28 x 2M bytes 42.6 -> 38.7%
# with the three-way gather, whose byte kernels grew by ~950 instructions). Binaries (f0, three ways, is call 7's 'skew') built with
# bytes_form_experiment.patch: f1 bytes keep the old two ways (edge
# blocks pick per element), f2 two calls with a computed base; old = 8c0d018. Bench rows of bytes,
# two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/bytes_form; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
for round in 1 2; do
  for shape in 16x2097152 20x2097152 24x2097152 28x2097152 31x2097152 36x1048576 46x2097152 56x1048576; do
    for v in old f1 f2; do
      echo "== round $round $v $shape e1" >> $D/ab.txt
      /tmp/bins/xpose_$v bench --inplace --shape $shape --elem-bytes 1 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
    done
  done
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
