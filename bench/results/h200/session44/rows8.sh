#!/bin/bash
# Session 44, call 7 (rows8_experiment.patch on ece8523): 8- and 16-byte matrices with narrow
# columns that are not whole 32-element tiles, in row order (XPOSE_ROWS=1, variant r) against the
# column order auto gives them from 4 MiB. Two rounds of 30.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/rows8; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in base r; do
    echo "== round $round $v $name $eb"
    unset XPOSE_ROWS; [ $v = r ] && export XPOSE_ROWS=1
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for round in 1 2; do
  for e in 8 16; do
    run $round 1048576x80 e$e --shape 1048576x80 --elem-bytes $e
    run $round 1048576x72 e$e --shape 1048576x72 --elem-bytes $e
    run $round 524288x112 e$e --shape 524288x112 --elem-bytes $e
    run $round 200000x200 e$e --shape 200000x200 --elem-bytes $e
    run $round 1048576x96 e$e --shape 1048576x96 --elem-bytes $e
    run $round 512x1024x80 e$e --batch 512 --shape 1024x80 --elem-bytes $e
    run $round 80x1048576 e$e --shape 80x1048576 --elem-bytes $e
  done
  run $round 4194304x40 e4 --shape 4194304x40 --elem-bytes 4
  run $round 1024x64x512 e1 --batch 1024 --shape 64x512 --elem-bytes 1
  run $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
