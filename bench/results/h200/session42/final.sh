#!/bin/bash
# Session 42, call 5: the library with whole 256-byte fetches for input rows off 256-byte
# boundaries (fp32 vectorized, 8-byte padded, 16-byte split tiles), plus a host switch for the
# register tile (XPOSE_FETCH_RT=1 plain ld.L2::256B, 2 ld.cs.L2::256B; final_experiment.patch).
# 1) GPU tests of the out-of-place paths; 2) A/B against the head's binary; 3) suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $D/device.txt
timeout 240 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/tests.log 2>&1; echo "tests rc $?"; tail -4 $D/tests.log
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old new rt1 rt2; do
    case $v in rt*) case $args in *"elem-bytes 1"*|*"elem-bytes 2"*) ;; *) continue;; esac;; esac
    echo "== round $round $v $name $ebytes"
    unset XPOSE_FETCH_RT; X=$B/xpose
    case $v in old) X=$B/xpose_old;; rt1) export XPOSE_FETCH_RT=1;; rt2) export XPOSE_FETCH_RT=2;; esac
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
8192x8192ld9000 e4 --shape 8192x8192 --ld-in 9000 --ld-out 9000 --elem-bytes 4
8192x8192 e4 --shape 8192x8192 --elem-bytes 4
4096x4096 e4 --shape 4096x4096 --elem-bytes 4
4095x4097 e4 --shape 4095x4097 --elem-bytes 4
9000x9000 e4 --shape 9000x9000 --elem-bytes 4
9000x9000 e8 --shape 9000x9000 --elem-bytes 8
4500x4500 e16 --shape 4500x4500 --elem-bytes 16
8208x8208 e1 --shape 8208x8208 --elem-bytes 1
70000x70000 e1 --shape 70000x70000 --elem-bytes 1
9008x9008 e1 --shape 9008x9008 --elem-bytes 1
8200x8200 e2 --shape 8200x8200 --elem-bytes 2
9000x9000 e2 --shape 9000x9000 --elem-bytes 2
16384x16384 e1 --shape 16384x16384 --elem-bytes 1
LIST
done
) > $D/ab.txt 2>&1
grep -E "^auto" $D/ab.txt | grep -vc " ok "
timeout 200 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite rc $?"; tail -2 $D/suite_auto.txt
