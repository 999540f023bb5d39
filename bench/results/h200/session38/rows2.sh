#!/bin/bash
# Session 38, rows2: the de-interleave's loads staged through shared memory ("new": a warp loads
# its 32 R vectors in order, each lane takes its R from there) against the lane-strided loads it
# had ("plain", XPOSE_EXP_DEINTERLEAVE_PLAIN=1) and the paths 4 to 7 columns took before ("old",
# XPOSE_EXP_INTERLEAVE_MAX=3: the skinny blocks), tall L x R for R = 2 to 7; the wide R x L
# again, new against old (round 2 of rows.sh). Then the in-place GPU tests of the paths touched.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-rows2}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
bench() { $B/xpose bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "; }
for e in 1 2 4 8 16; do
  L=$((16777216 / e))
  for R in 2 3 4 5 6 7; do
    for v in old plain new; do
      [ $R -le 3 ] && [ $v = old ] && continue
      echo "== round 1 $v ${L}x$R e$e"
      case $v in
        old) XPOSE_EXP_INTERLEAVE_MAX=3 bench ${L}x$R $e ;;
        plain) XPOSE_EXP_DEINTERLEAVE_PLAIN=1 bench ${L}x$R $e ;;
        new) bench ${L}x$R $e ;;
      esac
    done
  done
  for R in 4 5 6 7; do
    for v in old new; do
      echo "== round 2 $v ${R}x$L e$e"
      if [ $v = old ]; then XPOSE_EXP_INTERLEAVE_MAX=3 bench ${R}x$L $e; else bench ${R}x$L $e; fi
    done
  done
done > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
$B/xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests.log 2>&1; echo "tests rc=$?"; grep -E "FAILED|PASSED|SKIPPED" $D/tests.log | tail -5
gzip $D/tests.log
