#!/bin/bash
# Session 41, call 4: skewed tile rows in the hold sweep (skew_experiment.patch). Row x of the tile
# starts (x / 8) % 4 vectors into a pitch three vectors wider, so that the one-vector gather's
# lanes, which read rows x, x + 4, x + 8, ... at one column, fall on eight different bank groups
# (modelled: 4 wavefronts a load -> 1-2 for 31 rows of fp32). XPOSE_EXP_SKEW=0 is the committed
# layout, 1 skews every element size; unset: fp32 only (the patch's rule). GPU tests of the
# hold sweep both ways, A/B bench rows in two rounds, ncu shared-memory wavefronts.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/skew; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
F='*InplaceHoldSweep*:*TargetShapes*:*HoldPlans*:*InplaceSkinnyBlocks*'
/tmp/bins/xpose_gpu_tests --gtest_filter="$F" > $D/tests_rule.log 2>&1; tail -3 $D/tests_rule.log
XPOSE_EXP_SKEW=1 /tmp/bins/xpose_gpu_tests --gtest_filter="$F" > $D/tests_all.log 2>&1; tail -3 $D/tests_all.log
for round in 1 2; do
for s in "31x2097152 4" "24x2097152 4" "16x4194304 4" "9x2097152 4" "43x1048576 4" "64x1048576 4" "31x2097152 8" "16x1048576 8" "31x2097152 1" "31x2097152 2" "20x2097152 1"; do
  for v in 0 1; do
    set -- $s
    echo "== round $round skew$v $1 e$2" >> $D/ab.txt
    XPOSE_EXP_SKEW=$v $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
  done
done
done
for v in 0 1; do
  echo "== skew$v 31x2097152 e4" >> $D/ncu.txt
  XPOSE_EXP_SKEW=$v ncu --clock-control none --metrics gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed -k regex:hold_sweep -c 1 $B bench --inplace --shape 31x2097152 --elem-bytes 4 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "hold_sweep|duration|wavefronts|inst_exec|conflicts|throughput" | sed -E 's/\(T1.*//' >> $D/ncu.txt
done
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
cat $D/ncu.txt
