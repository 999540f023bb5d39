#!/bin/bash
# Session 45, call 9: the committed few-columns skinny kernel (four vectors a thread ahead):
# old (3620872) against new, one round of 30; every out-of-place GPU test; suite auto.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/tall_final; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in old new; do
    echo "== round $round $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
  run 1 2097152x48 e4 --shape 2097152x48 --elem-bytes 4
  run 1 1024x512x48 e4 --batch 1024 --shape 512x48 --elem-bytes 4
  run 1 1048576x40 e8 --shape 1048576x40 --elem-bytes 8
  run 1 1048576x20 e16 --shape 1048576x20 --elem-bytes 16
  run 1 4194303x48 e1 --shape 4194303x48 --elem-bytes 1
  run 1 4194303x40 e2 --shape 4194303x40 --elem-bytes 2
  run 1 2097152x64 e2 --shape 2097152x64 --elem-bytes 2
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
timeout 200 $B/xpose_gpu_tests --gtest_filter='-*Inplace*' > $D/gpu_tests.txt 2>&1; echo "gpu tests rc $?"
tail -4 $D/gpu_tests.txt; grep -E "^\[  FAILED" $D/gpu_tests.txt | head
timeout 120 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1; echo "suite rc $?"
tail -1 $D/suite_auto.txt; grep -E "^(skinny|batched)" $D/suite_auto.txt | grep -c met
