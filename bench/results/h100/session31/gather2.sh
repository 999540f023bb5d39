# Session 31: the byte gather, second run. P: main at 01d246a;
# bins2.tar.xz: N (kByteGatherVectors 4, moves stored before the gather), N2 (2), NA (4, moves
# after the gather as main: spills 96 bytes), NR (N with every byte plan let into the hold sweep).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf bins2.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
SHAPES="31x2097152:1 31x1048576:1 8x8388608:1 16x4194304:1 24x2097152:1"
for round in 1 2; do for v in P N N2 NA; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
for s in 8 12 16 24 31 32 48 64; do for mib in 1 2 4 8; do L=$((mib * 1048576)); [ $((s * L)) -gt $((512 * 1048576)) ] && continue
  for v in P NR; do echo "== round 1 variant $v shape ${s}x${L} e1" >> $R/rule.txt
    timeout 60 ./xpose_$v bench --inplace --shape ${s}x${L} --elem-bytes 1 --reps 15 >> $R/rule.txt 2>&1; done
done; done
for n in 1 2; do timeout 200 ./xpose_N bench --suite inplace --json $R/suite_N$n.json > $R/suite_N$n.txt 2>&1; done
cd $OUT && tar czf r.tgz r && rm -rf r
