# Session 33 on an H200: W2 (the final code, 6650b1d: the wide carry) against F (ee7bfb4): W2's
# in-place suite twice, then rows whose plan takes the wide carry, one round alternating (W2
# verified against the CPU reference).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf w2.tar.xz) && chmod +x .devbin9/*
D=$OUT/wide_carry; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for i in 1 2; do timeout 100 .devbin9/xpose_W2 bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
rows="18x2097152:1 20x2097152:1 24x2097152:1 28x2097152:1 31x2097152:1 36x2097152:1 10x2097152:2 18x2097152:2 9x2097152:4"
for r in $rows; do run 1 W2 ${r%:*} ${r#*:}; run 1 F ${r%:*} ${r#*:} --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf wide_carry.tgz wide_carry && rm -rf wide_carry
