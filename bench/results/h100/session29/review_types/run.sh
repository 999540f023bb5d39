# Session 29 review: the hold-sweep kernel built for 4- and 8-byte natural types only: in-place GPU suites, one in-place suite.
# occupancy once per plan: the in-place GPU suites, two in-place suites, and O / N at 31 x 2M fp32.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin6 && tar xJf a.tar.xz && tar xJf b.tar.xz && chmod +x xpose_O xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 200 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
for i in 1; do ./xpose_N bench --suite inplace --json $R/suite_inplace_$i.json > $R/suite_inplace_$i.txt 2>&1; echo "suite exit $?"
grep -E "31x2097152|targets met" $R/suite_inplace_$i.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
