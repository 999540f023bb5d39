# Session 31: G = the gather of four output vectors a thread (and moves before it) for every
# element size of the hold sweep, 2-byte elements let in too; P = main at 01d246a. G's GPU tests.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf g.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests_G --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:4 24x2097152:4 16x4194304:4 31x4194304:4 31x2097152:8 16x2097152:8 31x2097152:2 24x2097152:2 16x4194304:2 8x8388608:2 31x4194304:2 31x2097152:1"
for round in 1 2; do for v in P G; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
timeout 200 ./xpose_G bench --suite inplace --json $R/suite_G.json > $R/suite_G.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
