#!/bin/bash
# Session 47, call 12: second review refactor: the staged few-rows kernels share put_micro_tile
# and store_run (the aligned kernels' SASS identical; the shifted ones differ by one integer add in
# each staging store's address), plan.hpp's staged predicates share runs_start_aligned and
# staged_size. 23f7691 (old) against it (new), two rounds of 30; the staged kernels' GPU tests.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call12; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedWide*:*StagedTall*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
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
  for s in 33x4194303 48x4194303 100x671089 200x335553; do runab $round $s e1 --shape $s --elem-bytes 1; done
  for s in 40x4194303 100x335545 179x187457; do runab $round $s e2 --shape $s --elem-bytes 2; done
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
