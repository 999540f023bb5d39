#!/bin/bash
# Session 47, call 2: the staged few-columns kernel with the word part of a shift as a branch
# and, where output rows are 16-byte aligned, stores straight from the micro-tiles (DIRECT);
# old auto against XPOSE_STAGED_TALL=1 with 16 (bytes only), 8 and 4 loads in flight a round
# (XPOSE_STAGED_TALL_BATCH), and on aligned output rows also without the direct stores
# (XPOSE_STAGED_TALL_DIRECT=0, variant staged8); two rounds of 30. GPU tests forced on first.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_STAGED_TALL=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=4 timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedTall*Layouts*' > $D/gpu_tests_b4.txt 2>&1; echo "gpu tests b4 rc $?"
tail -1 $D/gpu_tests_b4.txt
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old b16 b8 b4 staged8; do
    [ $v = b16 ] && [ $eb = e2 ] && continue
    case $v in
      old) E="" ;; b16) E="XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=16" ;;
      b8) E="XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=8" ;; b4) E="XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=4" ;;
      staged8) [ "$ALIGNED" = 1 ] || continue; E="XPOSE_STAGED_TALL=1 XPOSE_STAGED_TALL_BATCH=8 XPOSE_STAGED_TALL_DIRECT=0" ;;
    esac
    echo "== round $round $v $name $eb"
    env $E timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  ALIGNED=1
  runab $round 4194304x48 e1 --shape 4194304x48 --elem-bytes 1
  runab $round 4194304x33 e1 --shape 4194304x33 --elem-bytes 1
  runab $round 671088x100 e1 --shape 671088x100 --elem-bytes 1
  runab $round 335552x200 e1 --shape 335552x200 --elem-bytes 1
  runab $round 4194304x40 e2 --shape 4194304x40 --elem-bytes 2
  runab $round 2097152x33 e2 --shape 2097152x33 --elem-bytes 2
  runab $round 83472x402 e2 --shape 83472x402 --elem-bytes 2
  ALIGNED=0
  runab $round 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
  runab $round 2097151x64 e1 --shape 2097151x64 --elem-bytes 1
  runab $round 1032444x65 e1 --shape 1032444x65 --elem-bytes 1
  runab $round 671089x100 e1 --shape 671089x100 --elem-bytes 1
  runab $round 166945x402 e1 --shape 166945x402 --elem-bytes 1
  runab $round 2048x255x100 e1 --batch 2048 --shape 255x100 --elem-bytes 1
  runab $round 4194303x40 e2 --shape 4194303x40 --elem-bytes 2
  runab $round 516222x65 e2 --shape 516222x65 --elem-bytes 2
  runab $round 223697x150 e2 --shape 223697x150 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
