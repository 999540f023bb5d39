#!/bin/bash
# Session 41, call 7: call 6 found b449000 slower than 8c0d018 at most fp32 sides and some byte
# sides: the per-vector edge checks ran in every block. Here blocks without a band edge take the
# old gather again (fastpath_experiment.patch), and XPOSE_EXP_SKEW=0 turns the fp32 skew off.
# Variants: old (8c0d018), skew (the patch, fp32 rows skewed), flat (the patch, no skew).
# Hold-sweep GPU tests of the patch, bench rows in two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/fastpath; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
/tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:*TargetShapes*:*HoldPlans*' > $D/tests.log 2>&1; tail -1 $D/tests.log
for round in 1 2; do
  for sh in 8x2097152:4 16x2097152:4 24x2097152:4 31x2097152:4 43x1048576:4 48x1048576:4 12x2097152:1 28x2097152:1 31x2097152:1 46x2097152:1 16x2097152:2 31x2097152:2 16x1048576:8; do
    shape=${sh%:*}; e=${sh#*:}
    for v in old skew flat; do
      echo "== round $round $v $shape e$e" >> $D/ab.txt
      case $v in
        old) /tmp/bins/xpose_old bench --inplace --shape $shape --elem-bytes $e --reps 20;;
        skew) /tmp/bins/xpose bench --inplace --shape $shape --elem-bytes $e --reps 20;;
        flat) XPOSE_EXP_SKEW=0 /tmp/bins/xpose bench --inplace --shape $shape --elem-bytes $e --reps 20;;
      esac 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
    done
  done
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
