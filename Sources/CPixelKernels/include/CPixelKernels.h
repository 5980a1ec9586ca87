#ifndef OPENCANVAS_PIXEL_KERNELS_H
#define OPENCANVAS_PIXEL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// Compositing kernels for 32-bit premultiplied pixels (any channel order with alpha in
// the most significant byte of the little-endian word, i.e. the fourth byte in memory).
// `color` is a premultiplied pixel in the same layout. All divisions by 255 round to
// nearest, exactly: x·a/255 → (t + (t >> 8)) >> 8 with t = x·a + 128.

/// Which implementation the dispatching entry points use.
typedef enum {
    OC_KERNELS_PORTABLE = 0,   // plain C, one pixel at a time
    OC_KERNELS_SSE2 = 1,       // the x86-64 baseline, 4 pixels per step
    OC_KERNELS_AVX2 = 2,       // 8 pixels per step, chosen when the CPU has AVX2
    OC_KERNELS_AVX512 = 3,     // 16 pixels per step, chosen when the CPU has AVX-512 F, BW and VL
} oc_kernel_level;

/// The level in use on this thread: the process's (the best the CPU supports, unless
/// the environment variable OPENCANVAS_KERNELS is "portable", "sse2" or "avx2"), or the
/// thread's own while one is set.
oc_kernel_level oc_kernels_level(void);
/// Makes this thread use a level (clamped to what the CPU supports) until
/// `oc_kernels_clear_thread_level`; returns the level now in use on this thread.
/// Other threads are not affected.
oc_kernel_level oc_kernels_set_thread_level(oc_kernel_level level);
void oc_kernels_clear_thread_level(void);
/// This thread's own level, or -1 when it uses the process's.
int oc_kernels_thread_level(void);

/// dst[i] = color for i in [0, n).
void oc_fill(uint32_t *dst, size_t n, uint32_t color);
/// dst[i] = color + dst[i]·(255 − alpha(color))/255.
void oc_srcover(uint32_t *dst, size_t n, uint32_t color);
/// dst[i] = c + dst[i]·(255 − alpha(c))/255 with c = color·mask[i]/255.
void oc_srcover_mask(uint32_t *dst, const uint8_t *mask, size_t n, uint32_t color);
/// Entries `first ..< end` of a gradient table within one segment between two stops
/// (straight colours `a` and `b`, four floats each, the segment starting at `start`,
/// `scale` its inverse length): entry i is the colour at t = (i + 0.5)·`inv_n`,
/// clamped, with its alpha times `opacity` quantized first and the colour
/// premultiplied by it.
void oc_gradient_entries(uint32_t *out, int32_t first, int32_t end, float inv_n, const float *a, const float *b,
                         float start, float scale, float opacity);

/// A span as `CanvasRaster.Span` lays it out (columns `x ..< x + length` of row `y`;
/// constant coverage `alpha` when `mask_offset < 0`, else one coverage byte per
/// pixel from `mask_offset`).
typedef struct {
    int32_t x, y, length;
    uint8_t alpha;
    int32_t mask_offset;
} oc_span;

/// Source over of `color` through `count` spans into a `width × height` surface of
/// rows `stride` pixels apart; spans (or their parts) outside it are skipped.
void oc_fill_spans(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,
                   size_t count, const uint8_t *coverage, uint32_t color);

/// The colours of one row of an axis-aligned rectangle: its partly covered left and
/// right pixels (composited source over) and its run (stored when `run_opaque`, else
/// composited source over; a zero run colour leaves the run as it is).
typedef struct {
    uint32_t left, run, right;
    int run_opaque;
} oc_row_colors;

/// `rows` rows `stride` pixels apart from `first`: the first takes `top`'s colours,
/// the last `bottom`'s, the others `inner`'s; each row is a left pixel (when
/// `has_left`), `run` pixels, then a right pixel (when `has_right`).
void oc_solid_box(uint32_t *first, size_t stride, size_t rows, const oc_row_colors *top, const oc_row_colors *inner,
                  const oc_row_colors *bottom, int has_left, size_t run, int has_right);

/// Source over with a source row: dst[i] = s + dst[i]·(255 − alpha(s))/255 with
/// s = src[i]·m/255, m = mask[i], or `alpha` when `mask` is NULL.
void oc_srcover_row(uint32_t *dst, const uint32_t *src, const uint8_t *mask, uint32_t alpha, size_t n);
/// plusLighter with a source row, coverage applied by interpolation:
/// dst[i] = d + (min(255, src[i] + d) − d)·m/255 per channel (m as above).
void oc_plus_row(uint32_t *dst, const uint32_t *src, const uint8_t *mask, uint32_t alpha, size_t n);

