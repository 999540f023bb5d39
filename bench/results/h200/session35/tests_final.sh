# Session 35 on an H200, call 6: every GPU test of the final head (1b04151's tests: the SM-count
# helper; the library as a8355bf).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin/s6; xz -dk $B/xpose_gpu_tests.xz && chmod +x $B/xpose_gpu_tests
D=$OUT/tests_final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 400 $B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -6 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20; gzip -9 $D/tests.log
