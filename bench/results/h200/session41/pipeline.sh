#!/bin/bash
# Session 41, call 2: (1) bench/experiments/hold_pipeline.cu: the sweep's load-barrier-store rounds
# through shared memory, serial against two buffers whose next round's loads overlap this round's
# stores; (2) the hold sweep planned with smaller tiles (tile_kib_experiment.patch:
# XPOSE_EXP_TILE_KIB), what more rounds cost the serial kernel: traces and bench rows.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/pipeline; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/device.txt
$B/hold_pipeline > $D/hold_pipeline.txt 2>&1
for kib in 208 156 104; do
  for s in "31 2097152 4" "31 2097152 1"; do set -- $s
    echo "== tile $kib KiB" >> $D/trace.txt
    XPOSE_EXP_TILE_KIB=$kib $B/hold_trace $1 $2 $3 >> $D/trace.txt 2>&1
    echo "== tile $kib KiB $1x$2 e$3" >> $D/bench.txt
    XPOSE_EXP_TILE_KIB=$kib $B/xpose bench --inplace --shape $1x$2 --elem-bytes $3 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) |FAIL|error" >> $D/bench.txt
  done
done
cat $D/hold_pipeline.txt $D/bench.txt
awk '/^==/{if(l)print h" rounds "n" end "l; h=$0; n=0; l=""; next} /^ +[0-9]+ /{n++; split($NF,a,"/"); l=a[1]} END{print h" rounds "n" end "l}' $D/trace.txt
