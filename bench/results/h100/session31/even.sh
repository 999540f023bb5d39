# Session 31: bytes of even short sides (the skinny blocks in N and K), P against N and K
# (fix.tar.xz as in fix.sh), twice, to check fix.sh's 12 x 2M bytes reading (P 59.5%, N 45.6%).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf fix.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for round in 1 2; do for s in 12 10 14 20 36 44; do for v in P N K; do
  echo "== round $round variant $v shape ${s}x2097152 e1" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape ${s}x2097152 --elem-bytes 1 --reps 15 >> $R/bench.txt 2>&1
done; done; done
cd $OUT && tar czf r.tgz r && rm -rf r
