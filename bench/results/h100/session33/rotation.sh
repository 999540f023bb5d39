# Session 33: R (the output gather's lane rotation, per round from the bank model) against B2
# (main at 9c42704: the hold kernels' SASS of ca34b33). Part 1: R's in-place GPU tests, then
# round 1 of bytes and 2-byte short sides 8-40 at 2M columns (R verified against the CPU
# reference, B2 --no-verify). Part 2: fp32, 8-byte and longer byte rows, then round 2 of the
# byte and 2-byte sides 16-40 (both --no-verify, the order reversed).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
part=$1
(cd .devbin8 && tar xJf b2.tar.xz) && (cd .devbin9 && tar xJf r.tar.xz) && chmod +x .devbin8/* .devbin9/*
D=$OUT/rotation_$part; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  local bin=.devbin9/xpose_R; [ $2 = B2 ] && bin=.devbin8/xpose_B2
  timeout 30 $bin bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
if [ $part = 1 ]; then
  timeout 150 .devbin9/xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
  echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
  for e in 1 2; do for s in $(seq 8 40); do run 1 R ${s}x2097152 $e; run 1 B2 ${s}x2097152 $e --no-verify; done; done
else
  for s in 9 17 20 25 28 31 33 36 40; do run 1 R ${s}x2097152 4; run 1 B2 ${s}x2097152 4 --no-verify; done
  for sh in 13x1048576 31x2097152; do run 1 R $sh 8; run 1 B2 $sh 8 --no-verify; done
  for sh in 12x8388608 31x4194304 31x8388608 16x4194304; do run 1 R $sh 1; run 1 B2 $sh 1 --no-verify; done
  for e in 1 2; do for s in $(seq 16 40); do run 2 B2 ${s}x2097152 $e --no-verify; run 2 R ${s}x2097152 $e --no-verify; done; done
fi
grep -c "check.*ok\| ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf rotation_$part.tgz rotation_$part && rm -rf rotation_$part
