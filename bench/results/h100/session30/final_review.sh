# Session 30: the final head's build (host-side tile cap from the kernel's static shared memory):
# the in-place GPU suites and one in-place suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf n.tar.xz && chmod +x xpose_N xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*Inplace*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
./xpose_N bench --suite inplace --json $R/suite_inplace.json > $R/suite_inplace.txt 2>&1; echo "suite exit $?"
grep -E "MISS|WRONG|targets met|31x2097152" $R/suite_inplace.txt
cd $OUT && tar czf r.tgz r && rm -rf r
