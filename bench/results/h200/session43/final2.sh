#!/bin/bash
# Session 43, call 12: the 8-byte sector tile rule (output rows off 32-byte sectors, 16-byte
# aligned, from 128 MiB per call) against the head before the session (old), two rounds of 30;
# every out-of-place GPU test; suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old new; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
4098x4096 e8 --shape 4098x4096 --elem-bytes 8
8194x8192 e8 --shape 8194x8192 --elem-bytes 8
16386x8192 e8 --shape 16386x8192 --elem-bytes 8
8192x8192ldout8194 e8 --shape 8192x8192 --ld-out 8194 --elem-bytes 8
b2x8194x4096 e8 --batch 2 --shape 8194x4096 --elem-bytes 8
8194x8200 e8 --shape 8194x8200 --elem-bytes 8
8192x8192 e8 --shape 8192x8192 --elem-bytes 8
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/tests.log 2>&1; echo "tests rc=$?"
tail -3 $D/tests.log; grep -E "^\[  FAILED" $D/tests.log | head; grep -cE "^\[       OK \] Layouts/(InputFetch|SectorTile)" $D/tests.log
timeout 120 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; tail -1 $D/suite_auto.txt
gzip -9 $D/tests.log
