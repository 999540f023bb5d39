#!/bin/bash
# Session 49, call 8. Timing only: what the half-word stores of 2-byte odd row counts cost. xpose
# (the committed code) against xpose_racy (racy_halves_experiment.patch: the partial words stored
# whole, clobbering the neighbours' halves; its results are wrong and its rows read FAILED), with
# even row counts of the same sizes for reference. Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
runab() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in halves racy; do
    X=$B/xpose; [ $v = racy ] && X=$B/xpose_racy
    echo "== round $round $v $name $eb"
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|auto)"
  done
}
(
for round in 1 2; do
  for s in 33x2097152 65x516224 179x187456 33x2097151 65x516223 179x187457 180x187457 66x516223 34x2097151; do
    runab $round $s e2 --shape $s --elem-bytes 2
  done
done
) > $D/ab_wide.txt 2>&1
python3 $S $D/ab_wide.txt > $D/ab_wide_summary.txt; cat $D/ab_wide_summary.txt
gzip $D/ab_wide.txt
