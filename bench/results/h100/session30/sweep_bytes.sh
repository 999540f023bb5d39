# Session 30: bytes through the hold sweep (I: main's carry code with 1-byte elements let in, the
# byte-at-a-time gather) against the skinny blocks (P), over short sides and row lengths.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && tar xJf p.tar.xz && tar xJf i.tar.xz && chmod +x xpose_P xpose_I
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for s in 8 12 16 24 31 32 48 64; do for mib in 1 2 4 8; do L=$((mib * 1048576)); [ $((s * L)) -gt $((512 * 1048576)) ] && continue
  for v in P I; do echo "== round 1 variant $v shape ${s}x${L} e1" >> $R/bench.txt
    timeout 60 ./xpose_$v bench --inplace --shape ${s}x${L} --elem-bytes 1 --reps 15 --no-verify >> $R/bench.txt 2>&1; done
done; done
cd $OUT && tar czf r.tgz r && rm -rf r
