# Session 31: bench/experiments/allocation_history.cu (built against the final library, carried
# xz-compressed) for 30000 x 7000 and 12345 x 6789 bytes, after 2 x 16 GiB and 2 x 1 GiB.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && xz -dk allocation_history.xz && chmod +x allocation_history
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for args in "30000 7000 1 16" "30000 7000 1 1" "12345 6789 1 16" "30000 7000 4 16"; do
  echo "== $args" | tee -a $R/history.txt; ./allocation_history $args 2>&1 | tee -a $R/history.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
