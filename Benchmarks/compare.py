#!/usr/bin/env python3
"""Merges canvas-bench and peer-harness CSV lines
(engine,test,style,size,count,median_ns_per_shape,min_ns_per_shape,scene_hash) from any
number of files and rounds, and prints markdown tables: for each cell, the median over
rounds of each engine's median, and each peer's time divided by OpenCanvas's (>1: we
are faster). The summary gives, per peer and group of cells (Solid fills, Linear, the
extra Radial and Conic styles, the blur, the text cell), the geometric mean of those
ratios and the cells where the peer is faster.

usage: compare.py FILE.csv ...
"""
import sys, math, statistics, collections

FILL_TESTS = ["FillRectA", "FillRectU", "FillRectRot", "FillRoundU", "FillCircle", "FillPolyNZi10", "FillPolyEOi10"]
ALL_TESTS = FILL_TESTS + ["StrokePoly10W2", "StrokePoly10W10"]
OURS = "opencanvas"

def main():
    times = collections.defaultdict(list)          # (engine, test, style, size) -> [median]
    hashes = collections.defaultdict(set)          # (test, style, size) -> {hash}
    for path in sys.argv[1:]:
        for line in open(path):
            parts = line.strip().split(",")
            if len(parts) != 8:
                continue
            engine, test, style, size, count, median, mn, h = parts
            times[(engine, test, style, int(size))].append(float(median))
            hashes[(test, style, int(size))].add(h)
    engines = sorted({k[0] for k in times}, key=lambda e: (not e.startswith(OURS), e))
    # "before-opencanvas" (an older build in the same run) is a peer like the others.
    peers = [e for e in engines if not e.startswith(OURS)]
    print("| test | style | size | " + " | ".join(f"{e} ns" for e in engines) + " | " +
          " | ".join(f"{p} ÷ {OURS}" for p in peers) + " | scenes |")
    print("|---|---|---:|" + "---:|" * (len(engines) + len(peers)) + "---|")
    ratios = collections.defaultdict(list)
    cells = [(t, style, s) for style in ["Solid", "Linear", "Radial", "Conic"] for t in ALL_TESTS for s in [16, 64, 256]]
    cells += [("Blur1024", "Gaussian", s) for s in [2, 10, 50]]
    cells += [("Text", "Solid", 13)]
    for t, style, s in cells:
            if True:
                if (OURS, t, style, s) not in times:
                    continue
                med = {e: statistics.median(times[(e, t, style, s)]) for e in engines if (e, t, style, s) in times}
                ours = med[OURS]
                cols = [f"{med[e]:,.0f}" if e in med else "" for e in engines]
                rs = []
                for p in peers:
                    if p in med:
                        r = med[p] / ours
                        rs.append(f"{r:.2f}")
                        group = "Text" if t == "Text" else (
                            "Solid fill" if style == "Solid" and t in FILL_TESTS else (
                            "Solid stroke" if style == "Solid" else style))
                        ratios[(p, group)].append(r)
                    else:
                        rs.append("")
                same = "same" if len(hashes[(t, style, s)]) == 1 else "DIFFERENT"
                print(f"| {t} | {style} | {s} | " + " | ".join(cols) + " | " + " | ".join(rs) + f" | {same} |")
    print()
    for group in ["Solid fill", "Solid stroke", "Linear", "Radial", "Conic", "Gaussian", "Text"]:
        for p in peers:
            rs = ratios[(p, group)]
            if not rs:
                continue
            g = math.exp(sum(math.log(r) for r in rs) / len(rs))
            print(f"- {group} cells vs {p}: {len(rs)} cells; geometric mean {g:.2f}× faster; "
                  f"slowest cell {min(rs):.2f}×; cells where {p} is faster: {sum(1 for r in rs if r < 1)}")

main()
