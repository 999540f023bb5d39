#!/bin/bash
# For the next session (branch experiment/staged-wide, written in session 45 after its device
# time was spent; never run): the staged few-rows kernel (src/kernels/staged_wide.cu,
# XPOSE_STAGED_WIDE=1) against the general skinny kernel on 1- and 2-byte matrices with 16-byte
# aligned input rows and packed output rows, two rounds of 30; then the narrow-edge and
# per-strategy GPU tests with it forced on. Build the branch, pack xpose and xpose_gpu_tests
# into .devbin/bins.tar.xz, carry .devbin.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/staged; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in skinny staged; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_WIDE; [ $v = staged ] && export XPOSE_STAGED_WIDE=1
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  run $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  run $round 150x447392 e1 --shape 150x447392 --elem-bytes 1
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  run $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  run $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
XPOSE_STAGED_WIDE=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*NarrowEdges*:*TransposeCases*:*Skinny*' > $D/gpu_tests_staged.txt 2>&1
echo "gpu tests (staged) rc $?"; tail -3 $D/gpu_tests_staged.txt; grep -E "^\[  FAILED" $D/gpu_tests_staged.txt | head
