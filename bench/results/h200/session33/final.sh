# Session 33 on an H200: F (the final code, ee7bfb4) against B2 (main at 9c42704, session 32's
# final code): F's in-place suite twice, then rows the rotation and the byte rule changed
# (F verified against the CPU reference), two rounds in alternating order.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf h200.tar.xz) && chmod +x .devbin9/*
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for i in 1 2; do timeout 100 .devbin9/xpose_F bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
rows="18x2097152:1 20x2097152:1 24x2097152:1 28x2097152:1 31x2097152:1 36x2097152:1 44x2097152:1 12x8388608:1 20x2097152:2 28x2097152:2 31x2097152:2 36x2097152:2"
for r in $rows; do run 1 F ${r%:*} ${r#*:}; run 1 B2 ${r%:*} ${r#*:} --no-verify; done
for r in $rows; do run 2 B2 ${r%:*} ${r#*:} --no-verify; run 2 F ${r%:*} ${r#*:} --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf final.tgz final && rm -rf final
