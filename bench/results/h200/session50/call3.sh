#!/bin/bash
# Session 50, call 3. The fold of call 2 (1 to 3 rows past a multiple of 16 loaded and stored by
# the micro-row above) now only at 33-35 rows of bytes, and in the shifted kernel too (misaligned
# input rows: the folding threads read the folded rows from the stage before the barrier; 96
# registers at 5 blocks an SM, no spill). Every unfolded kernel's SASS is unchanged. xpose_old
# is HEAD (a39a7f4). StagedWide GPU tests; A/B two rounds of 30 (% of memcpy).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
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
  for s in 33x4194303 34x4194303 35x4194303 33x2097147 35x1000003 33x4194304 35x4194304 65x1032448 37x4194303 48x4194303; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
  runab $round 512x34x2048 e1 --batch 512 --shape 34x2048 --elem-bytes 1
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
