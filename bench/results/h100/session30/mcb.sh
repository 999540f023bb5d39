# Session 30: (1) main (M, 2dafc45) against the carry with 32-bit cell starts (C, experiment/hold-carry
# f12e41d), same run; (2) bytes through the hold sweep (B: main plus 1-byte elements let into the
# hold sweep; XPOSE_FAKE_GATHER=1 replaces the output gather by one 16-byte shared load a vector,
# wrong results, the bound without the byte gather; XPOSE_HOLD_TILE_KB caps the tile).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf mcb.tar.xz && chmod +x xpose_M xpose_C xpose_B
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
SHAPES="31x2097152:4 31x2097152:8 24x2097152:4 16x4194304:4"
for round in 1 2; do for v in M C; do for s in $SHAPES; do sh=${s%%:*}; e=${s##*:}; extra=""; [ $round != 1 ] && extra="--no-verify"
  echo "== round $round variant $v shape $sh e$e" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $sh --elem-bytes $e --reps 20 $extra >> $R/bench.txt 2>&1
done; done; done
b() { echo "== round $1 variant $2 shape 31x2097152 e1" >> $R/bytes.txt; shift 2; env "$@" timeout 60 ./xpose_B bench --inplace --shape 31x2097152 --elem-bytes 1 --reps 20 >> $R/bytes.txt 2>&1; }
for round in 1 2; do
  echo "== round $round variant M shape 31x2097152 e1" >> $R/bytes.txt; timeout 60 ./xpose_M bench --inplace --shape 31x2097152 --elem-bytes 1 --reps 20 >> $R/bytes.txt 2>&1
  b $round B_real X=1
  b $round B_fake XPOSE_FAKE_GATHER=1
  b $round B_fake176 XPOSE_FAKE_GATHER=1 XPOSE_HOLD_TILE_KB=176
  b $round B_fake144 XPOSE_FAKE_GATHER=1 XPOSE_HOLD_TILE_KB=144
  b $round B_real144 XPOSE_HOLD_TILE_KB=144
done
cd $OUT && tar czf r.tgz r && rm -rf r
