#!/bin/bash
# Session 40, call 1: the wide row op's word walk for 1- and 2-byte elements (each thread
# gathers the V = 4 / E elements of one aligned 32-bit destination word, a warp stores whole
# 128-byte lines). words_experiment.patch; XPOSE_EXP_WORDS=1 takes it ("words"), unset is the
# element walk ("elem"). Coprime-core GPU tests and the random in-place shapes with the
# switch on, bench rows (verified) in two rounds, ncu of both passes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/words; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
XPOSE_EXP_WORDS=1 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:*InplaceRandomized*:*ColumnClusters*:*ClusterRows*' > $D/tests.log 2>&1
tail -3 $D/tests.log
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "12345x10001 1" "12345x10001 2" "27296x24267 1" "4096x1000 1" "18193x392 2" "2000x1501 2" "999x1000 1"; do
  for v in elem words; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    if [ $v = words ]; then export XPOSE_EXP_WORDS=1; else unset XPOSE_EXP_WORDS; fi
    $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 2"; do
  for v in elem words; do
    set -- $s
    echo "== $v $1 e$2" >> $D/ncu.txt
    if [ $v = words ]; then export XPOSE_EXP_WORDS=1; else unset XPOSE_EXP_WORDS; fi
    ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum -k regex:op_kernel -c 2 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "op_kernel|duration|throughput|inst_exec|wavefronts|requests" | sed -E 's/\(T1.*//' >> $D/ncu.txt
  done
done
unset XPOSE_EXP_WORDS
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt 2>&1; cat $D/ab_summary.txt
cat $D/ncu.txt
