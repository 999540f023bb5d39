#!/bin/bash
# Session 42, call 7: the committed library (7cb9a61: whole 256-byte fetches for input rows off
# 256-byte boundaries in the fp32 vectorized, 8-byte padded, 16-byte split and sector tiles).
# 1) every out-of-place GPU test; 2) A/B against the head before the session (old: e59c321);
# 3) suite auto twice, with JSON.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/confirm; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
timeout 240 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/tests.log 2>&1; echo "tests rc $?"; tail -5 $D/tests.log
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old new; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8192x8192ld9000 e4 --shape 8192x8192 --ld-in 9000 --ld-out 9000 --elem-bytes 4
9000x9000 e4 --shape 9000x9000 --elem-bytes 4
50000x50000 e4 --shape 50000x50000 --elem-bytes 4
9000x9000 e8 --shape 9000x9000 --elem-bytes 8
4500x4500 e16 --shape 4500x4500 --elem-bytes 16
4095x4097 e16 --shape 4095x4097 --elem-bytes 16
4095x4097 e4 --shape 4095x4097 --elem-bytes 4
4096x4096 e4 --shape 4096x4096 --elem-bytes 4
8192x8192 e4 --shape 8192x8192 --elem-bytes 4
16384x16384 e8 --shape 16384x16384 --elem-bytes 8
32768x8192 e16 --shape 32768x8192 --elem-bytes 16
LIST
done
) > $D/ab.txt 2>&1
grep -E "^auto" $D/ab.txt | grep -vc " ok "
for i in 1 2; do timeout 200 $B/xpose bench --suite auto --json $D/suite_auto_$i.json > $D/suite_auto_$i.txt 2>&1; echo "suite rc $?"; tail -1 $D/suite_auto_$i.txt; done
