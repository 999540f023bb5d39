# Session 32: where the rounds' time goes for byte rows after the odd pitch (hold_trace against
# N's source built with -DXPOSE_HOLD_TRACE), then N's in-place suite twice.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in n t; do tar xJf $t.tar.xz; done && chmod +x xpose_N hold_trace
D=$OUT/trace_suite; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
for sh in "17 2097152 1" "18 2097152 1" "23 2097152 1" "24 2097152 1" "28 2097152 1" "31 2097152 1" "31 4194304 1" "31 2097152 4"; do
  timeout 30 ./hold_trace $sh >> $D/trace.txt 2>&1; done
for i in 1 2; do timeout 200 ./xpose_N bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
cd $OUT && tar czf trace_suite.tgz trace_suite && rm -rf trace_suite
