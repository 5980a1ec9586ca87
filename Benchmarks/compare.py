#!/usr/bin/env python3
"""Merges canvas-bench and peer-harness CSV lines
(engine,test,style,size,count,median_ns_per_shape,min_ns_per_shape,scene_hash) from any
number of files and rounds, and prints markdown tables: for each cell, the median over
rounds of each engine's median, and each peer's time divided by OpenCanvas's (>1: we
are faster). The summary gives, per peer and group of cells (Solid fills, Linear, the
extra Radial and Conic styles, the blur, the text cell), the geometric mean of those
ratios and the cells where the peer is faster.

When Blend2D's harness is among the files (engines "blend2d" and "blend2d-nojit"), it
also prints every engine's time relative to Blend2D with its JIT over SCENES.md's 54 cells
(geometric means over all of them, per size and per style) and OpenCanvas's ratio per test:
the table issue 18 measures progress by.

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
    blend2d_table(times, engines)

def blend2d_table(times, engines):
    """Time relative to Blend2D-JIT over the 54 SCENES.md cells (9 tests × Solid, Linear × 16, 64, 256)."""
    ref = "blend2d"
    cells = [(t, style, s) for t in ALL_TESTS for style in ["Solid", "Linear"] for s in [16, 64, 256]]
    if not all((ref, *c) in times for c in cells):
        return
    def med(e, c):
        return statistics.median(times[(e, *c)])
    def gmean(rs):
        return math.exp(sum(math.log(r) for r in rs) / len(rs)) if rs else float("nan")
    shown = [e for e in engines if all((e, *c) in times for c in cells)]
    shown.sort(key=lambda e: gmean([med(e, c) / med(ref, c) for c in cells]))
    print()
    print("Time relative to Blend2D with its JIT (geometric means over SCENES.md's 54 cells; < 1: faster):")
    print()
    groups = [("all 54", lambda c: True), ("16 px", lambda c: c[2] == 16), ("64 px", lambda c: c[2] == 64),
              ("256 px", lambda c: c[2] == 256), ("Solid", lambda c: c[1] == "Solid"), ("Linear", lambda c: c[1] == "Linear")]
    print("| engine | " + " | ".join(g for g, _ in groups) + " | worst cell |")
    print("| --- |" + " ---: |" * (len(groups) + 1))
    for e in shown:
        row = [gmean([med(e, c) / med(ref, c) for c in cells if f(c)]) for _, f in groups]
        worst = max(cells, key=lambda c: med(e, c) / med(ref, c))
        name = f"**{e}**" if e == OURS else e
        print(f"| {name} | " + " | ".join(f"{r:.2f}" for r in row) +
              f" | {med(e, worst) / med(ref, worst):.2f} ({worst[0]} {worst[1]} {worst[2]}) |")
    if OURS in shown:
        per_test = []
        for t in ALL_TESTS:
            rs = [med(OURS, c) / med(ref, c) for c in cells if c[0] == t]
            per_test.append((gmean(rs), t))
        per_test.sort(reverse=True)
        print()
        print(f"By test ({OURS} ÷ blend2d, geometric mean of its 6 cells): " +
              ", ".join(f"{t} {r:.2f}" for r, t in per_test))

main()
