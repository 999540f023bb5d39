# Session 35 on an H200, call 3. N = the library with the backward sweep's device rule
# (hold_unsweep_takes: on this bus bytes up to 3 rounds, 2-byte elements up to 2) and eight
# plans a host thread a direction; X = N with two experiment switches: XPOSE_UNSWEEP=always
# (every backward plan, past the rule) or never (the skinny blocks), and XPOSE_NO_HOLD (wide
# shapes to the skinny blocks). Every GPU test (N), the in-place suite (N), calls switching
# shapes (N), then tall shapes at the rule's edges and wide shapes of several rounds, both ways.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin/s3; (cd $B && xz -dc bins.tar.xz | tar x) && chmod +x $B/*
D=$OUT/rule; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
timeout 300 $B/xpose_gpu_tests > $D/tests.log 2>&1; echo "tests rc $?" >> $D/tests.log
tail -5 $D/tests.log; grep -E '^\[  FAILED' $D/tests.log | head -20
timeout 60 $B/xpose_inplace_plan_switch > $D/plan_switch.txt 2>&1; cat $D/plan_switch.txt
timeout 100 $B/xpose bench --suite inplace --json $D/suite_inplace.json > $D/suite_inplace.txt 2>&1
grep -E "targets met" $D/suite_inplace.txt; grep MISS $D/suite_inplace.txt
run() {  # file variant shape e
  echo "== round 1 $2 $3 e$4" >> $D/$1.txt
  unset XPOSE_UNSWEEP XPOSE_NO_HOLD
  case $2 in always|never) export XPOSE_UNSWEEP=$2;; skinny) export XPOSE_NO_HOLD=1;; esac
  timeout 40 $B/xpose_x bench --inplace --shape $3 --elem-bytes $4 --reps 20 >> $D/$1.txt 2>&1; }
for se in 4194304x16:1 3145728x24:1 8388608x8:1 2097152x40:1 1048576x48:1 2097152x12:2 1048576x24:2 1048576x31:2 4194304x8:2; do
  for v in always never; do run tall $v ${se%:*} ${se#*:}; done; done
for se in 8388608x16:1 2097152x16:2; do run tall rule ${se%:*} ${se#*:}; done
for se in 31x2097152:1 16x8388608:1 24x8388608:1 31x4194304:1 16x2097152:2 24x2097152:2 16x8388608:2 16x2097152:4 31x2097152:4; do
  for v in hold skinny; do run wide $v ${se%:*} ${se#*:}; done; done
grep -c " ok " $D/tall.txt $D/wide.txt; grep -iE "FAIL|mismatch|error" $D/tall.txt $D/wide.txt | head
cd $OUT && tar czf rule.tgz rule && rm -rf rule
