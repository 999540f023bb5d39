# Session 34, run 1: the hold sweep run backwards for tall matrices (U1, the working tree after
# the kernel was written) against session 33's final code (W2, 6650b1d: tall shapes by the
# skinny blocks): the in-place and hold GPU tests, then tall 2M x s shapes, verified.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf u1.tar.xz) && chmod +x .devbin9/*
D=$OUT/unsweep1; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 .devbin9/xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -5 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 40 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for e in 1 4; do for s in 8 12 16 20 24 28 31; do for v in W2 U1; do run 1 $v 2097152x$s $e; done; done; done
for e in 2 8; do for s in 16 31; do for v in W2 U1; do run 1 $v 2097152x$s $e; done; done; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf unsweep1.tgz unsweep1 && rm -rf unsweep1
