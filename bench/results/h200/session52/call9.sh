#!/bin/bash
# Session 52, call 9. The hold sweep's bulk copies issued by the row-table threads as soon as each
# row's run is known, before the block's barrier after the tables: the mirror cells' runs only
# (-DXPOSE_HOLD_EARLY_MIRROR) or those and the rows in place (-DXPOSE_HOLD_EARLY_COPIES;
# early_copies_experiment.patch), against d467cab (new), two rounds; the hold-sweep GPU tests with
# the mirror variant.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
D=${OUT:-out}/call9; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $D/device.txt; cat $D/device.txt
timeout 200 $B/xpose_gpu_tests_mirror --gtest_filter='*InplaceHold*:*InplaceLarge*:*InplaceSkinny*' > $D/gpu_tests_mirror.txt 2>&1; echo "gpu tests rc $?"
grep -E "tests ran|PASSED|FAILED  \]" $D/gpu_tests_mirror.txt | head
gzip $D/gpu_tests_mirror.txt
(
for round in 1 2; do
  for s in "31x2097152 4" "31x2097152 1" "31x2097152 2" "24x2097152 4" "48x1048576 4" "16x2097152 4"; do
    set -- $s
    for x in new early mirror; do
      echo "== round $round $x $1 e$2"
      if [ $x = new ]; then X=$B/xpose; else X=$B/xpose_$x; fi
      timeout 60 $X bench --inplace --shape $1 --elem-bytes $2 --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done
) > $D/ab.txt 2>&1
python3 bench/results/h200/session37/summarize_ab.py $D/ab.txt > $D/ab_summary.txt; cat $D/ab_summary.txt
