#!/bin/bash
# Session 46, call 8 (rows_experiment.patch on the staged kernel's build): how far above 250
# rows the staged few-rows kernel stays ahead of the tiles (XPOSE_STAGED_MAX_ROWS=2000) for 1-
# and 2-byte matrices with 16-byte aligned input rows and misaligned output rows; two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in tile staged; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_MAX_ROWS; [ $v = staged ] && export XPOSE_STAGED_MAX_ROWS=2000
    timeout 60 $B/xpose_exp bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
  unset XPOSE_STAGED_MAX_ROWS
}
(
for round in 1 2; do
  run $round 300x223696 e1 --shape 300x223696 --elem-bytes 1
  run $round 402x166944 e1 --shape 402x166944 --elem-bytes 1
  run $round 500x134224 e1 --shape 500x134224 --elem-bytes 1
  run $round 700x95872 e1 --shape 700x95872 --elem-bytes 1
  run $round 1000x67104 e1 --shape 1000x67104 --elem-bytes 1
  run $round 300x111856 e2 --shape 300x111856 --elem-bytes 2
  run $round 402x83472 e2 --shape 402x83472 --elem-bytes 2
  run $round 500x67104 e2 --shape 500x67104 --elem-bytes 2
  run $round 1001x33552 e2 --shape 1001x33552 --elem-bytes 2
done
) > $D/rows_ab.txt 2>&1
python3 $S $D/rows_ab.txt > $D/rows_summary.txt; cat $D/rows_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/rows_ab.txt | grep -vc " ok ")"
gzip $D/rows_ab.txt
