#!/bin/bash
# Session 50, call 2. The staged few-rows kernel on aligned input rows, bytes whose row count is
# 1 to 3 past a multiple of 16 (above 16): those rows are folded into the micro-row above (its
# threads load them too and store one padded word a column) instead of taking a micro-tile of
# their own, so a block's 128 threads cover more columns (33 rows: 1024 columns a tile instead
# of 672). Every other kernel's SASS is unchanged. xpose_old is HEAD (a39a7f4). StagedWide GPU
# tests; A/B two rounds of 30 (% of memcpy).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide.txt 2>&1; echo "staged wide tests rc $?"; tail -1 $D/gpu_tests_wide.txt
grep -E "FAILED|Failure" $D/gpu_tests_wide.txt | head
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
  for s in 33x4194304 34x4194304 35x4194304 49x2097152 50x2097152 51x2097152 65x1032448 66x1032448 67x1032448 97x1048576 129x524288 161x524288 257x262144 401x166944 48x4194304 37x4194304; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
  runab $round 512x67x1024 e1 --batch 512 --shape 67x1024 --elem-bytes 1
  runab $round 2048x99x256 e1 --batch 2048 --shape 99x256 --elem-bytes 1
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
