# Session 31: lookahead16.sh's second suite read 3 x 5592406 fp32 at 0.389 (0.569-0.61 in every
# earlier H100 record; that path has no split walks). Again: the row standalone, F and N3 three
# times each, and the suite with N3 twice and F once.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n3.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for round in 1 2 3; do for v in F N3; do echo "== round $round variant $v shape 3x5592406 e4" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape 3x5592406 --elem-bytes 4 --reps 30 >> $R/bench.txt 2>&1; done; done
for v in N3 F N3; do n=$((n + 1)); timeout 200 ./xpose_$v bench --suite inplace --json $R/suite_inplace_${n}_$v.json > $R/suite_inplace_${n}_$v.txt 2>&1; echo "suite $n $v exit $?"; done
cd $OUT && tar czf r.tgz r && rm -rf r
