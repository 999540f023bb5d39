#!/bin/bash
# Session 43, call 9: the final rule (long store runs for output rows off sectors from 128
# columns; fetches for input rows off 256 bytes in rows of 1024 bytes and more) against the
# head before the session (old), two rounds of 30 repetitions; every out-of-place GPU test;
# suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old new; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
16400x16400 e1 --shape 16400x16400 --elem-bytes 1
70000x70000 e1 --shape 70000x70000 --elem-bytes 1
30000x8208 e1 --shape 30000x8208 --elem-bytes 1
8208x8192 e1 --shape 8208x8192 --elem-bytes 1
b4x4112x4112 e1 --batch 4 --shape 4112x4112 --elem-bytes 1
8200x8200 e2 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 --shape 9000x9000 --elem-bytes 2
20008x8200 e2 --shape 20008x8200 --elem-bytes 2
4104x4104 e2 --shape 4104x4104 --elem-bytes 2
100016x992 e1 --shape 100016x992 --elem-bytes 1
200016x512 e1 --shape 200016x512 --elem-bytes 1
200016x128 e1 --shape 200016x128 --elem-bytes 1
100008x504 e2 --shape 100008x504 --elem-bytes 2
200008x256 e2 --shape 200008x256 --elem-bytes 2
200008x128 e2 --shape 200008x128 --elem-bytes 2
200016x112 e1 --shape 200016x112 --elem-bytes 1
8192x8208 e1 --shape 8192x8208 --elem-bytes 1
8192x8192in9024 e1 --shape 8192x8192 --ld-in 9024 --ld-out 8192 --elem-bytes 1
8192x8200 e2 --shape 8192x8200 --elem-bytes 2
16400x16400 e2 --shape 16400x16400 --elem-bytes 2
100000x1008 e1 --shape 100000x1008 --elem-bytes 1
100000x496 e2 --shape 100000x496 --elem-bytes 2
16384x16384 e1 --shape 16384x16384 --elem-bytes 1
8192x8192 e2 --shape 8192x8192 --elem-bytes 2
100000x1024 e1 --shape 100000x1024 --elem-bytes 1
LIST
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/tests.log 2>&1; echo "tests rc=$?"
tail -3 $D/tests.log; grep -E "^\[  FAILED" $D/tests.log | head; grep -cE "^\[       OK \] Layouts/InputFetch" $D/tests.log
timeout 120 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; tail -1 $D/suite_auto.txt
gzip -9 $D/tests.log
