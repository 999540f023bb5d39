# Session 31, the final head (F: bin/xpose and bin/xpose_gpu_tests of main at the session's last
# code commit): every GPU test, then the in-place suite twice.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf final.tar.xz && chmod +x xpose_F xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 420 ./xpose_gpu_tests > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]|tests ran" $R/tests.log | head -12
for n in 1 2; do timeout 200 ./xpose_F bench --suite inplace --json $R/suite_inplace_$n.json > $R/suite_inplace_$n.txt 2>&1; echo "suite $n exit $?"; done
cd $OUT && tar czf r.tgz r && rm -rf r
