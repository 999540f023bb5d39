#!/bin/bash
# Session 50, call 6. The final library (e95a7e7, both folds): the auto suite first on the
# machine, every GPU test (out of place and in place), and one A/B round of the few-rows fold in
# its final form (the folded rows loaded by the same loop as the micro-tile's; call 3 measured
# an earlier form of the same kernel) against a39a7f4 (xpose_old).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt; grep MISS $D/suite_auto.txt | grep -v "^large" | head
timeout 330 $B/xpose_gpu_tests > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|SKIPPED|FAILED  \]" $D/gpu_tests.txt | head
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    echo "== round $round $v $name $eb"
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
  for s in 33x4194304 34x4194304 33x4194303; do runab 1 $s e1 --shape $s --elem-bytes 1; done
  runab 1 1024x33x1024 e1 --batch 1024 --shape 33x1024 --elem-bytes 1
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/gpu_tests.txt $D/ab_wide.txt $D/suite_auto.json
