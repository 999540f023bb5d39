# Session 34, final: U4 = the committed library (the hold sweep run backwards for tall matrices;
# the stores in the model's order in kernels of their own, for bytes and 2-byte elements where
# hold_stage_order_of_stores says): every GPU test, the in-place suite, then tall shapes, verified.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf u4.tar.xz) && chmod +x .devbin9/*
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 330 .devbin9/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -4 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20
timeout 90 .devbin9/xpose_U4 bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1; tail -3 $D/suite_inplace.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 40 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for e in 1 4; do for s in 8 9 12 16 17 20 24 28 31; do run 1 U4 2097152x$s $e; done; done
for s in 8 16 24 31; do run 1 U4 2097152x$s 2; run 1 U4 1048576x$s 8; done
for sh in 4194304x31 8388608x24 1048576x48; do run 1 U4 $sh 1; run 1 U4 $sh 4; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf final.tgz final && rm -rf final
