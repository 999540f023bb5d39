#!/bin/bash
# Session 46, call 4 (staged4_experiment.patch on f450aa5): call 3's staged kernel, its pieces written by one predicated path (whole words, then the partial end words byte by byte; words only where R * E is a multiple of 4), with one
# micro-tile a thread and 128 or 256 threads a block (XPOSE_STAGED_WIDE=128 / 256; the
# micro-columns a block follow: threads / micro-rows, even) against the general skinny kernel,
# two rounds of 30; GPU tests with each forced on.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call4; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
S=bench/results/h200/session42/summarize.py
F='AllPaths/TransposeCases.*auto_e1*:AllPaths/TransposeCases.*auto_e2*:Layouts/NarrowEdges.*:Randomized.*:EveryRowCount/SkinnyInterleave.*'
for t in 128 256; do
  XPOSE_STAGED_WIDE=$t timeout 100 $B/xpose_gpu_tests --gtest_filter="$F" > $D/gpu_tests_staged$t.txt 2>&1
  echo "gpu tests (staged $t) rc $?"; tail -1 $D/gpu_tests_staged$t.txt; grep -E "^\[  FAILED" $D/gpu_tests_staged$t.txt | head -5
done
runst() {  # round name ebytes args
  local round=$1 name=$2 eb=$3; shift 3
  for v in skinny t128 t256; do
    echo "== round $round $v $name $eb"
    unset XPOSE_STAGED_WIDE; [ $v != skinny ] && export XPOSE_STAGED_WIDE=${v#t}
    timeout 60 $B/xpose bench "$@" --strategies auto --reps 30 | grep -E "^(cudaMemcpy|cublas|auto)"
  done
  unset XPOSE_STAGED_WIDE
}
(
for round in 1 2; do
  runst $round 33x4194304 e1 --shape 33x4194304 --elem-bytes 1
  runst $round 48x4194304 e1 --shape 48x4194304 --elem-bytes 1
  runst $round 63x2130048 e1 --shape 63x2130048 --elem-bytes 1
  runst $round 60x2236928 e1 --shape 60x2236928 --elem-bytes 1
  runst $round 65x1032448 e1 --shape 65x1032448 --elem-bytes 1
  runst $round 100x671088 e1 --shape 100x671088 --elem-bytes 1
  runst $round 167x401856 e1 --shape 167x401856 --elem-bytes 1
  runst $round 2048x100x256 e1 --batch 2048 --shape 100x256 --elem-bytes 1
  runst $round 33x2097152 e2 --shape 33x2097152 --elem-bytes 2
  runst $round 37x1813504 e2 --shape 37x1813504 --elem-bytes 2
  runst $round 40x4194304 e2 --shape 40x4194304 --elem-bytes 2
  runst $round 65x516224 e2 --shape 65x516224 --elem-bytes 2
  runst $round 100x335544 e2 --shape 100x335544 --elem-bytes 2
  runst $round 150x223696 e2 --shape 150x223696 --elem-bytes 2
  runst $round 1024x56x512 e2 --batch 1024 --shape 56x512 --elem-bytes 2
done
) > $D/staged_ab.txt 2>&1
python3 $S $D/staged_ab.txt > $D/staged_summary.txt; cat $D/staged_summary.txt
echo "auto rows not ok: $(grep -E "^auto" $D/staged_ab.txt | grep -vc " ok ")"
gzip $D/*.txt; gunzip $D/staged_summary.txt.gz
