# Session 35 on an H200, call 4: the committed library (the backward sweep's device rule by row
# length for bytes and rounds for 2-byte elements, hold_unsweep_takes; hold plans from tables,
# eight a host thread a direction). Every GPU test; the tall shapes of calls 2 and 3 as the
# dispatch now takes them, verified; the auto suite.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin/s4; (cd $B && xz -dc bins.tar.xz | tar x) && chmod +x $B/*
D=$OUT/check; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 300 $B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -5 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20
for se in 2097152x8:1 2097152x16:1 2097152x31:1 2097152x40:1 1048576x48:1 3145728x24:1 4194304x16:1 8388608x8:1 8388608x16:1 8388608x24:1 \
          2097152x8:2 2097152x12:2 2097152x16:2 2097152x24:2 1048576x24:2 1048576x31:2 2097152x16:4 2097152x31:4; do
  echo "== round 1 N ${se%:*} e${se#*:}" >> $D/tall.txt
  timeout 40 $B/xpose bench --inplace --shape ${se%:*} --elem-bytes ${se#*:} --reps 20 >> $D/tall.txt 2>&1; done
grep -c " ok " $D/tall.txt; grep -iE "FAIL|mismatch|error" $D/tall.txt | head
timeout 240 $B/xpose bench --suite auto --json $D/suite_auto.json > $D/suite_auto.txt 2>&1
grep -E "targets met" $D/suite_auto.txt
cd $OUT && tar czf check.tgz check && rm -rf check
