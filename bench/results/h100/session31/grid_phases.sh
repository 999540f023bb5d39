# Session 31: where 30000 x 7000 bytes in place spends its time (N2 of gathers.sh): Nsight
# Compute's kernel durations at the GPU's own clocks, for the square grid's three launches.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n2.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
for sh in 30000x7000 12345x6789; do
  timeout 200 $NCU --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
    -k regex:"square|split|save|pair|coprime" --launch-count 12 ./xpose_N2 bench --inplace --shape $sh --elem-bytes 1 --reps 2 --no-verify > $R/ncu_$sh.txt 2>&1
done
cd $OUT && tar czf r.tgz r && rm -rf r
