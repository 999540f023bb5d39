# Session 33, the final code (F: the byte gather's rotation where the model saves one wavefront
# a load or more, as RB): every GPU test, the in-place suite twice, and the byte rows whose
# rotation the threshold changed (verified against the CPU reference).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf f.tar.xz) && chmod +x .devbin9/*
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
timeout 300 .devbin9/xpose_gpu_tests > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for i in 1 2; do timeout 100 .devbin9/xpose_F bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
for sh in 15x2097152 17x2097152 18x2097152 24x2097152 32x2097152 35x2097152 43x2097152 46x2097152 18x4194304; do run 1 F $sh 1; done
for sh in 20x2097152 28x2097152 31x2097152; do run 1 F $sh 2; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf final.tgz final && rm -rf final
