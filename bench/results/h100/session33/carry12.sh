# Session 33: C12 (the final code F, ee7bfb4, with kHoldCarrySlots = 12 instead of 6: a thread may
# carry up to 12 vectors into the next round's tile, so that bytes of 18-24 rows at 2M columns
# go in two rounds instead of three, 2-byte 9-12 and 17-18 rows in one round fewer) against F.
# C12's in-place GPU tests, then rows in two rounds, alternating (C12 verified in round 1).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf c12.tar.xz) && chmod +x .devbin9/*
D=$OUT/carry12; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
timeout 150 .devbin9/xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
rows="$(seq -f '%gx2097152:1' 14 40) $(seq -f '%gx2097152:2' 8 24) 31x2097152:2 17x2097152:4 24x2097152:4 31x2097152:4 13x1048576:8 31x2097152:8 12x8388608:1 18x4194304:1 20x4194304:1 31x4194304:1"
for r in $rows; do run 1 C12 ${r%:*} ${r#*:}; run 1 F ${r%:*} ${r#*:} --no-verify; done
for r in $rows; do run 2 F ${r%:*} ${r#*:} --no-verify; run 2 C12 ${r%:*} ${r#*:} --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf carry12.tgz carry12 && rm -rf carry12
