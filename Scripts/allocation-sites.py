#!/usr/bin/env python3
"""Names the call sites of the allocations canvas-bench's malloc counter traced.

    OPENCANVAS_ALLOCATION_TRACE=/tmp/allocs.txt BENCH_FILTER=Frame/analog-clock \\
        .build/release/canvas-bench
    Scripts/allocation-sites.py /tmp/allocs.txt [frames per site, default 4] [sites, default 30] [within]

Each traced allocation is one line of return addresses; the file's last memory map
turns them into module offsets, which llvm-symbolizer names (inlined frames
included). Prints the most frequent call stacks, innermost first, with the
allocator's own frames left out; with `within`, only the stacks that pass through
a function whose name contains it (e.g. `rasterize`).
"""
import collections, subprocess, sys

path = sys.argv[1]
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 4
top = int(sys.argv[3]) if len(sys.argv) > 3 else 30
within = sys.argv[4] if len(sys.argv) > 4 else None
stacks, maps, in_maps = [], [], False
for line in open(path, errors='replace'):
    line = line.strip()
    if line == 'maps': in_maps, maps = True, []; continue
    if line == 'end maps': in_maps = False; continue
    if in_maps:
        parts = line.split()
        if len(parts) >= 6 and 'x' in parts[1]:
            lo, hi = (int(v, 16) for v in parts[0].split('-'))
            maps.append((lo, hi, int(parts[2], 16), parts[5]))
        continue
    if line: stacks.append(tuple(int(a, 16) for a in line.split()))

def locate(address):
    # An address's offset from where its module is loaded (its mapping at file offset 0).
    for lo, hi, offset, module in maps:
        if lo <= address < hi: return module, address - bases.get(module, lo)
    return None, address

bases = {}
for line in open(path, errors='replace'):
    parts = line.split()
    if len(parts) >= 6 and '-' in parts[0] and parts[2] == '00000000' and parts[5].startswith('/'):
        bases[parts[5]] = int(parts[0].split('-')[0], 16)
names = {}
by_module = collections.defaultdict(set)
for stack in stacks:
    for a in stack: by_module[locate(a)[0]].add(a)
for module, addresses in by_module.items():
    if module is None: continue
    ordered = sorted(addresses)
    # Return addresses point after the call: ask for the byte before.
    query = '\n'.join(hex(locate(a)[1] - 1) for a in ordered)
    out = subprocess.run(['llvm-symbolizer', '--obj=' + module, '--inlining', '--demangle', '--functions=linkage'],
                         input=query, capture_output=True, text=True).stdout
    for a, block in zip(ordered, out.split('\n\n')):
        lines = block.strip().split('\n')
        names[a] = [lines[i] for i in range(0, len(lines), 2)]

skip = ('malloc', 'calloc', 'realloc', 'memalign', 'swift_slowAlloc', 'swift_allocObject', 'noteAllocation',
        'traceStack', 'allocate', 'ContiguousArrayBuffer', 'createNewBuffer', 'reserveCapacity', 'swift_allocBox',
        'operator new', '_allocateUninitialized', 'copyAndResize', '_copyOrMoveAndResize')
counts = collections.Counter()
for stack in stacks:
    frames = [f for a in stack for f in names.get(a, ['?'])]
    if within and not any(within in f for f in frames): continue
    while frames and any(s in frames[0] for s in skip): frames.pop(0)
    counts[' <- '.join(frames[:depth])] += 1
total = max(1, len(stacks))
print(f'{len(stacks)} allocations traced, {sum(counts.values())} shown')
for stack, n in counts.most_common(top):
    print(f'{n:7d} {100 * n / total:5.1f}%  {stack}')
