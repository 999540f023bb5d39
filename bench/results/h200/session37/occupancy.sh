#!/bin/bash
# Session 37, sweep 48: the 4- to 16-byte in-place square tile pairs with fewer resident blocks per SM
# (unused dynamic shared memory through XPOSE_EXP_SQ_SMEM, an experiment switch in inplace_square.cu's
# launcher that lived only in this build) and with the shared-memory carveout at its maximum
# (XPOSE_EXP_SQ_CARVE=100) at the natural count; `xpose bench --inplace`, two rounds.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=$OUT/${1:-occupancy}; mkdir -p $D
tar xJf .devbin/bins.tar.xz -C /tmp
B=/tmp/bins
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > $D/device.txt
# pads: blocks per SM = floor(233472 / (static + pad + 1024)); static 17920 (e8), 34816 (e16), 34304 (e4)
for round in 1 2; do
  for se in 8192x8192:8 32768x32768:8 8192x8192:16 4096x4096:16 32768x32768:16 16384x16384:4 16384x16384:8; do
    s=${se%%:*}; e=${se##*:}
    case $e in 8) p3=58880; p2=97792;; 16) p3=0; p2=80896;; 4) p3=0; p2=81408;; esac
    for v in natural carve100 three two; do
      case $v in
        natural) env=;;
        carve100) env="XPOSE_EXP_SQ_CARVE=100";;
        three) [ $p3 = 0 ] && continue; env="XPOSE_EXP_SQ_SMEM=$p3";;
        two) env="XPOSE_EXP_SQ_SMEM=$p2";;
      esac
      echo "== round $round $v $s e$e"
      env $env $B/xpose bench --inplace --shape $s --elem-bytes $e --reps 20 2>&1 | grep -E "^(cudaMemcpy|auto|inplace) "
    done
  done
done 2>&1 | tee $D/ab.txt
