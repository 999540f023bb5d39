#!/bin/bash
# Session 46, call 12 (carveout_experiment.patch on 817f9b4): the staged kernel's shared-memory
# carveout (XPOSE_STAGED_CARVEOUT = percent of the SM's shared memory; the rest is L1, which holds
# the loads in flight) against the driver's choice, two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call12; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in driver c50 c75 c100; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_CARVEOUT; [ $v != driver ] && export XPOSE_STAGED_CARVEOUT=${v#c}
    timeout 60 $B/xpose_carve bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
  unset XPOSE_STAGED_CARVEOUT
}
(
for round in 1 2; do
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  run $round 60x2236928 e1 --shape 60x2236928 --elem-bytes 1
  run $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  run $round 200x335552 e1 --shape 200x335552 --elem-bytes 1
  run $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  run $round 150x223696 e2 --shape 150x223696 --elem-bytes 2
done
) > $D/ab.txt 2>&1
python3 $S $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
gzip $D/ab.txt
