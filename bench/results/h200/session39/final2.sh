#!/bin/bash
# Session 39, call 10: the committed library (8d87631, same binaries as final/) on a fresh
# machine again: the in-place suite twice, then the auto suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final2; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins/xpose
for k in 1 2; do
  $B bench --suite inplace --json $D/suite_inplace_$k.json > $D/suite_inplace_$k.txt 2>&1
  tail -1 $D/suite_inplace_$k.txt
done
$B bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
tail -1 $D/suite_auto.txt
