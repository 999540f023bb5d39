#!/bin/bash
# Session 43, call 1 (tiles16_experiment.patch on 7e3bb32): what holds 16-byte elements at long
# power-of-two input pitches (8192^2 91.8%, 16384^2 92.6%, 2048 x 8192 94.4%, 32768 x 8192 94.3%)?
#  t1..t6 (XPOSE_T16): split-tile shapes 16x64, 8x128, 32x64, 64x32, 16x128, 16x32 (rows x cols of
#          16-byte elements) in place of 32x32: 1-2 KiB input runs per row;
#  s0..s6 (XPOSE_SKEW=k): column order skewed by one tile column every 2^k tile rows (tile column
#          counts that are powers of two), so the resident blocks read different column offsets;
#  old: the head's binary; base: this binary without switches.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/tiles16; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
(
for round in 1; do
while read -r name ebytes variants args; do
  for v in $(echo $variants | tr , ' '); do
    echo "== round $round $v $name $ebytes"
    unset XPOSE_T16 XPOSE_SKEW; X=$B/xpose
    case $v in old) X=$B/xpose_old;; t*) export XPOSE_T16=${v#t};; s*) export XPOSE_SKEW=${v#s};; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8192x8192 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 8192x8192 --elem-bytes 16
2048x8192 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 2048x8192 --elem-bytes 16
16384x16384 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 16384x16384 --elem-bytes 16
32768x8192 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 32768x8192 --elem-bytes 16
4096x4096 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 4096x4096 --elem-bytes 16
8192x2048 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 8192x2048 --elem-bytes 16
16384x1024 e16 old,base,t1,t2,t3,t4,t5,t6,s0,s2,s4,s6 --shape 16384x1024 --elem-bytes 16
16384x16384 e8 old,base,s0,s2,s4,s6 --shape 16384x16384 --elem-bytes 8
2048x8192 e8 old,base,s0,s2,s4,s6 --shape 2048x8192 --elem-bytes 8
16384x1024 e8 old,base,s0,s2,s4,s6 --shape 16384x1024 --elem-bytes 8
16384x16384 e4 old,base,s0,s2,s4,s6 --shape 16384x16384 --elem-bytes 4
8192x8192 e4 old,base,s0,s2,s4,s6 --shape 8192x8192 --elem-bytes 4
32768x8192 e4 old,base,s0,s2,s4,s6 --shape 32768x8192 --elem-bytes 4
4096x4096 e4 old,base,s0,s2,s4,s6 --shape 4096x4096 --elem-bytes 4
16384x16384 e1 old,base,s0,s2,s4,s6 --shape 16384x16384 --elem-bytes 1
32768x8192 e1 old,base,s0,s2,s4,s6 --shape 32768x8192 --elem-bytes 1
8192x8192 e2 old,base,s0,s2,s4,s6 --shape 8192x8192 --elem-bytes 2
4096x4096 e2 old,base,s0,s2,s4,s6 --shape 4096x4096 --elem-bytes 2
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"; grep -iE "fail|error" $D/ab.txt | head
