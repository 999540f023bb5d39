# Session 35 on an H200, call 2. N = the committed library (hold plans from tables, four plans a
# host thread a direction); O = the session 34 head (cb872b6); X = N with XPOSE_NO_UNSWEEP set
# sending tall shapes to the skinny blocks instead of the backward hold sweep (experiment only).
# Every GPU test (N), the in-place suite (N), in-place calls switching shapes (O, N), then tall
# shapes by the backward hold sweep against the skinny blocks (X both ways), verified.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin/s2; (cd $B && xz -dc bins.tar.xz | tar x) && chmod +x $B/*
D=$OUT/final; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 300 $B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -5 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20
for v in old new; do echo "== $v" >> $D/plan_switch.txt; timeout 60 $B/plan_switch_$v >> $D/plan_switch.txt 2>&1; done
cat $D/plan_switch.txt
timeout 100 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
grep -E "targets met" $D/suite_inplace.txt; grep MISS $D/suite_inplace.txt
run() {  # variant shape e
  echo "== round 1 $1 $2 e$3" >> $D/tall.txt
  if [ $1 = skinny ]; then export XPOSE_NO_UNSWEEP=1; else unset XPOSE_NO_UNSWEEP; fi
  timeout 40 $B/xpose_x bench --inplace --shape $2 --elem-bytes $3 --reps 20 >> $D/tall.txt 2>&1; }
for sh in 2097152x8 2097152x12 2097152x16 2097152x20 2097152x24 2097152x31 4194304x24 8388608x16 8388608x24 8388608x31; do
  for v in unsweep skinny; do run $v $sh 1; done; done
for sh in 2097152x8 2097152x16 2097152x24 2097152x31 8388608x16; do for v in unsweep skinny; do run $v $sh 4; done; done
for sh in 2097152x8 2097152x16 2097152x24 8388608x16; do for v in unsweep skinny; do run $v $sh 2; done; done
grep -c " ok " $D/tall.txt; grep -iE "FAIL|mismatch|error" $D/tall.txt | head
cd $OUT && tar czf final.tgz final && rm -rf final
