#!/bin/bash
# Session 44, call 9 (the build of 9789c59; 0134fbd's SASS is the same): old (b0415d5) against new
# across the domains of the session's rules at shapes not measured before, one round of 30 each:
# fp32 narrow columns and rows, fp64 narrow columns, 1-/2-byte sides of 33-64 (on and off sectors).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/domain; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
run() {  # name ebytes args
  local name=$1 eb=$2; shift 2
  for v in old new; do
    echo "== round 1 $v $name $eb"
    X=$B/xpose; [ $v = old ] && X=$B/xpose_old
    timeout 60 $X bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
}
(
for c in 68 100 132 164 196 228 252; do run 262144x$c e4 --shape 262144x$c --elem-bytes 4; done
for c in 84 148 212; do run 64x2048x$c e4 --batch 64 --shape 2048x$c --elem-bytes 4; done
for r in 68 132 244; do run ${r}x262144 e4 --shape ${r}x262144 --elem-bytes 4; done
run 100x100x100 e4 --batch 100 --shape 100x100 --elem-bytes 4
for c in 40 56 88 120 168 232; do run 262144x$c e8 --shape 262144x$c --elem-bytes 8; done
run 64x2048x88 e8 --batch 64 --shape 2048x88 --elem-bytes 8
run 333x1024x64 e1 --batch 333 --shape 1024x64 --elem-bytes 1
run 333x64x1024 e1 --batch 333 --shape 64x1024 --elem-bytes 1
run 1000000x48 e1 --shape 1000000x48 --elem-bytes 1
run 777x1008x48 e2 --batch 777 --shape 1008x48 --elem-bytes 2
run 777x48x1000 e2 --batch 777 --shape 48x1000 --elem-bytes 2
run 3000000x56 e2 --shape 3000000x56 --elem-bytes 2
run 56x3000000 e2 --shape 56x3000000 --elem-bytes 2
run 1000x1000x64 e2 --batch 1000 --shape 1000x64 --elem-bytes 2
) > $D/ab.txt 2>&1
python3 bench/results/h200/session42/summarize.py $D/ab.txt > $D/ab_summary.txt
cat $D/ab_summary.txt | sed 's/cublas:[^ ]* //'
echo "auto rows not ok: $(grep -E "^auto" $D/ab.txt | grep -vc " ok ")"
