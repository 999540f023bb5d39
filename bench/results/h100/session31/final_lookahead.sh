# Session 31, the final code (N3 of lookahead16.sh = main from e21432e on): the in-place suite
# four more times, to see how often every target is met.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n3.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for n in 1 2 3 4; do timeout 200 ./xpose_N3 bench --suite inplace --json $R/suite_inplace_$n.json > $R/suite_inplace_$n.txt 2>&1; echo "suite $n exit $?"; grep -E "targets met|MISS" $R/suite_inplace_$n.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
