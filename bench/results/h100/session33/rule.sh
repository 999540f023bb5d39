# Session 33: R3 (R2's rotation, and the byte gather chosen by the bank model: one vector a
# thread only for 12, 14 and 18 rows at 2M columns, four vectors for every other byte plan,
# the short sides 4 mod 8 from 36 on and plans of more than three rounds included; the code of
# the commit that lands it) against B2 (main at 9c42704). Every GPU test, the in-place suite
# twice, then bytes 8-64 x 2M and longer byte rows (R3 verified against the CPU reference).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf all3.tar.xz) && chmod +x .devbin9/*
D=$OUT/rule; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
timeout 300 .devbin9/xpose_gpu_tests > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for i in 1 2; do timeout 100 .devbin9/xpose_R3 bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
for s in $(seq 8 64); do run 1 R3 ${s}x2097152 1; run 1 B2 ${s}x2097152 1 --no-verify; done
for sh in 12x8388608 14x8388608 18x4194304 20x4194304 28x4194304 36x4194304 31x8388608; do
  run 1 R3 $sh 1; run 1 B2 $sh 1 --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf rule.tgz rule && rm -rf rule