/// How a gradient continues beyond its ends (matches the Swift `GradientExtend`).
typedef enum { OC_EXTEND_PAD = 0, OC_EXTEND_REPEAT = 1, OC_EXTEND_MIRROR = 2 } oc_extend;

/// A row of a linear gradient from its colour table: with t_i = t0 + i·dt (t in
/// gradient units, 0…1 across the gradient), folded by `extend`,
/// out[i] = table[clamp(floor(t_i·count) + 1, 0, count + 1)], the table having
/// count + 2 entries (first colour, count samples, last colour).
void oc_linear_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float t0, float dt,
                            oc_extend extend, size_t n);

/// A row of a radial gradient: with g_i = (gx + i·dx, gy + i·dy) the pixel's
/// position relative to the centre in gradient space, t = (|g_i| − r0)·k, folded by
/// `extend`; table indices as for `oc_linear_gradient_row`.
void oc_radial_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy, float dx,
                            float dy, float r0, float k, oc_extend extend, size_t n);

/// A row of a conic gradient: u = frac(dir · (angle(g_i)/2π − base)) (angle
/// clockwise in y-down space), t = u·scale + offset; beyond 1, t < split gives the
/// last colour and anything else the first (the gap of a partial turn).
void oc_conic_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy, float dx,
                           float dy, float base, float dir, float scale, float offset, float split, size_t n);

/// A gradient as the span kernel reads it: its colour table (`count + 2` entries, as
/// for the row kernels), its kind, and the mapping from a pixel's centre (px, py)
/// to t. Linear: t = tx·px + ty·py + t0. Radial and conic: g = (a·px + c·py + e,
/// b·px + d·py + f), then t as `oc_radial_gradient_row` / `oc_conic_gradient_row`
/// compute it from g.
typedef enum { OC_GRADIENT_LINEAR = 0, OC_GRADIENT_RADIAL = 1, OC_GRADIENT_CONIC = 2 } oc_gradient_kind;
typedef struct {
    const uint32_t *table;
    int32_t count;
    oc_gradient_kind kind;
    oc_extend extend;
    double tx, ty, t0;
    double a, b, c, d, e, f;
    float r0, k;
    float base, dir, scale, offset, split;
} oc_gradient;

/// Source over of a gradient through `count` spans (as `oc_fill_spans`). Spans that
/// touch end to end on a row, all inside the surface, up to 256 pixels in all (a
/// run; one span inside the surface is a run of one) are shaded once from the run's
/// first pixel, exactly as the row kernels shade a row starting there, and each span
/// blended from that row with its own coverage; any other span is clipped and shaded
/// from its own first pixel, 256 pixels at a time.
void oc_gradient_spans(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,
                       size_t count, const uint8_t *coverage, const oc_gradient *gradient);

/// The coverage of one row of an axis-aligned rectangle: its partly covered left and
/// right pixels and its run.
typedef struct {
    uint8_t left, run, right;
} oc_row_coverage;

/// Source over of a gradient through an axis-aligned rectangle's separable coverage:
/// `rows` rows from (`x`, `y`) of the surface at `pixels` (rows `stride` pixels
/// apart), each a left pixel (when `has_left`), `run` pixels, then a right pixel
/// (when `has_right`); the first row takes `top`'s coverage, the last `bottom`'s, the
/// others `inner`'s. Each row is shaded once from its first pixel (256 pixels at a
/// time) and blended with its coverage.
void oc_gradient_box(uint32_t *pixels, size_t stride, int32_t x, int32_t y, size_t rows, const oc_row_coverage *top,
                     const oc_row_coverage *inner, const oc_row_coverage *bottom, int has_left, size_t run,
                     int has_right, const oc_gradient *gradient);

/// 8-bit RGBA pixels to floats in 0…1 (four per pixel), and back (clamped, rounded
/// to nearest; NaN gives 0). For the filters' floating-point planes.
void oc_unpack_unit_row(float *dst, const uint32_t *src, size_t n);
void oc_pack_unit_row(uint32_t *dst, const float *src, size_t n);

#endif

/// Adds a glyph's coverage block into an accumulation buffer, saturating at 255:
/// `rows` rows of `width16` bytes (a multiple of 16; the mask's rows are padded
/// with zeros to it, and the accumulation rows have room for it).
void oc_add_coverage_block(uint8_t *acc, size_t acc_stride, const uint8_t *mask, size_t mask_stride,
                           size_t width16, size_t rows);

/// The offset of the first non-zero byte of `p[0..<n]`, or `n`.
size_t oc_first_nonzero(const uint8_t *p, size_t n);
/// One past the offset of the last non-zero byte of `p[0..<n]`, or 0.
size_t oc_end_nonzero(const uint8_t *p, size_t n);
