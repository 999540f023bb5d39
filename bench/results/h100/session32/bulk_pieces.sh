# Session 32 (branch experiment/hold-bulk-copies): B2 = B with the in-place tile rows in bulk
# copies of at most 128 vectors (2 KiB), issued by as many threads. F = 3b22812, B = a row a copy.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in f b b2; do tar xJf $t.tar.xz; done && chmod +x xpose_F xpose_B xpose_B2 xpose_gpu_tests
D=$OUT/bulk_pieces; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*:*Hold*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
SH="31x2097152:8 13x1048576:8 18x2097152:1 31x2097152:1 31x2097152:2 31x2097152:4"
run() { echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2; do [ $r = 1 ] && X= || X=--no-verify
  for se in $SH; do for v in F B B2; do [ $r = 1 ] && [ $v != B2 ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done; done
grep -c "inplace .* ok" $D/bench.txt
cd $OUT && tar czf bulk_pieces.tgz bulk_pieces && rm -rf bulk_pieces
