# Session 30: main's final code: every GPU test, A/B against the previous main (P),
# and in-place suites.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf n.tar.xz && chmod +x xpose_P xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
if [ -n "$ALLTESTS" ]; then timeout 420 ./xpose_gpu_tests > $R/tests.log 2>&1; else
timeout 200 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1; fi
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:4 31x2097152:8 24x2097152:4 16x4194304:4"
for round in 1 2; do for v in P N; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
for i in $(seq 1 ${SUITES:-2}); do ./xpose_N bench --suite inplace --json $R/suite_inplace_$i.json > $R/suite_inplace_$i.txt 2>&1; echo "suite exit $?"
grep -E "MISS|WRONG|targets met" $R/suite_inplace_$i.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
