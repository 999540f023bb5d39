# Session 33: W (F with a second hold kernel of 12 carry slots, taken where its plan has fewer
# rounds than the 6-slot plan; the code of the commit that lands it) against F (ee7bfb4).
# Every GPU test, W's in-place suite twice, then rows in one round alternating (W verified).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf w.tar.xz) && chmod +x .devbin9/*
D=$OUT/wide_carry; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
timeout 300 .devbin9/xpose_gpu_tests > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for i in 1 2; do timeout 100 .devbin9/xpose_W bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
rows="$(seq -f '%gx2097152:1' 8 40) $(seq -f '%gx2097152:2' 8 24) 31x2097152:2 17x2097152:4 24x2097152:4 31x2097152:4 13x1048576:8 31x2097152:8 12x8388608:1 18x4194304:1 20x4194304:1 31x4194304:1"
for r in $rows; do run 1 W ${r%:*} ${r#*:}; run 1 F ${r%:*} ${r#*:} --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf wide_carry.tgz wide_carry && rm -rf wide_carry
