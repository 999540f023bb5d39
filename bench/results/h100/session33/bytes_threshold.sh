# Session 33: RB (the final code with the byte gather's rotation taken where the bank model
# saves 1.0 wavefront a load or more, 1.25 for 2-byte elements: an experiment build) against
# R3 (the final code, 93725f4). Bytes 8-48 x 2M and two longer rows, two rounds in alternating
# order, RB verified against the CPU reference in round 1.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf rb.tar.xz) && chmod +x .devbin9/*
D=$OUT/bytes_threshold; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for sh in $(seq -f "%gx2097152" 8 48) 14x8388608 18x4194304; do run 1 RB $sh 1; run 1 R3 $sh 1 --no-verify; done
for sh in $(seq -f "%gx2097152" 8 48) 14x8388608 18x4194304; do run 2 R3 $sh 1 --no-verify; run 2 RB $sh 1 --no-verify; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf bytes_threshold.tgz bytes_threshold && rm -rf bytes_threshold
