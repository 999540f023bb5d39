#!/bin/bash
# Session 45, call 10 (plain_experiment.patch on aab401e): the few-rows skinny kernel on
# misaligned input rows (one vector a thread ahead, evict-first loads) against plain loads with
# one (p1) and four (p4) ahead (XPOSE_WIDE_EXP), two rounds of 30; then the per-strategy and
# narrow-edge GPU tests with p4.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/plain; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in base p1 p4; do
    echo "== round $round $v $name $eb"
    unset XPOSE_WIDE_EXP; [ $v != base ] && export XPOSE_WIDE_EXP=$v
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  run $round 65x1032444 e1 --shape 65x1032444 --elem-bytes 1
  run $round 120x559240 e1 --shape 120x559240 --elem-bytes 1
  run $round 167x401849 e1 --shape 167x401849 --elem-bytes 1
  run $round 48x4194303 e1 --shape 48x4194303 --elem-bytes 1
  run $round 2048x100x250 e1 --batch 2048 --shape 100x250 --elem-bytes 1
  run $round 65x516222 e2 --shape 65x516222 --elem-bytes 2
  run $round 50x1000001 e4 --shape 50x1000001 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
XPOSE_WIDE_EXP=p4 timeout 120 $B/xpose_gpu_tests --gtest_filter='*NarrowEdges*:*TransposeCases*' > $D/gpu_tests_p4.txt 2>&1; echo "gpu tests (p4) rc $?"
tail -3 $D/gpu_tests_p4.txt; grep -E "^\[  FAILED" $D/gpu_tests_p4.txt | head
