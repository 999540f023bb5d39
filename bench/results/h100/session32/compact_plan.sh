# Session 32: the hold sweep's plan under 4 KiB (pairs computed in the kernel, hold_pair_of).
# R = b14cca5, N = 6146c28 (odd pitch), N2 = N + the compact plan.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in r n n2; do tar xJf $t.tar.xz; done && chmod +x xpose_R xpose_N xpose_N2 xpose_gpu_tests
D=$OUT/compact_plan; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
SH="17x2097152:1 18x2097152:1 20x2097152:1 22x2097152:1 23x2097152:1 24x2097152:1 28x2097152:1 31x2097152:1 31x4194304:1 12x2097152:1 8x2097152:1 31x2097152:2 27x2097152:2 31x2097152:4 24x2097152:4 16x4194304:4 31x2097152:8 13x1048576:8"
run() { echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2; do [ $r = 1 ] && X= || X=--no-verify
  for se in $SH; do for v in N N2 R; do [ $r = 1 ] && [ $v != N2 ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done; done
grep -c "inplace .* ok" $D/bench.txt
for i in 1 2; do timeout 200 ./xpose_N2 bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
cd $OUT && tar czf compact_plan.tgz compact_plan && rm -rf compact_plan
