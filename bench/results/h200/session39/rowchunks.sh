#!/bin/bash
# Session 39, call 8: pairs/ with one thread a 16-byte chunk, consecutive threads along a
# destination row (XPOSE_EXP=512, rowchunks_experiment.patch on fefdafe), and with the stage
# lines a multiple of 128 bytes apart (1536 = 512 + 1024), so that a warp's aligned 16-byte
# stage reads fall on distinct bank groups. Coprime GPU tests with each switch, bench rows
# (verified), ncu of the column op.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rowchunks; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
for x in 512 1536; do
  XPOSE_EXP=$x /tmp/bins/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*:InplaceLarge.WideRowsOnWholeSectors:InplaceRandomized*' > $D/tests_$x.log 2>&1
  tail -1 $D/tests_$x.log
done
for round in 1 2; do
for s in "12345x6789 1" "12345x6789 2" "6789x12345 1" "6789x12345 2" "12345x10001 1" "2000x1501 2" "18193x392 2" "4096x1000 1" "4096x1000 2"; do
  for x in 0 512 1536; do
    set -- $s
    echo "== round $round exp$x $1 e$2" >> $D/ab.txt
    XPOSE_EXP=$x $B bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) " >> $D/ab.txt
  done
done
done
for s in "12345x6789 1" "12345x6789 2"; do
  for x in 0 512 1536; do
    set -- $s
    echo "== exp$x $1 e$2" >> $D/ncu.txt
    XPOSE_EXP=$x ncu --clock-control none --metrics gpu__time_duration.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum -k regex:column_op_kernel -c 1 $B bench --inplace --shape $1 --elem-bytes $2 --reps 1 --warmup 0 --no-verify --strategies auto 2>&1 | grep -E "duration|inst_exec|l1tex" >> $D/ncu.txt
  done
done
