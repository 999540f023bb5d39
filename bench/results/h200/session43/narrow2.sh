#!/bin/bash
# Session 43, call 7: narrow.sh's narrow shapes were 1-30 MB and read +-15 points from run to
# run; here narrower-than-wide matrices of 25-200 MB (output rows off sectors, or input rows off
# 256 bytes only), the committed code (new) against the head before the session (old), three
# rounds of 30 repetitions.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/narrow2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2 3; do
while read -r name ebytes args; do
  for v in old new; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
100016x992 e1 --shape 100016x992 --elem-bytes 1
200016x512 e1 --shape 200016x512 --elem-bytes 1
200016x128 e1 --shape 200016x128 --elem-bytes 1
200016x112 e1 --shape 200016x112 --elem-bytes 1
100008x504 e2 --shape 100008x504 --elem-bytes 2
200008x256 e2 --shape 200008x256 --elem-bytes 2
100000x1008 e1 --shape 100000x1008 --elem-bytes 1
100000x496 e2 --shape 100000x496 --elem-bytes 2
100000x1024 e1 --shape 100000x1024 --elem-bytes 1
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
