# Session 31 on the H200: the H100's lookahead16.sh binaries (n3.tar.xz: F = the final head before
# split_walk_lookahead, N3 = with it). A/B and the in-place suite with N3 once.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n3.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for s in 30000x7000:1 2500x7000:2 6000x4200:1 2097152x31:1; do for v in F N3; do
  echo "== round 1 variant $v shape ${s%%:*} e${s##*:}" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape ${s%%:*} --elem-bytes ${s##*:} --reps 20 >> $R/bench.txt 2>&1
done; done
timeout 200 ./xpose_N3 bench --suite inplace --json $R/suite_inplace_N3.json > $R/suite_inplace_N3.txt 2>&1; echo "suite exit $?"
cd $OUT && tar czf r.tgz r && rm -rf r
