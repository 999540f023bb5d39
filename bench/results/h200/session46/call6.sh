#!/bin/bash
# Session 46, call 6: where the staged few-rows kernel stops winning as matrices get small
# (call 5: 50 x 100000 bytes, 5 MB, 106 -> 91% of memcpy): the committed build of call 5 (new)
# against f450aa5 (old), two rounds of 30, on 1- and 2-byte matrices of 2.5 to 80 MB.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call6; mkdir -p $D
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
for round in 1 2; do
  for n in 50000 100000 200000 400000 800000; do runab $round 50x$n e1 --shape 50x$n --elem-bytes 1; done
  for n in 50000 100000 200000 400000; do runab $round 100x$n e1 --shape 100x$n --elem-bytes 1; done
  for n in 50000 100000 200000 400000; do runab $round 40x$n e2 --shape 40x$n --elem-bytes 2; done
  runab $round 64x100x256 e1 --batch 64 --shape 100x256 --elem-bytes 1
  runab $round 256x100x256 e1 --batch 256 --shape 100x256 --elem-bytes 1
  runab $round 128x56x512 e2 --batch 128 --shape 56x512 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
gzip $D/ab.txt
