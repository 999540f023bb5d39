#!/bin/bash
# Session 47, call 9: suite auto with 06c4eb0 (old) then the final code (new), twice, on one
# machine: the rows call 8 missed outside the large aligned ones ((1024,3,1000) bytes, the 256^2
# latency, the submatrix) run kernels neither change touched.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
for round in 1 2; do
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 100 $X bench --suite auto --json $D/suite_auto_${v}_$round.json > $D/suite_auto_${v}_$round.txt 2>&1
    echo "$v $round: $(tail -1 $D/suite_auto_${v}_$round.txt)"
    grep MISS $D/suite_auto_${v}_$round.txt | grep -v "^large" | awk '{print "   ", $1, $2, $3, $(NF-2), $(NF-1), $NF}'
  done
done
gzip $D/*.json
