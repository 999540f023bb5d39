#!/bin/bash
# Session 45, call 7: the committed rule for the few-rows skinny kernel (four vectors a thread
# ahead, two for 2-byte elements, on 16-byte aligned input rows; one otherwise): old (0b76fc2)
# against new, two rounds of 30; every out-of-place GPU test; suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/ahead_final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  run $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  run $round 65x1032444 e1 --shape 65x1032444 --elem-bytes 1
  run $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round 50x100000 e1 --shape 50x100000 --elem-bytes 1
  run $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  run $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
  run $round 50x100000 e4 --shape 50x100000 --elem-bytes 4
  run $round 48x1048576 e4 --shape 48x1048576 --elem-bytes 4
  run $round 40x1048576 e8 --shape 40x1048576 --elem-bytes 8
  run $round 20x1048576 e16 --shape 20x1048576 --elem-bytes 16
  run $round 64x1048576 e8 --shape 64x1048576 --elem-bytes 8
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -4 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
timeout 120 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite rc $?"
tail -1 $D/suite_auto.txt; grep -E "^skinny" $D/suite_auto.txt
