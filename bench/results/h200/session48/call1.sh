#!/bin/bash
# Session 48, call 1: the shifted staged few-rows kernel (input rows not 16-byte aligned) staging
# its chunks by cp.async instead of 8 register loads in flight a round. XPOSE_SHIFTED_VARIANT:
# 0 the committed kernel; 1 cp.async (.cg), same blocks an SM; 2 cp.async with L2::256B fetches;
# 3 cp.async, one block more an SM; 4 two more. GPU tests of the shifted layouts per variant;
# A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for v in 1 2 3 4; do
  XPOSE_SHIFTED_VARIANT=$v timeout 60 $B/xpose_gpu_tests --gtest_filter='*Shifted*' > $D/gpu_tests_v$v.txt 2>&1; echo "gpu tests v$v rc $?"; tail -1 $D/gpu_tests_v$v.txt
done
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in 0 1 2 3 4; do
    echo "== round $round v$v $name $eb"
    XPOSE_SHIFTED_VARIANT=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194303 48x4194303 64x2097151 100x671089 200x335553 300x223697; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x248 e1 --batch 2048 --shape 100x248 --elem-bytes 1
  for s in 33x2097151 40x4194303 65x516223 100x335545 179x187457; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt
