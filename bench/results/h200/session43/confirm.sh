#!/bin/bash
# Session 43, call 5: the committed rule (register tile: output rows off 32-byte sectors take 16
# micro-rows a warp with evict-first 256-byte fetches; input rows off 256 bytes the fetches)
# against the head before the session (old), two rounds; every out-of-place GPU test; suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/confirm; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old new; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
12304x12304 e1 --shape 12304x12304 --elem-bytes 1
16400x16400 e1 --shape 16400x16400 --elem-bytes 1
70000x70000 e1 --shape 70000x70000 --elem-bytes 1
30000x8208 e1 --shape 30000x8208 --elem-bytes 1
8208x8192 e1 --shape 8208x8192 --elem-bytes 1
4112x4112 e1 --shape 4112x4112 --elem-bytes 1
b4x4112x4112 e1 --batch 4 --shape 4112x4112 --elem-bytes 1
30000x1000 e1 --shape 30000x1000 --elem-bytes 1
8208x112 e1 --shape 8208x112 --elem-bytes 1
8200x8200 e2 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 --shape 9000x9000 --elem-bytes 2
4104x4104 e2 --shape 4104x4104 --elem-bytes 2
20008x8200 e2 --shape 20008x8200 --elem-bytes 2
8200x8192 e2 --shape 8200x8192 --elem-bytes 2
8200x504 e2 --shape 8200x504 --elem-bytes 2
8192x8208 e1 --shape 8192x8208 --elem-bytes 1
8192x8192in9024 e1 --shape 8192x8192 --ld-in 9024 --ld-out 8192 --elem-bytes 1
8192x1008 e1 --shape 8192x1008 --elem-bytes 1
8192x8200 e2 --shape 8192x8200 --elem-bytes 2
16400x16400 e2 --shape 16400x16400 --elem-bytes 2
8192x504 e2 --shape 8192x504 --elem-bytes 2
16384x16384 e1 --shape 16384x16384 --elem-bytes 1
32768x8192 e1 --shape 32768x8192 --elem-bytes 1
8192x8192 e2 --shape 8192x8192 --elem-bytes 2
4096x4096 e2 --shape 4096x4096 --elem-bytes 2
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
