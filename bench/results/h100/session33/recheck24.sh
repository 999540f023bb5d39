# Session 33: 24 x 2M bytes read 49.9% for W2 in wide_carry2 (58.2% for W, the same plan and
# kernel, in wide_carry): three rounds of W2 and F on it and its neighbours, alternating.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf w2.tar.xz) && chmod +x .devbin9/*
D=$OUT/recheck24; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 30 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for i in 1 2 3; do for sh in 23x2097152 24x2097152 25x2097152; do run $i W2 $sh 1 --no-verify; run $i F $sh 1 --no-verify; done; done
cd $OUT && tar czf recheck24.tgz recheck24 && rm -rf recheck24
