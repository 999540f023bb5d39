# Sweep 46 run 21: run 20 with the shifted rows moved by rounds before the last also loaded before the barrier
# that ends the previous one). GPU tests, then O = skinny blocks, H = persistent hold sweep, R = one launch a round.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin5 && tar xJf a.tar.xz && chmod +x xpose xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceCellSweep*:InplaceLarge.TargetShapes:*InplaceStreamsAndGraphs*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:1 31x2097152:2 31x2097152:4 31x2097152:8 16x4194304:1 16x4194304:4 8x8388608:2 48x1048576:4"
for round in 1 2; do for v in O H R; do
 for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  case $v in O) XPOSE_SWEEP=off timeout 60 ./xpose bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1;;
   H) XPOSE_SWEEP=hold timeout 60 ./xpose bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1;;
   R) XPOSE_SWEEP=hold XPOSE_HOLD_ROUNDS=launches timeout 60 ./xpose bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1;; esac
 done; done; done
grep -c "inplace.*ok" $R/bench.txt; grep -c FAIL $R/bench.txt
cd $OUT && tar czf r.tgz r && rm -rf r
