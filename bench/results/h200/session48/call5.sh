#!/bin/bash
# Session 48, call 5: the staged few-columns kernel with its input rows staged by cp.async
# (256-byte fetches) against the committed kernel (xpose_old = 6a9070d, whose few-columns kernel
# is the head's). XPOSE_TALL_VARIANT: 2 cp.async, 4 blocks an SM; 4 five; 3 six. Past the
# committed rules: XPOSE_TALL_MISALIGNED_MAX=402 (misaligned output rows beyond 80 / 100 columns),
# XPOSE_TALL_FORCE=1 (where the register tile serves). GPU tests per variant to 402 misaligned columns.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call5; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
for v in 2 4 3; do
  XPOSE_TALL_MISALIGNED_MAX=402 XPOSE_TALL_VARIANT=$v timeout 120 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests_tall_v$v.txt 2>&1; echo "staged tall tests v$v rc $?"; tail -1 $D/gpu_tests_tall_v$v.txt
done
runtall() {  # round name ebytes envs args
  local round=$1 name=$2 eb=$3 envs=$4; shift 4
  for v in old v2 v4 v3; do
    echo "== round $round $v $name $eb"
    if [ $v = old ]; then
      timeout 60 $B/xpose_old bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
    else
      env $envs XPOSE_TALL_VARIANT=${v#v} timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
    fi
  done
}
(
for round in 1 2; do
  for s in 4194304x33 4194304x56 2097152x64 671088x100 335552x200 166944x402; do
    runtall $round $s e1 "" --shape $s --elem-bytes 1
  done
  runtall $round 2048x256x100 e1 "" --batch 2048 --shape 256x100 --elem-bytes 1
  runtall $round 524288x128 e1 "XPOSE_TALL_FORCE=1" --shape 524288x128 --elem-bytes 1
  for s in 4194303x33 4194303x48 2097151x64 838861x80; do
    runtall $round $s e1 "" --shape $s --elem-bytes 1
  done
  for s in 699051x96 599187x112 335553x200 166945x402; do
    runtall $round $s e1 "XPOSE_TALL_MISALIGNED_MAX=402" --shape $s --elem-bytes 1
  done
  for s in 2097152x33 335544x100 223696x150 83472x402; do
    runtall $round $s e2 "" --shape $s --elem-bytes 2
  done
  for s in 4194304x40 2097152x48; do
    runtall $round $s e2 "XPOSE_TALL_FORCE=1" --shape $s --elem-bytes 2
  done
  for s in 4194303x40 335545x100; do
    runtall $round $s e2 "" --shape $s --elem-bytes 2
  done
  for s in 279621x120 223697x150 83473x402; do
    runtall $round $s e2 "XPOSE_TALL_MISALIGNED_MAX=402" --shape $s --elem-bytes 2
  done
done
) > $D/ab_tall.txt 2>&1
python3 $S $D/ab_tall.txt > $D/ab_tall_summary.txt; cat $D/ab_tall_summary.txt
gzip $D/ab_tall.txt $D/gpu_tests_tall_v*.txt
