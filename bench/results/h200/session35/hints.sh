# Session 35 on an H200, call 1: the in-place suite of the session 34 head (cb872b6, never run on
# an H200; X with XPOSE_SQUARE_HINTS unset runs its kernels), then the square tile pairs of 4-, 8-
# and 16-byte elements with evict-first hints, an experiment build X that picks them at run time
# (XPOSE_SQUARE_HINTS: 0 plain, 1 __ldcs loads, 2 __stcs stores, 3 both), alternating per shape,
# two rounds, every run verified.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin; xz -dk $B/xpose_x.xz && chmod +x $B/xpose_x
D=$OUT/hints; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | tee $D/device.txt
timeout 60 $B/xpose_x info > $D/info.txt 2>&1
timeout 200 $B/xpose_x bench --suite inplace --json $D/suite_inplace_h0.json > $D/suite_inplace_h0.txt 2>&1
grep -E "targets met" $D/suite_inplace_h0.txt; grep MISS $D/suite_inplace_h0.txt
for round in 1 2; do
  for e in 4 8 16; do for n in 4096 8192 16384 32768; do for h in 0 1 2 3; do
    echo "== round $round h$h ${n}x$n e$e" >> $D/sweep.txt
    XPOSE_SQUARE_HINTS=$h timeout 60 $B/xpose_x bench --inplace --shape ${n}x$n --elem-bytes $e --reps 20 >> $D/sweep.txt 2>&1
  done; done; done
done
grep -ciE "FAIL|mismatch" $D/sweep.txt
cd $OUT && tar czf hints.tgz hints && rm -rf hints
