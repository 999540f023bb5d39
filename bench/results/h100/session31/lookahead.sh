# Session 31: split walks of at most 128 pieces with 16 (L16) or 12 (L12) pieces loaded ahead
# instead of 8 (F = the final head), blocks per SM from the launch bounds (8192 / (128 x L)).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf look.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for round in 1 2; do for s in 30000x7000:1 30000x7000:2 30000x7000:4 8995x7967:4 2500x7000:2 20x2097152:1 47x2097152:4 2097152x31:1 12x8388608:2; do for v in F L16 L12; do
  extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape ${s%%:*} e${s##*:}" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape ${s%%:*} --elem-bytes ${s##*:} --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
cd $OUT && tar czf r.tgz r && rm -rf r
