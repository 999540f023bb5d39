#!/bin/bash
# Session 47, call 5: the staged few-rows kernel on input rows that are not 16-byte aligned
# (staged_wide_shifted_kernel in src/kernels/staged_wide.cu; XPOSE_STAGED_SHIFTED=1 lets
# staged_few_rows take them; staged_shifted_experiment.patch), old auto against it (new), two
# rounds of 30. Its GPU tests (StagedWide, forced on) first.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_STAGED_SHIFTED=1 timeout 250 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    E=""; [ $v = new ] && E="XPOSE_STAGED_SHIFTED=1"
    echo "== round $round $v $name $eb"
    env $E timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x4194303 48x4194303 64x2097151 65x1032444 100x671089 150x447391 167x401849 200x335553 300x223697 402x166945; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x248 e1 --batch 2048 --shape 100x248 --elem-bytes 1
  for s in 33x2097151 40x4194303 65x516223 100x335545 150x223697 179x187457 402x83473; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
