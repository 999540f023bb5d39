#!/bin/bash
# Session 49, call 1. The staged few-rows kernel with its columns padded to whole words in the
# staged run (R * E not a multiple of 4: every piece written as whole words, the output vectors
# gathered across the padding by funnel shifts) against 6352f9b (xpose_old), whose pieces wrote
# their partial end words byte by byte. StagedWide GPU tests; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > $D/device.txt
timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide.txt 2>&1; echo "staged wide tests rc $?"; tail -1 $D/gpu_tests_wide.txt
gzip $D/gpu_tests_wide.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    echo "== round $round $v $name $eb"
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194304 63x2130048 65x1032448 167x401856 201x335552 402x166944 48x4194304 100x671088 33x4194303 65x1032444 167x401849 301x223697 48x4194303; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
  for s in 33x2097152 37x1813504 65x516224 179x187456 401x83472 40x4194304 33x2097151 65x516223 179x187457; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
