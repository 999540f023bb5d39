# Session 32: bench/experiments/launch_cost.cu, what a call pays besides its kernel's work.
cd .devbin8 && tar xJf lc.tar.xz && chmod +x launch_cost
D=$OUT/launch_cost; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
./launch_cost | tee $D/launch_cost.txt; ./launch_cost >> $D/launch_cost.txt
cd $OUT && tar czf launch_cost.tgz launch_cost && rm -rf launch_cost
