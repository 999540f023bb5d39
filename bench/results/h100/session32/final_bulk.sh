# Session 32: B2 (the bulk copies in pieces of up to 2 KiB; the code of the commit that lands it
# on main): every GPU test, then the in-place suite twice.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf b2.tar.xz && chmod +x xpose_B2 xpose_gpu_tests
D=$OUT/final_bulk; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 300 ./xpose_gpu_tests > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $D/tests.log | head -8
for i in 1 2; do timeout 100 ./xpose_B2 bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
cd $OUT && tar czf final_bulk.tgz final_bulk && rm -rf final_bulk
