# Session 30: the hold-sweep GPU suite with rows of 8 MiB (registers filled).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf n.tar.xz && chmod +x xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.TargetShapes' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|^\[       OK" $R/tests.log | head -12
cd $OUT && tar czf r.tgz r && rm -rf r
