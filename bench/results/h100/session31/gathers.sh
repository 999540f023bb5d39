# Session 31: N2 = the byte gather chosen by hold_byte_gather_for (one vector a thread for even
# short sides below 32 that are not multiples of 8 in plans of up to three rounds, the skinny
# blocks for s = 4 mod 8 from 36 on and those sides' longer plans, four vectors a thread
# otherwise), 2-byte elements four vectors a thread, the new split spacing; P = main at
# 01d246a, K = fix.sh's K (bytes never in the hold sweep). N2's in-place GPU tests, A/B, suites.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf n2.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 420 ./xpose_gpu_tests --gtest_filter='*Inplace*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $R/tests.log | head -12
ab() { for v in $1; do echo "== round $2 variant $v shape $3 e$4" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $3 --elem-bytes $4 --reps 15 $5 >> $R/bench.txt 2>&1; done; }
for s in 10 12 14 18 20 22 26 28 30 31 8 16 36 44 46; do ab "P N2" 1 ${s}x2097152 1 ""; done
for s in 12x4194304 12x8388608 20x4194304 31x4194304; do ab "P N2 K" 1 $s 1 ""; done
for s in 31x2097152:4 24x2097152:4 31x2097152:8 31x2097152:2 12x1048576:2 47x2097152:4 8995x7967:4; do ab "P N2" 1 ${s%%:*} ${s##*:} ""; done
for s in 31x2097152:4 31x2097152:1 12x2097152:1; do ab "P N2" 2 ${s%%:*} ${s##*:} --no-verify; done
for n in 1 2; do timeout 200 ./xpose_N2 bench --suite inplace --json $R/suite_N2_$n.json > $R/suite_N2_$n.txt 2>&1; done
cd $OUT && tar czf r.tgz r && rm -rf r
