#!/usr/bin/env python3
"""Summarize an A/B log of '== round R VARIANT SHAPE eE' headers followed by bench rows:
auto's (and the in-place call's, where printed) % of memcpy per shape and variant, one figure per
round (and cuBLAS where printed)."""
import re, sys
rows = {}
order = []
cur = None
for line in open(sys.argv[1]):
    m = re.match(r'== round (\d+) (\S+) (\S+) (e\d+)', line)
    if m:
        cur = (m.group(3) + ' ' + m.group(4), m.group(2), m.group(1))
        if cur[0] not in rows:
            rows[cur[0]] = {}
            order.append(cur[0])
        continue
    f = line.split()
    if cur and f and f[0] in ('auto', 'cublasSgeam', 'cublasDgeam', 'cublasZgeam', 'inplace'):
        key = {'auto': cur[1], 'inplace': cur[1] + '-inplace'}.get(f[0], 'cublas')
        rows[cur[0]].setdefault(key, []).append(f[3])
for k in order:
    print(f"{k:26s}", '  '.join(f"{a}:{'/'.join(b)}" for a, b in rows[k].items()))
