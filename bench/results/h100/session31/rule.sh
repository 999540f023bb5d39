# Session 31: which byte and 2-byte shapes the hold sweep should take with the four-vector gather.
# H: bytes and 2-byte elements through the four-vector gather, every plan let in (kHoldByteRounds
# 64, 2-byte elements allowed); P: main at 01d246a (skinny blocks for these). Short sides 8-64,
# rows of 2 MiB (and 1, 4, 8 MiB at a few sides); round 1 verified.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf h.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
run() { for v in P H; do echo "== round 1 variant $v shape $1 e$2" >> $R/rule.txt
  timeout 60 ./xpose_$v bench --inplace --shape $1 --elem-bytes $2 --reps 15 >> $R/rule.txt 2>&1; done; }
for e in 1 2; do for s in $(seq 8 64); do run ${s}x$((2097152 / e)) $e; done; done
for e in 1 2; do for s in 10 12 20 28 31 36 44; do for mib in 1 4 8; do L=$((mib * 1048576 / e)); [ $((s * L * e)) -gt $((512 * 1048576)) ] && continue; run ${s}x$L $e; done; done; done
cd $OUT && tar czf r.tgz r && rm -rf r
