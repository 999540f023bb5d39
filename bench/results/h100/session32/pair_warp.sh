# Session 32: N3 = N2 + the block's pairs made by one warp while the round before waits at its
# grid barrier (double buffered), and each share's first pair found from a guess instead of a
# binary search. N = 6146c28 (odd pitch), N2 = the compact plan (pairs made as a round begins).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in n n2 n3; do tar xJf $t.tar.xz; done && chmod +x xpose_N xpose_N2 xpose_N3 xpose_gpu_tests hold_trace
D=$OUT/pair_warp; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
for sh in "17 2097152 1" "31 2097152 1" "24 2097152 4" "31 2097152 4"; do timeout 30 ./hold_trace $sh >> $D/trace.txt 2>&1; done
SH="17x2097152:1 23x2097152:1 31x2097152:1 8x2097152:1 12x2097152:1 31x2097152:2 27x2097152:2 31x2097152:4 24x2097152:4 16x4194304:4 31x2097152:8 13x1048576:8"
run() { echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2 3; do [ $r = 1 ] && X= || X=--no-verify
  for se in $SH; do for v in N N2 N3; do [ $r = 1 ] && [ $v != N3 ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done; done
grep -c "inplace .* ok" $D/bench.txt
timeout 200 ./xpose_N3 bench --suite inplace --json $D/suite_inplace_1.json > $D/suite_inplace_1.txt 2>&1
grep -E "targets met" $D/suite_inplace_1.txt; grep MISS $D/suite_inplace_1.txt
cd $OUT && tar czf pair_warp.tgz pair_warp && rm -rf pair_warp
