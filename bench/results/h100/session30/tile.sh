# Session 30: bytes in the hold sweep with the tile capped lower (more rounds, smaller tiles):
# T = main f177754 plus env switches for the byte tile and round cap; P = main f177754.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf t.tar.xz && chmod +x xpose_P xpose_T
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
run() { echo "== round $1 variant $2 shape $3 e1" >> $R/bench.txt; sh=$3; shift 3; env "$@" timeout 60 ./xpose_T bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra >> $R/bench.txt 2>&1; }
for round in 1 2; do extra=""; [ $round != 1 ] && extra="--no-verify"
  for sh in 31x2097152 31x1048576 8x8388608 31x4194304; do
    echo "== round $round variant P shape $sh e1" >> $R/bench.txt; timeout 60 ./xpose_P bench --inplace --shape $sh --elem-bytes 1 --reps 20 $extra >> $R/bench.txt 2>&1
    for kb in 192 176 160; do run $round T$kb $sh XPOSE_HOLD_BYTE_TILE_KB=$kb XPOSE_HOLD_BYTE_ROUNDS=8; done
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
