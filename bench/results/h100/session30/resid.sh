# Session 30: the bytes gather by residues (N) against main at 52b3292 (P),
# bytes through the hold sweep with a byte gather that looks up row bases per byte: tests, A/B, suites.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf n.tar.xz && chmod +x xpose_P xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*:*Inplace*Batched*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152 31x1048576 8x8388608 16x4194304 24x2097152 31x4194304"
for round in 1 2; do for v in P N; do for sh in $SHAPES; do extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e1" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
for i in $(seq 1 ${SUITES:-2}); do ./xpose_N bench --suite inplace --json $R/suite_inplace_$i.json > $R/suite_inplace_$i.txt 2>&1; echo "suite exit $?"
grep -E "MISS|WRONG|targets met" $R/suite_inplace_$i.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
