# Session 31: N = the four-vector gather for bytes (odd short sides and multiples of 8) and
# 2-byte elements, and split points spaced coprime to the cycles' modulus (skinny blocks) and
# prime-or-power-of-two odd part (square grid); K = N with bytes never in the hold sweep (the
# skinny blocks with the new spacing); P = main at 01d246a. N's in-place GPU tests, then
# `bench --inplace` A/B (round 1 verified), then the in-place suite twice.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
cd .devbin8 && tar xJf fix.tar.xz && chmod +x xpose_*
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $R/device.txt
timeout 420 ./xpose_gpu_tests --gtest_filter='*Inplace*' > $R/tests.log 2>&1
echo "tests exit $?"; grep -E "^\[  (PASSED|FAILED) |FAILED  \]|tests ran" $R/tests.log | head -12
ab() { for v in $1; do echo "== round $2 variant $v shape $3 e$4" >> $R/bench.txt
  timeout 60 ./xpose_$v bench --inplace --shape $3 --elem-bytes $4 --reps 15 $5 >> $R/bench.txt 2>&1; done; }
for s in 47x2097152:4 2097152x47:4 59x2097152:1 11x131072:16 35x2097152:8 17x1048576:2 8995x7967:4 7967x9509:1 11500x13000:1 2500x7000:2 61440x1536:8 30000x7000:1 30000x7000:4 20x2097152:1 31x2097152:1 31x2097152:4 24x1048576:2 31x2097152:2 12x2097152:1; do
  ab "P N" 1 ${s%%:*} ${s##*:} ""; done
for s in 35 41 47 53 17 19 23 29 51 57; do ab "K N" 1 ${s}x2097152 1 ""; done
for s in 30000x7000:1 12345x6789:1 31x2097152:1 31x2097152:2; do ab "P N" 2 ${s%%:*} ${s##*:} --no-verify; done
for n in 1 2; do timeout 200 ./xpose_N bench --suite inplace --json $R/suite_N$n.json > $R/suite_N$n.txt 2>&1; done
cd $OUT && tar czf r.tgz r && rm -rf r
