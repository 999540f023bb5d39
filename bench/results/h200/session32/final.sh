# Session 32 on an H200: the final code (F = 3b22812's library, carried as in the H100 records):
# the in-place suite twice and a few skinny rows (--no-verify: the H100 ran every GPU test).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf f.tar.xz && chmod +x xpose_F
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
for i in 1 2; do timeout 120 ./xpose_F bench --suite inplace --json $D/suite_inplace_$i.json > $D/suite_inplace_$i.txt 2>&1
  grep -E "targets met" $D/suite_inplace_$i.txt; grep MISS $D/suite_inplace_$i.txt; done
for sh in 31x2097152:1 23x2097152:1 17x2097152:1 8x2097152:1 31x2097152:4 24x2097152:4 31x2097152:2; do
  echo "== round 1 variant F shape ${sh%%:*} e${sh##*:}" >> $D/sweep.txt
  timeout 30 ./xpose_F bench --inplace --shape ${sh%%:*} --elem-bytes ${sh##*:} --reps 20 --no-verify >> $D/sweep.txt 2>&1; done
cd $OUT && tar czf final.tgz final && rm -rf final
