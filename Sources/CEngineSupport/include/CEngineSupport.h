#ifndef OPENCANVAS_ENGINE_SUPPORT_H
#define OPENCANVAS_ENGINE_SUPPORT_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Numeric conversions for the engine's hot loops, inlined into Swift callers.
//
// Swift's Int(Double) checks for NaN and range on every call (it traps otherwise); the
// rasterizer converts coordinates it has already clipped to a small finite range, so
// it uses these unchecked conversions instead. Callers guarantee the preconditions.

/// Truncates toward zero. Precondition: |x| < 2^62 and x is not NaN.
static inline int64_t oc_trunc(double x) { return (int64_t)x; }

/// Floor for x ≥ 0. Precondition: 0 ≤ x < 2^62.
static inline int64_t oc_floor_nonneg(double x) { return (int64_t)x; }

/// A coverage value (any sign) as 0…255: min(|s|, 1) · 255, rounded to nearest.
static inline uint8_t oc_coverage_abs(float s) {
    float a = s < 0 ? -s : s;
    a = a < 1.0f ? a : 1.0f;
    return (uint8_t)(a * 255.0f + 0.5f);
}

/// A coverage value clamped to 0…1, as 0…255 rounded to nearest (NaN gives 0).
static inline uint8_t oc_coverage_clamp(float s) {
    float a = s > 0 ? s : 0.0f;
    a = a < 1.0f ? a : 1.0f;
    return (uint8_t)(a * 255.0f + 0.5f);
}

/// The same for a double in 0…1 (clamped; NaN gives 0).
static inline uint8_t oc_coverage_clamp_d(double s) {
    double a = s > 0 ? s : 0.0;
    a = a < 1.0 ? a : 1.0;
    return (uint8_t)(a * 255.0 + 0.5);
}

/// A table index: floor(v) clamped to 0…hi (NaN gives 0). For gradient lookups,
/// where v is already finite and bounded by the shader's set-up.
static inline int32_t oc_index_clamp(float v, int32_t hi) {
    float a = v > 0 ? v : 0.0f;
    float h = (float)hi;
    a = a < h ? a : h;
    return (int32_t)a;
}

/// Packs four values in 0…1 (clamped; NaN gives 0) as 8-bit channels, rounded to
/// nearest: r in the low byte, a in the high byte.
static inline uint32_t oc_pack_unit4(float r, float g, float b, float a) {
    r = r > 0 ? (r < 1.0f ? r : 1.0f) : 0.0f;
    g = g > 0 ? (g < 1.0f ? g : 1.0f) : 0.0f;
    b = b > 0 ? (b < 1.0f ? b : 1.0f) : 0.0f;
    a = a > 0 ? (a < 1.0f ? a : 1.0f) : 0.0f;
    return (uint32_t)(r * 255.0f + 0.5f) | (uint32_t)(g * 255.0f + 0.5f) << 8
         | (uint32_t)(b * 255.0f + 0.5f) << 16 | (uint32_t)(a * 255.0f + 0.5f) << 24;
}

/// A straight colour (each component in 0…1, clamped; NaN gives 0) times `opacity`
/// as an 8-bit premultiplied pixel: alpha is quantized first and the colour
/// premultiplied by the quantized alpha, so 8-bit colours premultiply exactly.
static inline uint32_t oc_pack_premultiplied(float r, float g, float b, float a, float opacity) {
    r = r > 0 ? (r < 1.0f ? r : 1.0f) : 0.0f;
    g = g > 0 ? (g < 1.0f ? g : 1.0f) : 0.0f;
    b = b > 0 ? (b < 1.0f ? b : 1.0f) : 0.0f;
    a = a > 0 ? (a < 1.0f ? a : 1.0f) : 0.0f;
    uint32_t a8 = (uint32_t)(a * opacity * 255.0f + 0.5f);
    float fa = (float)a8;
    return (uint32_t)(r * fa + 0.5f) | (uint32_t)(g * fa + 0.5f) << 8 | (uint32_t)(b * fa + 0.5f) << 16 | a8 << 24;
}

/// floor(v) as an integer, without Swift's range check; values beyond ±2^23 (whole
/// numbers already) are clamped to ±2^23 first, and NaN gives 0, so the conversion
/// is always in range.
static inline int32_t oc_floor_f(float v) {
    if (!(v > -8388608.0f)) return v != v ? 0 : -8388608;
    if (!(v < 8388608.0f)) return 8388608;
    int32_t i = (int32_t)v;
    return i - (v < (float)i);
}

/// The coverage of four cells of a row from their prefix sum: cells[i] is the change
/// of coverage at cell i and `sum` the coverage before cells[0]; writes the four
/// coverage bytes to `out` (min(|s|, 1) · 255 for non-zero, the distance of |s| to
/// the nearest even number for even-odd), zeroes the cells, and returns the sum
/// after them. The sums are added pairwise (a vector prefix sum), so they can differ
/// from a running sum in the last bit.
static inline float oc_cells_coverage4(float *cells, uint8_t *out, float sum, int even_odd) {
#if defined(__SSE2__)
    __m128 v = _mm_loadu_ps(cells);
    v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)));
    v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 8)));
    v = _mm_add_ps(v, _mm_set1_ps(sum));
    _mm_storeu_ps(cells, _mm_setzero_ps());
    float last = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 0xFF));
    __m128 a = _mm_andnot_ps(_mm_set1_ps(-0.0f), v);
    if (even_odd) {
        // a − 2·floor(a/2) (a ≥ 0, and below 2^24 for any real winding), folded.
        __m128 h = _mm_cvtepi32_ps(_mm_cvttps_epi32(_mm_mul_ps(a, _mm_set1_ps(0.5f))));
        __m128 m = _mm_sub_ps(a, _mm_add_ps(h, h));
        __m128 over = _mm_cmpgt_ps(m, _mm_set1_ps(1.0f));
        a = _mm_or_ps(_mm_and_ps(over, _mm_sub_ps(_mm_set1_ps(2.0f), m)), _mm_andnot_ps(over, m));
    }
    a = _mm_min_ps(a, _mm_set1_ps(1.0f));
    __m128i i = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(a, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
    i = _mm_packs_epi32(i, i);
    i = _mm_packus_epi16(i, i);
    int32_t w = _mm_cvtsi128_si32(i);
    memcpy(out, &w, 4);
    return last;
#else
    for (int k = 0; k < 4; k++) {
        sum += cells[k];
        cells[k] = 0;
        float a = sum < 0 ? -sum : sum;
        if (even_odd) {
            float m = a - 2.0f * (float)(int32_t)(a * 0.5f);
            a = m > 1.0f ? 2.0f - m : m;
        }
        a = a < 1.0f ? a : 1.0f;
        out[k] = (uint8_t)(a * 255.0f + 0.5f);
    }
    return sum;
#endif
}

#endif
