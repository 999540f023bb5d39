#!/bin/bash
# Session 45, call 6 (ahead_experiment.patch on 0b76fc2): the general skinny kernel (few rows)
# loading 1 (the committed kernel), 2 or 4 vectors a thread before staging them
# (XPOSE_SKINNY_AHEAD), two rounds of 30; then the skinny, narrow-edge and per-strategy GPU
# tests with 4 ahead.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/ahead; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in a1 a2 a4; do
    echo "== round $round $v $name $eb"
    export XPOSE_SKINNY_AHEAD=${v#a}
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  for r in 65 100 120 150 167; do
    l=$(( 67108864 / r )); run $round ${r}x$l e1 --shape ${r}x$l --elem-bytes 1
  done
  run $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  run $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round 56x2097152 e2 --shape 56x2097152 --elem-bytes 2
  run $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
  run $round 50x100000 e4 --shape 50x100000 --elem-bytes 4
  run $round 48x1048576 e4 --shape 48x1048576 --elem-bytes 4
  run $round 40x1048576 e8 --shape 40x1048576 --elem-bytes 8
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
XPOSE_SKINNY_AHEAD=4 timeout 200 $B/xpose_gpu_tests --gtest_filter='*NarrowEdges*:*TransposeCases*:*Skinny*:*skinny*' > $D/gpu_tests_a4.txt 2>&1; echo "gpu tests (4 ahead) rc $?"
tail -3 $D/gpu_tests_a4.txt; grep -E "^\[  FAILED" $D/gpu_tests_a4.txt | head
