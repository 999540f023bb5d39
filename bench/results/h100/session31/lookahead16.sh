# Session 31: N3 = the final head plus 16 pieces ahead for split walks of 8-byte pieces
# (split_walk_lookahead); F = the final head. N3's in-place GPU tests, A/B, the suite twice.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n3.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 420 ./xpose_gpu_tests --gtest_filter='*Inplace*:*SplitWalk*:*SquareGrid*:*SkinnyBlocks*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $R/tests.log | head -12
for round in 1 2; do for s in 30000x7000:1 30000x7000:2 2500x7000:2 6000x4200:1 2097152x31:1 47x2097152:4 59x2097152:1; do for v in F N3; do
  extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape ${s%%:*} e${s##*:}" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape ${s%%:*} --elem-bytes ${s##*:} --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
for n in 1 2; do timeout 200 ./xpose_N3 bench --suite inplace --json $R/suite_inplace_$n.json > $R/suite_inplace_$n.txt 2>&1; echo "suite $n exit $?"; done
cd $OUT && tar czf r.tgz r && rm -rf r
