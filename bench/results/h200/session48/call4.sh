#!/bin/bash
# Session 48, call 4. (a) The shifted staged few-rows kernel as committed next (cp.async chunks
# with 256-byte fetches; bytes 4 blocks an SM, 2-byte 7; rows up to 320 bytes / 300 2-byte)
# against 6a9070d (xpose_old): the staged GPU tests, A/B two rounds of 30. (b) The same staging
# by cp.async in the staged few-columns kernel, XPOSE_TALL_VARIANT: 0 as committed (register
# loads, 8 or 16 a round); 1 cp.async, no block bound; 2 cp.async, 4 blocks an SM; 3 cp.async,
# 6 blocks an SM. GPU tests of the kernel per variant; A/B two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 120 $B/xpose_gpu_tests --gtest_filter='*StagedWide*' > $D/gpu_tests_wide.txt 2>&1; echo "staged wide tests rc $?"; tail -1 $D/gpu_tests_wide.txt
for v in 1 2 3; do
  XPOSE_TALL_VARIANT=$v timeout 100 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests_tall_v$v.txt 2>&1; echo "staged tall tests v$v rc $?"; tail -1 $D/gpu_tests_tall_v$v.txt
done
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
  for s in 33x4194303 48x4194303 64x2097151 65x1032444 100x671089 167x401849 200x335553 300x223697 301x223697 320x209715 321x209715 48x4194304; do
    runab $round $s e1 --shape $s --elem-bytes 1
  done
  runab $round 2048x100x248 e1 --batch 2048 --shape 100x248 --elem-bytes 1
  for s in 33x2097151 40x4194303 65x516223 100x335545 179x187457 180x187457 250x134219 300x111847 301x111847 40x4194304; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
runtall() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in 0 1 2 3; do
    echo "== round $round v$v $name $eb"
    XPOSE_TALL_VARIANT=$v timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 4194304x33 4194304x56 2097152x64 671088x100 335552x200 166944x402 4194303x33 4194303x48 2097151x64 838861x80; do
    runtall $round $s e1 --shape $s --elem-bytes 1
  done
  runtall $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  for s in 2097152x33 335544x100 223696x150 83472x402 4194303x40 335545x100; do
    runtall $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab_tall.txt 2>&1
python3 $S $D/ab_tall.txt > $D/ab_tall_summary.txt; cat $D/ab_tall_summary.txt
gzip $D/ab_wide.txt $D/ab_tall.txt
