#!/bin/bash
# Session 47, call 3: the staged few-columns kernel with its loads in flight chosen per path
# (16 for bytes on aligned output rows, else 8; call 2), old auto against XPOSE_STAGED_TALL=1
# (new) at more column counts, to set the rule's limits; two rounds of 30. GPU tests forced on.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
XPOSE_STAGED_TALL=1 timeout 200 $B/xpose_gpu_tests --gtest_filter='*StagedTall*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -1 $D/gpu_tests.txt; grep -E "^\[  FAILED|Failure" $D/gpu_tests.txt | head
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    E=""; [ $v = new ] && E="XPOSE_STAGED_TALL=1"
    echo "== round $round $v $name $eb"
    env $E timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  runab $round 2097152x64 e1 --shape 2097152x64 --elem-bytes 1
  runab $round 4194304x56 e1 --shape 4194304x56 --elem-bytes 1
  runab $round 524288x128 e1 --shape 524288x128 --elem-bytes 1
  runab $round 166944x402 e1 --shape 166944x402 --elem-bytes 1
  runab $round 2048x256x100 e1 --batch 2048 --shape 256x100 --elem-bytes 1
  runab $round 4194303x33 e1 --shape 4194303x33 --elem-bytes 1
  runab $round 838861x80 e1 --shape 838861x80 --elem-bytes 1
  runab $round 699051x96 e1 --shape 699051x96 --elem-bytes 1
  runab $round 599187x112 e1 --shape 599187x112 --elem-bytes 1
  runab $round 2097152x48 e2 --shape 2097152x48 --elem-bytes 2
  runab $round 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
  runab $round 1048576x56 e2 --shape 1048576x56 --elem-bytes 2
  runab $round 335544x100 e2 --shape 335544x100 --elem-bytes 2
  runab $round 223696x150 e2 --shape 223696x150 --elem-bytes 2
  runab $round 1024x512x56 e2 --batch 1024 --shape 512x56 --elem-bytes 2
  runab $round 4194303x56 e2 --shape 4194303x56 --elem-bytes 2
  runab $round 335545x100 e2 --shape 335545x100 --elem-bytes 2
  runab $round 279621x120 e2 --shape 279621x120 --elem-bytes 2
  runab $round 1024x511x56 e2 --batch 1024 --shape 511x56 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
gzip $D/gpu_tests.txt $D/ab.txt
