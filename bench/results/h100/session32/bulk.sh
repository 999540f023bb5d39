# Session 32 (branch experiment/hold-bulk-copies): B = F + the hold sweep's tile runs loaded by
# bulk copies (cp.async.bulk, one a row or mirror run, counted on an mbarrier) instead of one
# cp.async a vector. F = 3b22812 (main's final code).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf f.tar.xz && tar xJf b.tar.xz && chmod +x xpose_F xpose_B xpose_gpu_tests
D=$OUT/bulk; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
SH="18x2097152:1 20x2097152:1 23x2097152:1 28x2097152:1 31x2097152:1 31x4194304:1 12x2097152:1 31x2097152:2 28x2097152:2 31x2097152:4 24x2097152:4 31x2097152:8"
run() { echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2; do [ $r = 1 ] && X= || X=--no-verify
  for se in $SH; do for v in F B; do [ $r = 1 ] && [ $v != B ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done; done
grep -c "inplace .* ok" $D/bench.txt
cd $OUT && tar czf bulk.tgz bulk && rm -rf bulk
