#!/bin/bash
# Session 45, call 8 (tall_experiment.patch on 3620872): the general skinny kernel (few columns)
# loading 1 (the committed kernel), 2 or 4 vectors of its contiguous input run a thread before
# staging them (XPOSE_TALL_AHEAD), two rounds of 30; then the per-strategy and narrow-edge GPU
# tests with 4 ahead.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/tall; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in a1 a2 a4; do
    echo "== round $round $v $name $eb"
    export XPOSE_TALL_AHEAD=${v#a}
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  run $round 2097152x48 e4 --shape 2097152x48 --elem-bytes 4
  run $round 1048575x40 e4 --shape 1048575x40 --elem-bytes 4
  run $round 1024x512x48 e4 --batch 1024 --shape 512x48 --elem-bytes 4
  run $round 1048576x40 e8 --shape 1048576x40 --elem-bytes 8
  run $round 1048576x64 e8 --shape 1048576x64 --elem-bytes 8
  run $round 2097152x20 e8 --shape 2097152x20 --elem-bytes 8
  run $round 1048576x20 e16 --shape 1048576x20 --elem-bytes 16
  run $round 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
  run $round 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
  run $round 4194303x40 e2 --shape 4194303x40 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
XPOSE_TALL_AHEAD=4 timeout 200 $B/xpose_gpu_tests --gtest_filter='*NarrowEdges*:*TransposeCases*' > $D/gpu_tests_a4.txt 2>&1; echo "gpu tests (4 ahead) rc $?"
tail -3 $D/gpu_tests_a4.txt; grep -E "^\[  FAILED" $D/gpu_tests_a4.txt | head
