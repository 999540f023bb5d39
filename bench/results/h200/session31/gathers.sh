# Session 31 on the H200: the H100's gathers.sh binaries (n2.tar.xz: P = main at 01d246a, N2 =
# session 31's final code, K = N2 with bytes never in the hold sweep). N2's in-place GPU tests,
# A/B of the byte and 2-byte rows and the split-spacing shapes, the in-place suite once.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n2.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $R/tests.log | head -12
ab() { for v in $1; do echo "== round $2 variant $v shape $3 e$4" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $3 --elem-bytes $4 --reps 15 $5 >> $R/bench.txt 2>&1; done; }
for s in 31x2097152:1 31x1048576:1 8x8388608:1 16x4194304:1 24x2097152:1 12x2097152:1 31x4194304:1 46x2097152:1 31x2097152:2 12x1048576:2 24x1048576:2 31x2097152:4 47x2097152:4 8995x7967:4; do
  ab "P N2 K" 1 ${s%%:*} ${s##*:} ""; done
timeout 200 ./xpose_N2 bench --suite inplace --json $R/suite_N2.json > $R/suite_N2.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
