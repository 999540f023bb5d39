#!/bin/bash
# Session 45, call 5: the final code (2-byte rows of the skinny rule up to 150). Every
# out-of-place GPU test; suite auto with old (2215dfc) and new, one after the other, twice;
# the suite's small rows that call 4's suite read low (kernels the session did not change),
# old against new, three rounds; 2-byte 150 rows and 151 rows (the realigned tile in both).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -4 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
for i in 1 2; do
  for v in old new; do
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 120 $X bench --suite auto --json $D/suite_auto_${v}_$i.json > $D/suite_auto_${v}_$i.txt 2>&1
    echo "suite $v $i: $(tail -1 $D/suite_auto_${v}_$i.txt)"
  done
done
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2 3; do
  run $round 4096x32x32 e1 --batch 4096 --shape 32x32 --elem-bytes 1
  run $round 1024x3x1000 e1 --batch 1024 --shape 3x1000 --elem-bytes 1
  run $round 1024x3x1000 e4 --batch 1024 --shape 3x1000 --elem-bytes 4
  run $round 256x256 e4 --shape 256x256 --elem-bytes 4
  run $round 150x223696 e2 --shape 150x223696 --elem-bytes 2
  run $round 151x222214 e2 --shape 151x222214 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
