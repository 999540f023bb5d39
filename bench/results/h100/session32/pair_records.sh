# Session 32: N4 = N2 + the block's pairs as two 16-byte records in shared memory (one for the
# loads, one for the stores), read once a held vector. N = 6146c28 (odd pitch), N2 = the compact
# plan with whole hold_pair structs in shared memory.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in n n2 n4; do tar xJf $t.tar.xz; done && chmod +x xpose_N xpose_N2 xpose_N4 xpose_gpu_tests
D=$OUT/pair_records; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
SH="17x2097152:1 23x2097152:1 31x2097152:1 8x2097152:1 31x2097152:2 27x2097152:2 31x2097152:4 24x2097152:4 16x4194304:4 31x2097152:8"
run() { echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2; do [ $r = 1 ] && X= || X=--no-verify
  for se in $SH; do for v in N N2 N4; do [ $r = 1 ] && [ $v != N4 ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done; done
grep -c "inplace .* ok" $D/bench.txt
cd $OUT && tar czf pair_records.tgz pair_records && rm -rf pair_records
