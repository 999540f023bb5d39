# Session 29 on an H200: the final head's build (N) against session 27's library (O): hold-sweep GPU suites,
# A/B benches, one in-place suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin6 && tar xJf a.tar.xz && tar xJf b.tar.xz && chmod +x xpose_O xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $R/device.txt
timeout 200 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:2 31x2097152:4 31x2097152:8 24x2097152:4 16x4194304:4 8x8388608:2"
for round in 1 2; do for v in O N; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
grep -c "inplace.*ok" $R/bench.txt; grep -c FAIL $R/bench.txt
./xpose_N bench --suite inplace --json $R/suite_inplace.json > $R/suite_inplace.txt 2>&1; echo "suite exit $?"
grep -E "MISS|targets met" $R/suite_inplace.txt
cd $OUT && tar czf r.tgz r && rm -rf r
