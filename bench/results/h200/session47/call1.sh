#!/bin/bash
# Session 47, call 1: the staged few-columns kernel (src/kernels/staged_tall.cu, forced by
# XPOSE_STAGED_TALL=1 where staged_few_cols holds and rows > cols; staged_tall_experiment.patch)
# against auto without it (old), with 16 (new16) and 8 (new8, XPOSE_STAGED_TALL_BATCH=8) loads
# in flight a thread; two rounds of 30. First its GPU tests (forced on) and the narrow-edge tests.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call1; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_STAGED_TALL=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedTall*:*NarrowEdges*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new16 new8; do
    echo "== round $round $v $name $eb"
    case $v in
      old) timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 ;;
      new16) XPOSE_STAGED_TALL=1 timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 ;;
      new8) XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=8 timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 ;;
    esac | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  runab $round 4194304x48 e1 --shape 4194304x48 --elem-bytes 1
  runab $round 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
  runab $round 4194304x33 e1 --shape 4194304x33 --elem-bytes 1
  runab $round 2097152x64 e1 --shape 2097152x64 --elem-bytes 1
  runab $round 2097151x64 e1 --shape 2097151x64 --elem-bytes 1
  runab $round 1032444x65 e1 --shape 1032444x65 --elem-bytes 1
  runab $round 671088x100 e1 --shape 671088x100 --elem-bytes 1
  runab $round 671089x100 e1 --shape 671089x100 --elem-bytes 1
  runab $round 335552x200 e1 --shape 335552x200 --elem-bytes 1
  runab $round 166944x402 e1 --shape 166944x402 --elem-bytes 1
  runab $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  runab $round 4194304x40 e2 --shape 4194304x40 --elem-bytes 2
  runab $round 4194303x40 e2 --shape 4194303x40 --elem-bytes 2
  runab $round 2097152x33 e2 --shape 2097152x33 --elem-bytes 2
  runab $round 516222x65 e2 --shape 516222x65 --elem-bytes 2
  runab $round 335544x100 e2 --shape 335544x100 --elem-bytes 2
  runab $round 223696x150 e2 --shape 223696x150 --elem-bytes 2
  runab $round 83472x402 e2 --shape 83472x402 --elem-bytes 2
  runab $round 1024x512x56 e2 --batch 1024 --shape 512x56 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
