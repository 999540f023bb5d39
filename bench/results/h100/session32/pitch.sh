# Session 32: the hold sweep's tile rows an odd number of 16-byte vectors apart (hold_pitch).
# R = main at b14cca5 (session 31's head), N = R + the odd pitch, NR = N with every byte plan let
# into the hold sweep (one vector a thread for even sides below 32, four from 33 on).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && for t in r n nr; do tar xJf $t.tar.xz; done && chmod +x xpose_R xpose_N xpose_NR xpose_gpu_tests
D=$OUT/pitch; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 240 ./xpose_gpu_tests --gtest_filter='*Inplace*' > $D/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $D/tests.log | head -8
BYTES="17x2097152 18x2097152 19x2097152 20x2097152 21x2097152 22x2097152 23x2097152 24x2097152 25x2097152 26x2097152 27x2097152 28x2097152 29x2097152 30x2097152 31x2097152 33x2097152 34x2097152 36x2097152 38x2097152 39x2097152 44x2097152 10x4194304 12x8388608 20x4194304 28x4194304 31x4194304 31x8388608"
OTHER="19x2097152:2 27x2097152:2 31x2097152:2 31x4194304:2 33x1048576:2 39x1048576:2 19x2097152:4 21x2097152:4 27x2097152:4 31x2097152:4 31x4194304:4 33x2097152:4 39x1048576:4 43x1048576:4 13x1048576:8 15x1048576:8 23x1048576:8 25x1048576:8 29x1048576:8 31x2097152:8"
run() { # round variant shape elem extra
  echo "== round $1 variant $2 shape $3 e$4" >> $D/bench.txt
  timeout 60 ./xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/bench.txt 2>&1; }
for r in 1 2; do
  [ $r = 1 ] && X= || X=--no-verify
  for s in $BYTES; do for v in R N NR; do [ $r = 1 ] && [ $v = R ] && continue; run $r $v $s 1 $X; done; done
  for se in $OTHER; do for v in R N; do [ $r = 1 ] && [ $v = R ] && continue; run $r $v ${se%%:*} ${se##*:} $X; done; done
done
grep -c "inplace .* ok" $D/bench.txt; grep -E "inplace .*(FAIL|MISMATCH|mismatch)" $D/bench.txt | head
cd $OUT && tar czf pitch.tgz pitch && rm -rf pitch
