#!/usr/bin/env python3
"""Merges canvas-bench and peer harness CSV lines (engine,test,style,size,count,median,min,hash)
and prints a markdown table of the Solid fill cells with time ratios (peer / ours).

usage: compare.py ours.csv peer.csv [peer2.csv ...]   (the first file's "opencanvas" engine is ours)
"""
import sys, math, collections

FILL_TESTS = ["FillRectA", "FillRectU", "FillRectRot", "FillRoundU", "FillCircle", "FillPolyNZi10", "FillPolyEOi10"]

def load(paths):
    rows = collections.defaultdict(dict)   # (test, style, size) -> engine -> (median, hash)
    for p in paths:
        for line in open(p):
            parts = line.strip().split(",")
            if len(parts) != 8:
                continue
            engine, test, style, size, count, median, mn, h = parts
            rows[(test, style, int(size))][engine] = (float(median), h)
    return rows

def main():
    rows = load(sys.argv[1:])
    engines = sorted({e for v in rows.values() for e in v})
    peers = [e for e in engines if not e.startswith("opencanvas")]
    tests = [t for t in FILL_TESTS] + ["StrokePoly10W2", "StrokePoly10W10"]
    print("| test | style | size | " + " | ".join(f"{e} ns" for e in engines) + " | " +
          " | ".join(f"{p} / opencanvas" for p in peers) + " | hash |")
    print("|---|---|---:|" + "---:|" * (len(engines) + len(peers)) + "---|")
    ratios = collections.defaultdict(list)
    for t in tests:
        for style in ["Solid", "Linear"]:
            for s in [16, 64, 256]:
                cell = rows.get((t, style, s))
                if not cell or "opencanvas" not in cell:
                    continue
                ours = cell["opencanvas"][0]
                hashes = {v[1] for v in cell.values()}
                cols = [f"{cell[e][0]:,.0f}" if e in cell else "" for e in engines]
                rs = []
                for p in peers:
                    if p in cell:
                        r = cell[p][0] / ours
                        rs.append(f"{r:.2f}")
                        if t in FILL_TESTS and style == "Solid":
                            ratios[p].append(r)
                    else:
                        rs.append("")
                print(f"| {t} | {style} | {s} | " + " | ".join(cols) + " | " + " | ".join(rs) +
                      f" | {'same' if len(hashes) == 1 else 'DIFFERENT'} |")
    print()
    for p, rs in ratios.items():
        g = math.exp(sum(math.log(r) for r in rs) / len(rs))
        print(f"Solid fill cells vs {p}: {len(rs)} cells, geometric mean speed-up {g:.2f}x, "
              f"slowest cell {min(rs):.2f}x, cells slower than {p}: {sum(1 for r in rs if r < 1)}")

main()
