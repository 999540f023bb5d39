# Session 31 review: the plan, not the launcher, sets gather_one_vector (host code only). R = the
# mended head: in-place GPU tests, the byte rows that take each gather, the in-place suite once.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf r.tar.xz && chmod +x xpose_R xpose_gpu_tests
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 420 ./xpose_gpu_tests --gtest_filter='*Inplace*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -8
for s in 12x2097152:1 31x2097152:1 36x2097152:1 31x2097152:2; do echo "== round 1 variant R shape ${s%%:*} e${s##*:}" >> $R/bench.txt
  ./xpose_R bench --inplace --shape ${s%%:*} --elem-bytes ${s##*:} --reps 20 >> $R/bench.txt 2>&1; done
timeout 200 ./xpose_R bench --suite inplace --json $R/suite_inplace.json > $R/suite_inplace.txt 2>&1; grep -E "targets met|MISS" $R/suite_inplace.txt
cd $OUT && tar czf r.tgz r && rm -rf r
