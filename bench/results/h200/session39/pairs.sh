#!/bin/bash
# Session 39, call 7: the column op's 1- and 2-byte stores by 16-byte chunks, two threads a
# destination row (XPOSE_EXP=512, pairs_experiment.patch on fefdafe): each chunk's bytes from
# at most two stage lines, read as aligned 16-byte units and shifted in registers. Coprime
# GPU tests with the switch, bench rows (verified), ncu durations, instructions and shared
# wavefronts of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/pairs; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
XPOSE_EXP=512 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceLarge.WideRowsOnWholeSectors:InplaceRandomized*' > $D/tests.log 2>&1
tail -3 $D/tests.log
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "6789x12345 2" "12345x10001 1" "12345x10001 2" "27296x24267 1" "2000x1501 2" "18193x392 2" "4096x1000 1" "4096x1000 2"; do
  for x in 0 512; do
    set -- $s
    echo "== round $round exp$x $1 e$2" >> $D/ab.txt
    XPOSE_EXP=$x $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 2"; do
  for x in 0 512; do
    set -- $s
    echo "== exp$x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$x ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum -k regex:column_op_kernel -c 1 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "duration|inst_exec|l1tex" >> $D/ncu.txt
  done
done
