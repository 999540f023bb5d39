#!/bin/bash
# Session 46, call 14: the staged kernel asks for a 75% carveout only where its register-limited blocks would need more (carveout_for; the committed
# form of call 12-13's lead) against 817f9b4 (old: the driver's carveout), two rounds of
# 30; the staged kernel's GPU tests and the narrow-edge tests.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call14; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 150 $B/xpose_gpu_tests --gtest_filter='*StagedWide*:*NarrowEdges*:*GraphCapture*:*Threads*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  runab $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  runab $round 33x4194304 e1 --shape 33x4194304 --elem-bytes 1
  runab $round 63x2130048 e1 --shape 63x2130048 --elem-bytes 1
  runab $round 60x2236928 e1 --shape 60x2236928 --elem-bytes 1
  runab $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  runab $round 200x335552 e1 --shape 200x335552 --elem-bytes 1
  runab $round 402x166944 e1 --shape 402x166944 --elem-bytes 1
  runab $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  runab $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  runab $round 150x223696 e2 --shape 150x223696 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
gzip $D/gpu_tests.txt $D/ab.txt
