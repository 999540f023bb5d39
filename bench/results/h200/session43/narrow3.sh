#!/bin/bash
# Session 43, call 8: narrow2 found the fetches slower on narrower-than-wide matrices; are the
# long store runs (with their fetches) better there? c1 (804f480) took them from 128 columns.
# old: the head before the session (stacked warps, the kernel's loads). Three rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/narrow3; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2 3; do
while read -r name ebytes args; do
  for v in old c1; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose_c1; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
100016x992 e1 --shape 100016x992 --elem-bytes 1
200016x512 e1 --shape 200016x512 --elem-bytes 1
200016x128 e1 --shape 200016x128 --elem-bytes 1
100008x504 e2 --shape 100008x504 --elem-bytes 2
200008x256 e2 --shape 200008x256 --elem-bytes 2
200008x128 e2 --shape 200008x128 --elem-bytes 2
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
