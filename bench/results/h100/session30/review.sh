# Session 30 review: the moves' share and overflow pair found once a round (N) against main da358d2 (P).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf n.tar.xz && chmod +x xpose_P xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:4 31x2097152:8 24x2097152:4 16x4194304:4 31x2097152:1 31x1048576:1"
for round in 1 2; do for v in P N; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
cd $OUT && tar czf r.tgz r && rm -rf r
