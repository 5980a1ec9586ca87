"""Peers for canvas-bench's extra cells, printing the same CSV lines.

  skia-picture  Radial and Conic styles (SkGradientShader::MakeRadial / MakeSweep) on
                FillRectU, FillCircle and FillPolyNZi10, drawn from a recorded picture
                (as ../shared/bench/skia_bench.py does); Blur1024 with an SkImageFilter blur
  pillow        Blur1024 with PIL's GaussianBlur (its radius is the standard deviation)

Usage: python3 extra_peers.py BENCH_DIR   (BENCH_DIR holds skia_bench.py; the same knobs:
BENCH_REPEATS, BENCH_COUNT_SCALE, BENCH_FILTER). skia-python is compiled with GCC and
runs Skia's raster pipeline without SIMD: see ../shared/bench/README.md.
"""
import math, os, sys, time

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
import skia
import skia_bench as sb
from PIL import Image, ImageFilter

reps = max(1, int(os.environ.get("BENCH_REPEATS", "5")))
scale = float(os.environ.get("BENCH_COUNT_SCALE", "1"))
flt = os.environ.get("BENCH_FILTER", "")
W = H = 1024
surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(W, H))
canvas = surface.getCanvas()

def draw_all(c, test, style, shapes):
    paint = skia.Paint()
    paint.setAntiAlias(True)
    fill_type = skia.PathFillType.kWinding
    for (x, y, w, h, r, angle, pts, cols) in shapes:
        cx, cy = x + 0.5 * w, y + 0.5 * h
        if style == "Radial":
            paint.setShader(skia.GradientShader.MakeRadial(skia.Point(cx, cy), 0.5 * w, cols, [0.0, 0.5, 1.0]))
        else:
            paint.setShader(skia.GradientShader.MakeSweep(cx, cy, cols, [0.0, 0.5, 1.0]))
        if test == 1:
            c.drawRect(skia.Rect.MakeXYWH(x, y, w, h), paint)
        elif test == 4:
            c.drawCircle(x + r, y + r, r, paint)
        else:
            c.drawPath(skia.Path.Polygon(pts, True, fill_type), paint)

for t, tname in [(1, "FillRectU"), (4, "FillCircle"), (5, "FillPolyNZi10")]:
    for style in ["Radial", "Conic"]:
        if flt and flt not in f"{tname}/{style}":
            continue
        for si, s in enumerate(sb.SIZES):
            n = max(1, int(sb.COUNTS[si] * scale))
            shapes, hsh = sb.generate(t, 1, s, n)      # the Linear style's shapes and colours
            rec = skia.PictureRecorder()
            draw_all(rec.beginRecording(skia.Rect(0, 0, W, H)), t, style, shapes)
            pic = rec.finishRecordingAsPicture()
            times = []
            for rep in range(reps + 1):
                canvas.clear(0)
                t0 = time.perf_counter_ns()
                canvas.drawPicture(pic)
                surface.flushAndSubmit()
                if rep > 0:
                    times.append((time.perf_counter_ns() - t0) / n)
            times.sort()
            print(f"skia-picture,{tname},{style},{s},{n},{times[reps // 2]:.1f},{times[0]:.1f},{hsh:016x}", flush=True)

if not flt or flt in "Blur1024/Gaussian":
    # The picture: the FillRectU 64 Solid scene, as canvas-bench blurs.
    shapes, _ = sb.generate(1, 0, 64, 1250)
    canvas.clear(0)
    sb.draw_all(canvas, 1, 0, shapes)
    surface.flushAndSubmit()
    image = surface.makeImageSnapshot()
    pil = Image.frombytes("RGBA", (W, H), image.tobytes())
    for sigma in [2, 10, 50]:
        times = []
        for rep in range(reps + 1):
            canvas.clear(0)
            # A new filter each time: Skia caches a filter's output per image, and
            # a repeated draw would time the cache.
            paint = skia.Paint()
            paint.setImageFilter(skia.ImageFilters.Blur(sigma, sigma))
            t0 = time.perf_counter_ns()
            canvas.drawImage(image, 0, 0, skia.SamplingOptions(), paint)
            surface.flushAndSubmit()
            if rep > 0:
                times.append(time.perf_counter_ns() - t0)
        times.sort()
        print(f"skia-picture,Blur1024,Gaussian,{sigma},1,{times[reps // 2]:.1f},{times[0]:.1f},{0:016x}", flush=True)
        times = []
        for rep in range(reps + 1):
            t0 = time.perf_counter_ns()
            pil.filter(ImageFilter.GaussianBlur(sigma))
            if rep > 0:
                times.append(time.perf_counter_ns() - t0)
        times.sort()
        print(f"pillow,Blur1024,Gaussian,{sigma},1,{times[reps // 2]:.1f},{times[0]:.1f},{0:016x}", flush=True)
