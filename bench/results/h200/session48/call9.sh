#!/bin/bash
# Session 48, call 9: review refactor (the staged kernels' stage loops step through one helper,
# step_through_rows; the few-columns kernel's register loads lose their dead halo branch, which
# only aligned output rows reach). The staged GPU tests; 74bea98 (xpose_old) -> new, two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 200 $B/xpose_gpu_tests --gtest_filter='*Staged*' > $D/gpu_tests.txt 2>&1; echo "staged tests rc $?"; tail -1 $D/gpu_tests.txt
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
  runab $round 48x4194303 e1 --shape 48x4194303 --elem-bytes 1
  runab $round 300x223697 e1 --shape 300x223697 --elem-bytes 1
  runab $round 40x4194303 e2 --shape 40x4194303 --elem-bytes 2
  runab $round 4194304x33 e1 --shape 4194304x33 --elem-bytes 1
  runab $round 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
  runab $round 2097152x33 e2 --shape 2097152x33 --elem-bytes 2
  runab $round 223696x150 e2 --shape 223696x150 --elem-bytes 2
  runab $round 4194303x40 e2 --shape 4194303x40 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/ab.txt $D/gpu_tests.txt
