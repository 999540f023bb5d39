#!/usr/bin/env python3
# Summarizes an ab.txt of this directory: per shape and variant, one entry per round: the in-place
# call's % of memcpy, (its ratio to out-of-place auto in the same bench row) and the verification.
import sys
rows = {}
for line in open(sys.argv[1]):
    if line.startswith('=='):
        f = line.split()
        cur = (f[4], f[5], f[3])  # shape, element bytes, variant
        continue
    f = line.split()
    if not f:
        continue
    if f[0] == 'cudaMemcpy':
        memcpy_ms = float(f[1])
    elif f[0] == 'auto':
        auto_ms = float(f[1])
    elif f[0] == 'inplace':
        ms = float(f[1])
        rows.setdefault(cur, []).append(f"{100 * memcpy_ms / ms:5.1f}% ({auto_ms / ms:.3f}) {f[5]}")
for (shape, e, variant), v in rows.items():
    print(f"{shape:>12} {e:>4} {variant:>9}:  " + "   ".join(v))
