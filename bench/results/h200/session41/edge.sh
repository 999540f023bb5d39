#!/bin/bash
# Session 41, call 5: the hold sweep's edge blocks (edge_experiment.patch, on top of the skewed
# rows). A block whose columns hold a band edge picked every gathered element's base by its row's
# split (three shared loads and a select); now a gather whose columns lie on one side of the
# block's split range reads one base a row. Variants: base = XPOSE_EXP_SKEW=0 XPOSE_EXP_OLD_EDGE=1
# (the committed kernel's choices), edge = XPOSE_EXP_SKEW=0, both = defaults (fp32 rows skewed).
# GPU tests of the hold sweep (defaults, and every size skewed), A/B bench rows in two rounds,
# traces with the last blocks.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/edge; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
F='*InplaceHoldSweep*:*TargetShapes*:*HoldPlans*:*InplaceSkinnyBlocks*:*InplaceRandomized*'
/tmp/bins/xpose_gpu_tests --gtest_filter="$F" > $D/tests_default.log 2>&1; tail -3 $D/tests_default.log
XPOSE_EXP_SKEW=1 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:*TargetShapes*' > $D/tests_skew_all.log 2>&1; tail -3 $D/tests_skew_all.log
run() {  # variant, then the bench arguments
  case $1 in
    base) env XPOSE_EXP_SKEW=0 XPOSE_EXP_OLD_EDGE=1 "${@:2}";;
    edge) env XPOSE_EXP_SKEW=0 "${@:2}";;
    both) "${@:2}";;
  esac
}
for round in 1 2; do
for s in "31x2097152 4" "24x2097152 4" "43x1048576 4" "16x4194304 4" "31x2097152 8" "31x2097152 1" "20x2097152 1" "46x2097152 1" "31x2097152 2" "28x2097152 2"; do
  for v in base edge both; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    run $v $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
  done
done
done
for v in base both; do
  for s in "31 2097152 4" "31 2097152 1"; do set -- $s
    echo "== $v" >> $D/trace.txt
    run $v env HOLD_TRACE_BLOCKS=1 /tmp/bins/hold_trace $1 $2 $3 >> $D/trace.txt 2>&1
  done
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
cat $D/trace.txt
