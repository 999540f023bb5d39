# Session 30, sweep 47: where a hold-sweep round's time goes (build/trace library, XPOSE_HOLD_TRACE).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin7 && chmod +x hold_trace
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
for sh in "31 2097152 4" "31 2097152 8" "24 2097152 4"; do ./hold_trace $sh | tee -a $R/trace.txt; done
cd $OUT && tar czf r.tgz r && rm -rf r
