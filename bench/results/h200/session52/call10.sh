#!/bin/bash
# Session 52, call 10. The hold sweep's register loads (the moves and the carry) with the L1 left
# out: cache-global loads (-DXPOSE_HELD_CG: LDG.E.128.STRONG.GPU) or L1::no_allocate
# (-DXPOSE_HELD_NA: LDG.E.NA.128), held_loads_experiment.patch; the shared memory the tile takes
# leaves about 28 KB of L1 for the loads in flight. Against 97332b5 (new), two rounds; the
# hold-sweep, large and skinny in-place GPU tests with each variant.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call10; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "48x1048576 4" "16x1048576 8" "46x2097152 1"; do
    set -- $s
    for x in new cg na; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
for v in cg na; do
  timeout 120 $B/xpose_gpu_tests_$v --gtest_filter='*InplaceHold*:*InplaceLarge*:*InplaceSkinny*' > $D/gpu_tests_$v.txt 2>&1; echo "gpu tests $v rc $?"
  grep -E "PASSED|FAILED  \]" $D/gpu_tests_$v.txt | head -5
  gzip $D/gpu_tests_$v.txt
done
