"""Skia's PathOps (the skia-pathops package on PyPI, which wraps Skia's
src/pathops) on the inputs canvas-bench wrote (BENCH_PATHOPS_INPUTS), printing the
same CSV lines as its PathOps cells: engine "skia-pathops", median and minimum ns
per operation over batches of at least 20 ms, and the result's area (unioned
afterwards with fix_winding, outside the timing, so that holes subtract).

usage: python3 pathops_peer.py INPUT_DIR      (BENCH_REPEATS as canvas-bench's)
"""
import os, sys, time
import pathops

reps = max(5, int(os.environ.get("BENCH_REPEATS", "5")))
folder = sys.argv[1]


def parse(text):
    """Core Graphics' path description: numbers, then m, l, q, c or h."""
    path = pathops.Path(fillType=pathops.FillType.WINDING)
    nums = []
    for token in text.split():
        if token in ("m", "l", "q", "c", "h"):
            if token == "m":
                path.moveTo(*nums)
            elif token == "l":
                path.lineTo(*nums)
            elif token == "q":
                path.quadTo(*nums)
            elif token == "c":
                path.cubicTo(*nums)
            else:
                path.close()
            nums = []
        else:
            nums.append(float(token))
    return path


def segments(path):
    return sum(1 for verb, _ in path.segments if verb not in ("moveTo", "endPath"))


for name in ("Circles", "Blobs", "Text"):
    try:
        a = parse(open(os.path.join(folder, f"{name}-a.txt")).read())
        b = parse(open(os.path.join(folder, f"{name}-b.txt")).read())
    except OSError:
        continue
    for op_name, operator in (("Union", pathops.PathOp.UNION), ("Intersection", pathops.PathOp.INTERSECTION)):
        # As canvas-bench: the operation alone (no winding fix-up pass afterwards).
        def run():
            return pathops.op(a, b, operator, fix_winding=False, keep_starting_points=False)
        t0 = time.perf_counter_ns()
        result = run()
        once = max(1, time.perf_counter_ns() - t0)
        batch = max(1, int(20e6 / once))
        times = []
        for _ in range(reps):
            s = time.perf_counter_ns()
            for _ in range(batch):
                result = run()
            times.append((time.perf_counter_ns() - s) / batch)
        times.sort()
        n = segments(a) + segments(b)
        # The raw result's contours run either way; its area is measured after the
        # fix-up pass orients them (holes against outer contours).
        area = abs(pathops.op(a, b, operator, fix_winding=True).area)
        print(f"skia-pathops,PathOps{name},{op_name},{n},1,{times[len(times) // 2]:.1f},{times[0]:.1f},{area:.6f}",
              flush=True)
