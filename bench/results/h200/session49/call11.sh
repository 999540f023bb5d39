#!/bin/bash
# Session 49, call 11. Bytes whose R is not a multiple of 4: the packed layout (partial words byte
# by byte, as before 19cb996) with its shifts compile-time constants (kernels per R mod 4; R odd
# or 2 mod 4: column cl + k starts at byte (k R) mod 4 of a word; packed_const_experiment.patch,
# XPOSE_EXP_PACKED=1), against the committed padded run. The bench verifies every output.
# One round of 30 (the session's device time was nearly spent).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call11; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
(
for s in 33x4194304 63x2130048 65x1032448 167x401856 33x4194303 301x223697; do
  for m in 0 1; do
    echo "== round 1 m$m $s e1"
    XPOSE_EXP_PACKED=$m timeout 30 $B/xpose bench --shape $s --elem-bytes 1 --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt; grep -c " ok" $D/ab_wide.txt
