# Session 35 on an H200, call 5 (the committed library, a8355bf): the auto suite first thing on a
# fresh machine, twice (call 4 ran it after every GPU test: 44 of 78, latency rows 0.86x and
# 0.75x of cuBLAS), then the host-overhead probe of the latency rows.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
B=.devbin/s5; (cd $B && xz -dc bins.tar.xz | tar x) && chmod +x $B/*
D=$OUT/auto; mkdir -p $D
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee $D/device.txt
for i in 1 2; do timeout 200 $B/xpose bench --suite auto --json $D/suite_auto_$i.json > $D/suite_auto_$i.txt 2>&1
  grep -E "targets met" $D/suite_auto_$i.txt; grep latency $D/suite_auto_$i.txt; done
timeout 120 $B/xpose_host_overhead > $D/host_overhead.txt 2>&1; tail -30 $D/host_overhead.txt
cd $OUT && tar czf auto.tgz auto && rm -rf auto
