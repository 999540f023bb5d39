#!/bin/bash
# Session 42, call 6: whole 256-byte fetches (ld.global.L2::256B) in the element tile (4/8 bytes),
# the residue tile (1/2 bytes) and the sector tile (16 bytes), whose input rows are not 16-byte
# aligned (fetch_misaligned_experiment.patch, on top of 77471aa); against the head before the
# session (old: e59c321, same code on these paths). GPU tests of those paths with the experiment;
# suite auto with it.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/misaligned; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
timeout 200 $B/xpose_gpu_tests --gtest_filter='*ElementTile*:*ResidueTile*:*SectorTile*:*TileOrder*:*InputFetch*:AllPaths/*:Randomized.*' > $D/tests.log 2>&1; echo "tests rc $?"; tail -3 $D/tests.log
(
for round in 1 2; do
while read -r name ebytes args; do
  for v in old exp; do
    echo "== round $round $v $name $ebytes"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench $args --strategies auto --reps 15 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
done <<'LIST'
4095x4097 e1 --shape 4095x4097 --elem-bytes 1
4095x4097 e2 --shape 4095x4097 --elem-bytes 2
4095x4097 e4 --shape 4095x4097 --elem-bytes 4
4095x4097 e8 --shape 4095x4097 --elem-bytes 8
4095x4097 e16 --shape 4095x4097 --elem-bytes 16
8191x8193 e1 --shape 8191x8193 --elem-bytes 1
8191x8193 e2 --shape 8191x8193 --elem-bytes 2
8191x8193 e4 --shape 8191x8193 --elem-bytes 4
8191x8193 e8 --shape 8191x8193 --elem-bytes 8
9001x7003 e4 --shape 9001x7003 --elem-bytes 4
9001x7003 e8 --shape 9001x7003 --elem-bytes 8
b16x1001x1003 e4 --batch 16 --shape 1001x1003 --elem-bytes 4
b16x1001x1003 e8 --batch 16 --shape 1001x1003 --elem-bytes 8
4097x4096 e1 --shape 4097x4096 --elem-bytes 1
4096x4097 e8 --shape 4096x4097 --elem-bytes 8
3001x2999 e1 --shape 3001x2999 --elem-bytes 1
16383x16385 e2 --shape 16383x16385 --elem-bytes 2
2049x2047 e16 --shape 2049x2047 --elem-bytes 16
LIST
done
) > $D/ab.txt 2>&1
grep -E "^auto" $D/ab.txt | grep -vc " ok "
timeout 200 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite rc $?"; tail -2 $D/suite_auto.txt
