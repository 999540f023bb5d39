#!/bin/bash
# Session 46, call 10: call 9's suite misses on paths the session did not change, against
# f450aa5 (old), three rounds of 30: (1024, 3, 1000) bytes (batch interleave) and the 256^2 fp32
# latency row; then suite auto once more.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call10; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2 3; do
  runab $round 1024x3x1000 e1 --batch 1024 --shape 3x1000 --elem-bytes 1
  runab $round 256x256 e4 --shape 256x256 --elem-bytes 4
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite auto rc $?"
tail -1 $D/suite_auto.txt; grep -E "^(skinny|batched)" $D/suite_auto.txt | grep -c met
grep -E "MISS" $D/suite_auto.txt | grep -E "skinny|batched|latency|submatrix"
gzip $D/ab.txt
