#!/bin/bash
# Session 42, call 8: the in-place coprime core's cp.async stage copies with a 256-byte L2 fetch
# (cp.async.cg.shared.global.L2::256B; coprime_fetch_experiment.patch on 08b7898) against the
# committed code (new = 7cb9a61's library, whose in-place code is e59c321's). Coprime-core GPU tests
# with the experiment; bench --inplace A/B, two rounds.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/coprime_fetch; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
timeout 150 $B/xpose_gpu_tests --gtest_filter='*InplaceCoprimeCore*' > $D/tests.log 2>&1; echo "tests rc $?"; tail -3 $D/tests.log
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old exp; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench --inplace $args --reps 20 | grep -E "^(cudaMemcpy|auto|inplace) "
  done
done <<'LIST'
12345x6789 e1 --shape 12345x6789 --elem-bytes 1
12345x6789 e2 --shape 12345x6789 --elem-bytes 2
12345x6789 e4 --shape 12345x6789 --elem-bytes 4
12345x6789 e16 --shape 12345x6789 --elem-bytes 16
6789x12345 e1 --shape 6789x12345 --elem-bytes 1
12345x10001 e1 --shape 12345x10001 --elem-bytes 1
27296x24267 e1 --shape 27296x24267 --elem-bytes 1
14000x9001 e8 --shape 14000x9001 --elem-bytes 8
LIST
done
) > $D/ab.txt 2>&1
grep -E "^inplace" $D/ab.txt | grep -vc " ok "
