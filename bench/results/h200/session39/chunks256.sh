#!/bin/bash
# Session 39, call 11: the docs' untried column-op form (chunks256_experiment.patch on 4d27863):
# 16-byte chunks along a destination row, edge chunks stored as words and bytes, stage lines
# a multiple of 128 bytes apart (XPOSE_EXP_CHUNKS=1 "chunks", unset "elements"). Coprime GPU
# tests with the switch, bench rows (verified), ncu of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/chunks256; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
XPOSE_EXP_CHUNKS=1 /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceLarge.WideRowsOnWholeSectors:InplaceRandomized*' > $D/tests.log 2>&1
tail -1 $D/tests.log
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "6789x12345 2" "12345x10001 1" "2000x1501 2" "18193x392 2" "4096x1000 1"; do
  for v in elements chunks; do
    set -- $s
    echo "== round $round $v $1 e$2" >> $D/ab.txt
    if [ $v = chunks ]; then export XPOSE_EXP_CHUNKS=1; else unset XPOSE_EXP_CHUNKS; fi
    $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 2"; do
  for v in elements chunks; do
    set -- $s
    echo "== $v $1 e$2" >> $D/ncu.txt
    if [ $v = chunks ]; then export XPOSE_EXP_CHUNKS=1; else unset XPOSE_EXP_CHUNKS; fi
    ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum -k regex:column_op_kernel -c 1 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "duration|inst_exec|l1tex" >> $D/ncu.txt
  done
done
