# Session 33: where the skinny target (one side < 32: 0.50 of memcpy) stands at the final code
# (W2, 6650b1d): tall shapes (2M x s), 8- and 16-byte wide shapes, short sides under 8, and
# longer byte rows, one run each, verified against the CPU reference.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
(cd .devbin9 && tar xJf w2.tar.xz) && chmod +x .devbin9/*
D=$OUT/skinny_status; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
run() {  # round variant shape e [--no-verify]
  echo "== round $1 variant $2 shape $3 e$4" >> $D/sweep.txt
  timeout 40 .devbin9/xpose_$2 bench --inplace --shape $3 --elem-bytes $4 --reps 20 $5 >> $D/sweep.txt 2>&1; }
for e in 1 4; do for s in 4 8 12 16 20 24 28 31; do run 1 W2 2097152x$s $e; done; done
for s in 4 5 6 7; do run 1 W2 ${s}x2097152 1; run 1 W2 ${s}x2097152 4; done
for s in 8 12 16 20 24 28 31; do run 1 W2 ${s}x1048576 8; run 1 W2 ${s}x524288 16; done
for sh in 24x4194304 24x8388608 16x8388608 20x8388608; do run 1 W2 $sh 1; done
grep -c " ok " $D/sweep.txt; grep -iE "FAIL|mismatch|error" $D/sweep.txt | head
cd $OUT && tar czf skinny_status.tgz skinny_status && rm -rf skinny_status
