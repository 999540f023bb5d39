# Session 33: R2 (the four-vector gather's lane rotation where the bank model saves 1.25
# wavefronts a load or more; the one-vector gather unrotated) against B2 (main at 9c42704), and
# RF (R2 with every byte plan in the hold sweep by the four-vector gather: an experiment build,
# not on main). R2's in-place GPU tests; bytes 8-64 x 2M (B2, R2, RF; RF verified against the
# CPU reference), 2-byte 8-40 x 2M (B2, R2; R2 verified), fp32 and a few longer byte rows.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf all2.tar.xz) && chmod +x .devbin9/*
D=$OUT/rotation2; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  local bin=.devbin9/xpose_$2
  timeout 30 $bin bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
timeout 150 .devbin9/xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for s in $(seq 8 64); do run 1 B2 ${s}x2097152 1 --no-verify; run 1 R2 ${s}x2097152 1 --no-verify; run 1 RF ${s}x2097152 1; done
for s in $(seq 8 40); do run 1 B2 ${s}x2097152 2 --no-verify; run 1 R2 ${s}x2097152 2; done
for s in 17 31; do run 1 B2 ${s}x2097152 4 --no-verify; run 1 R2 ${s}x2097152 4; done
for sh in 12x8388608 20x4194304 28x4194304 31x4194304 36x4194304; do
  run 1 B2 $sh 1 --no-verify; run 1 R2 $sh 1 --no-verify; run 1 RF $sh 1; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf rotation2.tgz rotation2 && rm -rf rotation2
