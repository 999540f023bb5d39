# Session 31: the byte gather of the hold sweep, kByteGatherVectors output vectors a thread at once
# (N: 4, N8: 8), moves stored before the gather; NR: N8 with every byte plan let into the hold
# sweep (kHoldByteRounds 64). P: main at 01d246a. Tests are N's.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf bins.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 300 ./xpose_gpu_tests --gtest_filter='*InplaceHoldSweep*:InplaceLarge.*:*InplaceSkinnyBlocks*:*InplaceStreamsAndGraphs*:*InplaceRandom*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]" $R/tests.log | head -12
SHAPES="31x2097152:1 31x1048576:1 8x8388608:1 16x4194304:1 24x2097152:1 31x2097152:4"
for round in 1 2; do for v in P N N8; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
for s in 8 16 24 31 48 64; do for mib in 1 2 4 8; do L=$((mib * 1048576)); [ $((s * L)) -gt $((512 * 1048576)) ] && continue
  for v in P NR; do echo "== round 1 variant $v shape ${s}x${L} e1" >> $R/rule.txt
    timeout 60 ./xpose_$v bench --inplace --shape ${s}x${L} --elem-bytes 1 --reps 15 >> $R/rule.txt 2>&1; done
done; done
for v in N N8; do timeout 200 ./xpose_$v bench --suite inplace --json > $R/suite_$v.json 2> $R/suite_$v.err; done
cd $OUT && tar czf r.tgz r && rm -rf r
