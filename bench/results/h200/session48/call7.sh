#!/bin/bash
# Session 48, call 7: the staged few-columns kernel on aligned output rows of bytes (call 6 lost
# 1.5-3.6 points at 48-64 columns with cp.async). XPOSE_TALL_DIRECT_MODE: 0 register loads (the
# form before session 48); 1 cp.async with 256-byte fetches (call 6); 2 plain cp.async; 3 with
# 256-byte fetches and an evict-first L2 policy. GPU tests per mode; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for v in 2 3; do
  XPOSE_TALL_DIRECT_MODE=$v timeout 100 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests_m$v.txt 2>&1; echo "staged tall tests mode $v rc $?"; tail -1 $D/gpu_tests_m$v.txt
done
runm() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in 0 1 2 3; do
    echo "== round $round m$v $name $eb"
    XPOSE_TALL_DIRECT_MODE=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 4194304x33 4194304x40 4194304x48 4194304x56 2097152x64 671088x100 335552x200 166944x402; do
    runm $round $s e1 --shape $s --elem-bytes 1
  done
  runm $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  runm $round 1024x512x48 e1 --batch 1024 --shape 512x48 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt $D/gpu_tests_m*.txt
