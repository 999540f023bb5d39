#!/bin/bash
# Session 46, call 7: the staged few-rows kernel from 8 MiB a call (kStagedMinBytes), as
# committed: every out-of-place GPU test; old (f450aa5) against new, two rounds of 30, at the
# size threshold, at 50 rows of bytes and on two earlier shapes; suite skinny and suite auto;
# then (rows_experiment.patch, XPOSE_STAGED_MAX_ROWS=300) the staged kernel for 1- and 2-byte
# matrices of 151-250 rows with aligned input and misaligned output rows against their tiles.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call7; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
timeout 240 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -3 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
echo "staged tests passed: $(grep -cE '^\[       OK \] .*StagedWide' $D/gpu_tests.txt)"
run() {  # round name ebytes variants... -- args
  local round=$1 name=$2 eb=$3; shift 3
  local vs=(); while [ "$1" != "--" ]; do vs+=("$1"); shift; done; shift
  for v in "${vs[@]}"; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_MAX_ROWS
    case $v in old) X=$B/xpose_old;; new) X=$B/xpose;; tile) X=$B/xpose_exp;; staged) X=$B/xpose_exp; export XPOSE_STAGED_MAX_ROWS=300;; esac
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
  unset XPOSE_STAGED_MAX_ROWS
}
(
for round in 1 2; do
  run $round 50x100000 e1 old new -- --shape 50x100000 --elem-bytes 1
  run $round 100x100000 e1 old new -- --shape 100x100000 --elem-bytes 1
  run $round 40x104864 e2 old new -- --shape 40x104864 --elem-bytes 2
  run $round 40x104856 e2 old new -- --shape 40x104856 --elem-bytes 2
  run $round 128x56x512 e2 old new -- --batch 128 --shape 56x512 --elem-bytes 2
  run $round 50x1600000 e1 old new -- --shape 50x1600000 --elem-bytes 1
  run $round 50x4194304 e1 old new -- --shape 50x4194304 --elem-bytes 1
  run $round 100x671088 e1 old new -- --shape 100x671088 --elem-bytes 1
  run $round 40x4194304 e2 old new -- --shape 40x4194304 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
timeout 90 $B/xpose bench --suite skinny --json $D/suite_skinny.json > $D/suite_skinny.txt 2>&1; echo "suite skinny rc $?"
timeout 150 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite auto rc $?"
tail -1 $D/suite_auto.txt; grep -E "^(skinny|batched)" $D/suite_auto.txt | grep -c met
grep -E "^skinny .*50x100000 e1|MISS" $D/suite_auto.txt | grep -E "skinny|batched|latency|submatrix"
(
for round in 1 2; do
  run $round 180x372832 e1 tile staged -- --shape 180x372832 --elem-bytes 1
  run $round 200x335552 e1 tile staged -- --shape 200x335552 --elem-bytes 1
  run $round 250x268448 e1 tile staged -- --shape 250x268448 --elem-bytes 1
  run $round 151x222224 e2 tile staged -- --shape 151x222224 --elem-bytes 2
  run $round 179x187456 e2 tile staged -- --shape 179x187456 --elem-bytes 2
  run $round 203x165000 e2 tile staged -- --shape 203x165000 --elem-bytes 2
  run $round 250x134224 e2 tile staged -- --shape 250x134224 --elem-bytes 2
done
) > $D/rows_ab.txt 2>&1
python3 $S $D/rows_ab.txt > $D/rows_summary.txt; cat $D/rows_summary.txt
echo "auto rows not ok: $(cat $D/ab.txt $D/rows_ab.txt | grep -E "^auto" | grep -vc " ok ")"
gzip $D/gpu_tests.txt $D/ab.txt $D/rows_ab.txt $D/suite_skinny.txt
