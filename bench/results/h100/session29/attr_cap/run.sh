# Session 29: the shared-memory attribute set to the plan cap: the in-place GPU suites and one in-place suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin6 && tar xJf b.tar.xz && chmod +x xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 200 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
./xpose_N bench --suite inplace --json $R/suite_inplace.json > $R/suite_inplace.txt 2>&1; echo "suite exit $?"
grep -E "31x2097152|targets met" $R/suite_inplace.txt
cd $OUT && tar czf r.tgz r && rm -rf r
