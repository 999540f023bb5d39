# Session 30: EXPERIMENT bytes of 31 rows through the hold sweep with a word gather (byte
# permutes, 8 staging areas); correctness (verified bench rows) and speed against main (P).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf i.tar.xz && chmod +x xpose_P xpose_I
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
run() { echo "== round $1 variant $2 shape $3 e1" >> $R/bench.txt; shift 3; env "$@" >> $R/bench.txt 2>&1; }
for round in 1 2; do extra=""; [ $round != 1 ] && extra="--no-verify"
  for sh in 31x2097152 31x2097216 31x4194304; do
    run $round P $sh X=1 timeout 60 ./xpose_P bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra
    run $round Ibyte $sh X=1 timeout 60 ./xpose_I bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra
    run $round Iword176 $sh XPOSE_BYTES_INTERLEAVE=1 XPOSE_HOLD_TILE_KB=176 timeout 60 ./xpose_I bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra
    run $round Iword160 $sh XPOSE_BYTES_INTERLEAVE=1 XPOSE_HOLD_TILE_KB=160 timeout 60 ./xpose_I bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
