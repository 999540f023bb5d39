#!/usr/bin/env python3
# Summarizes an ab.txt of this directory: in-place % of memcpy per shape and variant, one number per round.
import re,collections,sys
d=collections.defaultdict(list); order=[]
cur=None
for line in open(sys.argv[1]):
    m=re.match(r'== round (\d) (\w+) (\S+) e(\d+)',line)
    if m:
        cur=(m.group(3)+' e'+m.group(4),m.group(2))
        if cur[0] not in order: order.append(cur[0])
        continue
    if line.startswith('inplace') and cur:
        f=line.split(); d[cur].append(f[3]+('' if f[5]=='ok' else '!'+f[5]))
vs=sorted(set(k[1] for k in d), key=lambda v: ['old','new','plain','one','nosec','st2','half','both','tplain'].index(v) if v in ['old','new'] else 9)
print('%-18s'%'shape'+''.join('%-18s'%v for v in vs))
for s in order:
    print('%-18s'%s+''.join('%-18s'%' '.join(d[(s,v)]) for v in vs))
