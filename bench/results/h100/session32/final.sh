# Session 32, final code (F = 3b22812's library: odd tile pitch and the compact plan): every GPU
# test, the in-place suite twice, and a sweep of short sides 8-40 at 2M columns for 1-, 2- and
# 4-byte elements plus a few longer byte rows (--no-verify; the tests verify).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf f.tar.xz && chmod +x xpose_F xpose_gpu_tests
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 330 ./xpose_gpu_tests > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for i in 1 2; do timeout 120 ./xpose_F bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
run() { echo "== round 1 variant F shape $1 e$2" >> $D/sweep.txt
  timeout 30 ./xpose_F bench --inplace --shape $1 --elem-bytes $2 --reps 20 --no-verify >> $D/sweep.txt 2>&1; }
for e in 1 2 4; do for s in $(seq 8 40); do run ${s}x2097152 $e; done; done
for sh in 12x8388608 31x4194304 31x8388608 16x4194304 8x8388608; do run $sh 1; done
cd $OUT && tar czf final.tgz final && rm -rf final
