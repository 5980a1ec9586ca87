// Compositing kernels, in C so that one binary can carry an AVX2 version beside the
// x86-64 baseline and pick at run time.
//
// Why C: Swift cannot give a single function a wider target than its module, and a
// plain `swift build -c release` targets the x86-64 baseline (SSE2). Measured on the
// 2-core Xeon this project runs on (256×256 translucent rectangles at random places in
// a 1024×1024 canvas, ns per rectangle):
//     Swift SIMD16<UInt8> widening loop, baseline        28,700
//     this file, SSE2                                      25,800
//     this file, AVX2                                      17,000
//     Cairo 1.16 (pixman, SSE2) FillRectA 256 Solid        29,200
// Only the AVX2 kernel clearly beats Cairo at large sizes, so the hot kernels live
// here; the Swift implementation in CanvasPaint is the portable reference the tests
// compare these against.

#include "CPixelKernels.h"
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define OC_X86 1
#include <immintrin.h>
#include <cpuid.h>
#endif

// MARK: - Portable

static inline uint32_t div255(uint32_t t) {   // t = x·a + 128
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t scale_pixel(uint32_t p, uint32_t a) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) r |= div255(((p >> s) & 255) * a + 128) << s;
    return r;
}

static void fill_portable(uint32_t *d, size_t n, uint32_t c) {
    for (size_t i = 0; i < n; i++) d[i] = c;
}

static void srcover_portable(uint32_t *d, size_t n, uint32_t c) {
    uint32_t ia = 255 - (c >> 24);
    for (size_t i = 0; i < n; i++) d[i] = c + scale_pixel(d[i], ia);
}

static void srcover_mask_portable(uint32_t *d, const uint8_t *m, size_t n, uint32_t c) {
    for (size_t i = 0; i < n; i++) {
        uint32_t a = m[i];
        if (a == 0) continue;
        uint32_t s = a == 255 ? c : scale_pixel(c, a);
        d[i] = s + scale_pixel(d[i], 255 - (s >> 24));
    }
}

static inline uint32_t coverage_at(const uint8_t *m, uint32_t alpha, size_t i) {
    return m ? m[i] : alpha;
}

static void srcover_row_portable(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t a = coverage_at(m, alpha, i);
        if (a == 0 || src[i] == 0) continue;
        uint32_t s = a == 255 ? src[i] : scale_pixel(src[i], a);
        d[i] = s + scale_pixel(d[i], 255 - (s >> 24));
    }
}

static void plus_row_portable(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t a = coverage_at(m, alpha, i);
        if (a == 0) continue;
        uint32_t x = d[i], y = src[i], r = 0;
        for (int sh = 0; sh < 32; sh += 8) {
            uint32_t dc = (x >> sh) & 255, sc = (y >> sh) & 255;
            uint32_t sum = dc + sc > 255 ? 255 : dc + sc;
            r |= div255(dc * (255 - a) + sum * a + 128) << sh;
        }
        d[i] = r;
    }
}

static inline float sqrtf_nolib(float x) { return __builtin_sqrtf(x); }

// floor(x) without libm; values beyond ±2^23 are whole numbers already (and NaN
// stays NaN), so no out-of-range conversion happens.
static inline float floor_f(float x) {
    if (!(x > -8388608.0f && x < 8388608.0f)) return x;
    float i = (float)(int32_t)x;
    return i - (x < i ? 1.0f : 0.0f);
}

// The gradient's t folded into 0…1 as the extend mode says (pad leaves it).
static inline float fold_t(float t, oc_extend extend) {
    if (extend == OC_EXTEND_REPEAT) return t - floor_f(t);
    if (extend == OC_EXTEND_MIRROR) {
        float u = t - 2.0f * floor_f(t * 0.5f);
        return u > 1.0f ? 2.0f - u : u;
    }
    return t;
}

static inline int32_t table_index(float t, float count, int32_t hi) {
    float v = t * count + 1.0f;
    v = v > 0.0f ? v : 0.0f;           // also NaN → 0
    v = v < (float)hi ? v : (float)hi;
    return (int32_t)v;
}

static void linear_gradient_row_portable(uint32_t *out, const uint32_t *table, int32_t count, float t0, float dt,
                                         oc_extend extend, size_t n) {
    const float fc = (float)count;
    const int32_t hi = count + 1;
    for (size_t i = 0; i < n; i++) out[i] = table[table_index(fold_t(t0 + (float)i * dt, extend), fc, hi)];
}

// The angle of (x, y) in turns, 0 ≤ a < 1, clockwise from +x in y-down space
// (a polynomial arctangent, error below 2e-6 turns; the Swift shader uses the same).
static inline float turns_of(float x, float y) {
    float ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    float hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax;
    float a = hi > 0 ? lo / hi : 0.0f;
    float s = a * a;
    float r = a * (0.99997726f + s * (-0.33262347f + s * (0.19354346f + s * (-0.11643287f
                 + s * (0.05265332f + s * -0.01172120f)))));
    if (ay > ax) r = 1.5707963f - r;
    if (x < 0) r = 3.1415927f - r;
    if (y < 0) r = 6.2831855f - r;
    return r * 0.15915494f;
}

static void radial_gradient_row_portable(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy,
                                         float dx, float dy, float r0, float k, oc_extend extend, size_t n) {
    const float fc = (float)count;
    const int32_t hi = count + 1;
    for (size_t i = 0; i < n; i++) {
        float fx = gx + (float)i * dx, fy = gy + (float)i * dy;
        float d = fx * fx + fy * fy;
        float t = ((d > 0 ? sqrtf_nolib(d) : 0.0f) - r0) * k;
        out[i] = table[table_index(fold_t(t, extend), fc, hi)];
    }
}

static void conic_gradient_row_portable(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy,
                                        float dx, float dy, float base, float dir, float scale, float offset,
                                        float split, size_t n) {
    const float fc = (float)count;
    const int32_t hi = count + 1;
    for (size_t i = 0; i < n; i++) {
        float u = dir * (turns_of(gx + (float)i * dx, gy + (float)i * dy) - base);
        u -= floor_f(u);
        float t = u * scale + offset;
        if (t > 1.0f) t = t < split ? 2.0f : -1.0f;
        out[i] = table[table_index(t, fc, hi)];
    }
}

#if OC_X86

// MARK: - SSE2 (x86-64 baseline)

// (t + 128)·257 >> 16 equals (t + 128 + ((t + 128) >> 8)) >> 8 for t ≤ 255·255.
#define DIV255_SSE(t) _mm_mulhi_epu16(_mm_add_epi16((t), _mm_set1_epi16(128)), _mm_set1_epi16(257))

static void fill_sse2(uint32_t *d, size_t n, uint32_t c) {
    __m128i v = _mm_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) _mm_storeu_si128((__m128i *)(d + i), v);
    for (; i < n; i++) d[i] = c;
}

static void srcover_sse2(uint32_t *d, size_t n, uint32_t c) {
    const __m128i z = _mm_setzero_si128();
    const __m128i ia = _mm_set1_epi16((short)(255 - (c >> 24)));
    const __m128i s = _mm_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(d + i));
        __m128i lo = DIV255_SSE(_mm_mullo_epi16(_mm_unpacklo_epi8(x, z), ia));
        __m128i hi = DIV255_SSE(_mm_mullo_epi16(_mm_unpackhi_epi8(x, z), ia));
        _mm_storeu_si128((__m128i *)(d + i), _mm_add_epi8(_mm_packus_epi16(lo, hi), s));
    }
    srcover_portable(d + i, n - i, c);
}

// Broadcasts each pixel's alpha (16-bit lane 3) over its four lanes.
static inline __m128i alpha_lanes_sse(__m128i p) {
    p = _mm_shufflelo_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
    return _mm_shufflehi_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
}

static void srcover_mask_sse2(uint32_t *d, const uint8_t *m, size_t n, uint32_t c) {
    const __m128i z = _mm_setzero_si128();
    const __m128i s16 = _mm_unpacklo_epi8(_mm_set1_epi32((int)c), z);
    const __m128i k255 = _mm_set1_epi16(255);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t mw;
        memcpy(&mw, m + i, 4);
        if (mw == 0) continue;
        __m128i mm = _mm_cvtsi32_si128((int)mw);
        mm = _mm_unpacklo_epi8(mm, mm);                   // m0 m0 m1 m1 m2 m2 m3 m3
        mm = _mm_unpacklo_epi16(mm, mm);                  // each mask byte over its pixel
        __m128i mlo = _mm_unpacklo_epi8(mm, z);           // pixels 0, 1
        __m128i mhi = _mm_unpackhi_epi8(mm, z);           // pixels 2, 3
        __m128i slo = DIV255_SSE(_mm_mullo_epi16(s16, mlo));
        __m128i shi = DIV255_SSE(_mm_mullo_epi16(s16, mhi));
        __m128i x = _mm_loadu_si128((const __m128i *)(d + i));
        __m128i dlo = DIV255_SSE(_mm_mullo_epi16(_mm_unpacklo_epi8(x, z), _mm_sub_epi16(k255, alpha_lanes_sse(slo))));
        __m128i dhi = DIV255_SSE(_mm_mullo_epi16(_mm_unpackhi_epi8(x, z), _mm_sub_epi16(k255, alpha_lanes_sse(shi))));
        __m128i r = _mm_packus_epi16(_mm_add_epi16(slo, dlo), _mm_add_epi16(shi, dhi));
        _mm_storeu_si128((__m128i *)(d + i), r);
    }
    srcover_mask_portable(d + i, m + i, n - i, c);
}

// Four coverage values as 16-bit lanes, each over its pixel's four channels:
// pixels 0–1 in `lo`, 2–3 in `hi`.
static inline void coverage_lanes_sse(const uint8_t *m, uint32_t alpha, size_t i, __m128i *lo, __m128i *hi) {
    const __m128i z = _mm_setzero_si128();
    if (!m) { *lo = *hi = _mm_set1_epi16((short)alpha); return; }
    uint32_t mw;
    memcpy(&mw, m + i, 4);
    __m128i mm = _mm_cvtsi32_si128((int)mw);
    mm = _mm_unpacklo_epi8(mm, mm);
    mm = _mm_unpacklo_epi16(mm, mm);
    *lo = _mm_unpacklo_epi8(mm, z);
    *hi = _mm_unpackhi_epi8(mm, z);
}

static void srcover_row_sse2(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) {
    const __m128i z = _mm_setzero_si128();
    const __m128i k255 = _mm_set1_epi16(255);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i clo, chi;
        coverage_lanes_sse(m, alpha, i, &clo, &chi);
        __m128i slo = DIV255_SSE(_mm_mullo_epi16(_mm_unpacklo_epi8(s, z), clo));
        __m128i shi = DIV255_SSE(_mm_mullo_epi16(_mm_unpackhi_epi8(s, z), chi));
        __m128i x = _mm_loadu_si128((const __m128i *)(d + i));
        __m128i dlo = DIV255_SSE(_mm_mullo_epi16(_mm_unpacklo_epi8(x, z), _mm_sub_epi16(k255, alpha_lanes_sse(slo))));
        __m128i dhi = DIV255_SSE(_mm_mullo_epi16(_mm_unpackhi_epi8(x, z), _mm_sub_epi16(k255, alpha_lanes_sse(shi))));
        _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi16(_mm_add_epi16(slo, dlo), _mm_add_epi16(shi, dhi)));
    }
    srcover_row_portable(d + i, src + i, m ? m + i : 0, alpha, n - i);
}

static void plus_row_sse2(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) {
    const __m128i z = _mm_setzero_si128();
    const __m128i k255 = _mm_set1_epi16(255);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(d + i));
        __m128i r = _mm_adds_epu8(x, _mm_loadu_si128((const __m128i *)(src + i)));
        if (!m && alpha == 255) { _mm_storeu_si128((__m128i *)(d + i), r); continue; }
        __m128i clo, chi;
        coverage_lanes_sse(m, alpha, i, &clo, &chi);
        __m128i lo = DIV255_SSE(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(x, z), _mm_sub_epi16(k255, clo)),
                                              _mm_mullo_epi16(_mm_unpacklo_epi8(r, z), clo)));
        __m128i hi = DIV255_SSE(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(x, z), _mm_sub_epi16(k255, chi)),
                                              _mm_mullo_epi16(_mm_unpackhi_epi8(r, z), chi)));
        _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi16(lo, hi));
    }
    plus_row_portable(d + i, src + i, m ? m + i : 0, alpha, n - i);
}

static void linear_gradient_row_sse2(uint32_t *out, const uint32_t *table, int32_t count, float t0, float dt,
                                     oc_extend extend, size_t n) {
    if (extend != OC_EXTEND_PAD) { linear_gradient_row_portable(out, table, count, t0, dt, extend, n); return; }
    // v = t·count + 1 for four pixels at a time; the lookups stay scalar.
    const __m128 lo = _mm_setzero_ps(), hi = _mm_set1_ps((float)(count + 1));
    const __m128 fc = _mm_set1_ps((float)count), one = _mm_set1_ps(1.0f), vdt = _mm_set1_ps(dt), vt0 = _mm_set1_ps(t0);
    const __m128 lanes = _mm_setr_ps(0, 1, 2, 3);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128 t = _mm_add_ps(vt0, _mm_mul_ps(_mm_add_ps(_mm_set1_ps((float)i), lanes), vdt));
        __m128 v = _mm_add_ps(_mm_mul_ps(t, fc), one);
        __m128i idx = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(v, lo), hi));
        int32_t k[4];
        _mm_storeu_si128((__m128i *)k, idx);
        out[i] = table[k[0]]; out[i + 1] = table[k[1]]; out[i + 2] = table[k[2]]; out[i + 3] = table[k[3]];
    }
    for (; i < n; i++) out[i] = table[table_index(t0 + (float)i * dt, (float)count, count + 1)];
}

// MARK: - AVX2

#define OC_AVX2 __attribute__((target("avx2")))
#define DIV255_AVX(t) _mm256_mulhi_epu16(_mm256_add_epi16((t), _mm256_set1_epi16(128)), _mm256_set1_epi16(257))

// Lane masks for the last 1–7 pixels of a span: lanes below n are set.
OC_AVX2 static inline __m256i tail_mask(size_t n) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), lanes);
}

// The first `n` (< 8) bytes at `p` as the low bytes of a word, the rest zero: only
// the bytes that exist are read. (A memcpy of a variable length is a libc call,
// which costs more than the pixels of a short span.)
static inline uint64_t load_partial_bytes(const uint8_t *p, size_t n) {
    uint64_t w = 0;
    if (n & 4) { uint32_t v; memcpy(&v, p, 4); w = v; p += 4; }
    if (n & 2) { uint16_t v; memcpy(&v, p, 2); w |= (uint64_t)v << ((n & 4) * 8); p += 2; }
    if (n & 1) w |= (uint64_t)*p << ((n & 6) * 8);
    return w;
}

OC_AVX2 static void fill_avx2(uint32_t *d, size_t n, uint32_t c) {
    __m256i v = _mm256_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_si256((__m256i *)(d + i), v);
    if (i < n) _mm256_maskstore_epi32((int *)(d + i), tail_mask(n - i), v);
}

OC_AVX2 static void srcover_avx2(uint32_t *d, size_t n, uint32_t c) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i ia = _mm256_set1_epi16((short)(255 - (c >> 24)));
    const __m256i s = _mm256_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {   // two registers per step hide the multiply latency
        __m256i x = _mm256_loadu_si256((const __m256i *)(d + i));
        __m256i y = _mm256_loadu_si256((const __m256i *)(d + i + 8));
        __m256i xl = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), ia));
        __m256i xh = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), ia));
        __m256i yl = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(y, z), ia));
        __m256i yh = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(y, z), ia));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi8(_mm256_packus_epi16(xl, xh), s));
        _mm256_storeu_si256((__m256i *)(d + i + 8), _mm256_add_epi8(_mm256_packus_epi16(yl, yh), s));
    }
    for (; i + 8 <= n; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(d + i));
        __m256i lo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), ia));
        __m256i hi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), ia));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi8(_mm256_packus_epi16(lo, hi), s));
    }
    if (i < n) {
        // The last 1–7 pixels in one masked step (masked-off lanes are neither read
        // nor written).
        __m256i m = tail_mask(n - i);
        __m256i x = _mm256_maskload_epi32((const int *)(d + i), m);
        __m256i lo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), ia));
        __m256i hi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), ia));
        _mm256_maskstore_epi32((int *)(d + i), m, _mm256_add_epi8(_mm256_packus_epi16(lo, hi), s));
    }
}

OC_AVX2 static inline __m256i alpha_lanes_avx(__m256i p) {
    p = _mm256_shufflelo_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
    return _mm256_shufflehi_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
}

OC_AVX2 static void srcover_mask_avx2(uint32_t *d, const uint8_t *m, size_t n, uint32_t c) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i s16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)c), z);
    const __m256i k255 = _mm256_set1_epi16(255);
    // Replicates mask byte k over the four bytes of pixel k (per 128-bit lane: bytes
    // 0–3 in the low lane, 4–7 in the high lane).
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t mw;
        memcpy(&mw, m + i, 8);
        if (mw == 0) continue;
        __m256i mm = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)mw), spread);
        __m256i slo = DIV255_AVX(_mm256_mullo_epi16(s16, _mm256_unpacklo_epi8(mm, z)));
        __m256i shi = DIV255_AVX(_mm256_mullo_epi16(s16, _mm256_unpackhi_epi8(mm, z)));
        __m256i x = _mm256_loadu_si256((const __m256i *)(d + i));
        __m256i dlo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(slo))));
        __m256i dhi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(shi))));
        __m256i r = _mm256_packus_epi16(_mm256_add_epi16(slo, dlo), _mm256_add_epi16(shi, dhi));
        _mm256_storeu_si256((__m256i *)(d + i), r);
    }
    if (i < n) {
        uint64_t mw = 0;
        mw = load_partial_bytes(m + i, n - i);
        __m256i lanes = tail_mask(n - i);
        __m256i mm = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)mw), spread);
        __m256i slo = DIV255_AVX(_mm256_mullo_epi16(s16, _mm256_unpacklo_epi8(mm, z)));
        __m256i shi = DIV255_AVX(_mm256_mullo_epi16(s16, _mm256_unpackhi_epi8(mm, z)));
        __m256i x = _mm256_maskload_epi32((const int *)(d + i), lanes);
        __m256i dlo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(slo))));
        __m256i dhi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(shi))));
        __m256i r = _mm256_packus_epi16(_mm256_add_epi16(slo, dlo), _mm256_add_epi16(shi, dhi));
        _mm256_maskstore_epi32((int *)(d + i), lanes, r);
    }
}

// Eight coverage values as 16-bit lanes over their pixels' channels: pixels 0–1
// and 4–5 in `lo`, 2–3 and 6–7 in `hi` (the in-lane order of unpack).
OC_AVX2 static inline void coverage_lanes_avx(const uint8_t *m, uint32_t alpha, size_t i, size_t count,
                                              __m256i *lo, __m256i *hi) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    if (!m) { *lo = *hi = _mm256_set1_epi16((short)alpha); return; }
    uint64_t mw = count >= 8 ? 0 : load_partial_bytes(m + i, count);
    if (count >= 8) memcpy(&mw, m + i, 8);
    __m256i mm = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)mw), spread);
    *lo = _mm256_unpacklo_epi8(mm, z);
    *hi = _mm256_unpackhi_epi8(mm, z);
}

OC_AVX2 static inline __m256i srcover_row8_avx(__m256i x, __m256i s, __m256i clo, __m256i chi) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i k255 = _mm256_set1_epi16(255);
    __m256i slo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, z), clo));
    __m256i shi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, z), chi));
    __m256i dlo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(slo))));
    __m256i dhi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), _mm256_sub_epi16(k255, alpha_lanes_avx(shi))));
    return _mm256_packus_epi16(_mm256_add_epi16(slo, dlo), _mm256_add_epi16(shi, dhi));
}

// Source over of eight source pixels at full coverage: the same result as
// `srcover_row8_avx` with coverage 255 (s·255/255 is s), with no multiply of the
// source: each pixel's alpha is spread over its channels' 16-bit lanes by a byte
// shuffle, and the source added with saturation (as the packing saturates).
OC_AVX2 static inline __m256i srcover_full8_avx(__m256i x, __m256i s) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i k255 = _mm256_set1_epi16(255);
    const __m256i alo = _mm256_setr_epi8(3, -128, 3, -128, 3, -128, 3, -128, 7, -128, 7, -128, 7, -128, 7, -128,
                                         3, -128, 3, -128, 3, -128, 3, -128, 7, -128, 7, -128, 7, -128, 7, -128);
    const __m256i ahi = _mm256_setr_epi8(11, -128, 11, -128, 11, -128, 11, -128, 15, -128, 15, -128, 15, -128, 15,
                                         -128, 11, -128, 11, -128, 11, -128, 11, -128, 15, -128, 15, -128, 15, -128,
                                         15, -128);
    __m256i dlo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), _mm256_sub_epi16(k255, _mm256_shuffle_epi8(s, alo))));
    __m256i dhi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), _mm256_sub_epi16(k255, _mm256_shuffle_epi8(s, ahi))));
    return _mm256_adds_epu8(_mm256_packus_epi16(dlo, dhi), s);
}

// Source over of a source row at full coverage (no mask, alpha 255).
OC_AVX2 static void srcover_row_full_avx2(uint32_t *d, const uint32_t *src, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i x = _mm256_loadu_si256((const __m256i *)(d + i));
        _mm256_storeu_si256((__m256i *)(d + i), srcover_full8_avx(x, s));
    }
    if (i < n) {
        __m256i lanes = tail_mask(n - i);
        __m256i s = _mm256_maskload_epi32((const int *)(src + i), lanes);
        __m256i x = _mm256_maskload_epi32((const int *)(d + i), lanes);
        _mm256_maskstore_epi32((int *)(d + i), lanes, srcover_full8_avx(x, s));
    }
}

// The loop every per-pixel-source row kernel shares: eight pixels at a time, then the
// last 1–7 in one masked step; `step` blends eight pixels given their coverage lanes.
#define OC_ROW_KERNEL_AVX2(name, step)                                                         \
    OC_AVX2 static void name(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) { \
        size_t i = 0;                                                                          \
        __m256i clo, chi;                                                                      \
        for (; i + 8 <= n; i += 8) {                                                           \
            coverage_lanes_avx(m, alpha, i, 8, &clo, &chi);                                    \
            __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));                       \
            __m256i x = _mm256_loadu_si256((const __m256i *)(d + i));                         \
            _mm256_storeu_si256((__m256i *)(d + i), step(x, s, clo, chi));                     \
        }                                                                                      \
        if (i < n) {                                                                           \
            __m256i lanes = tail_mask(n - i);                                                  \
            coverage_lanes_avx(m, alpha, i, n - i, &clo, &chi);                                \
            __m256i s = _mm256_maskload_epi32((const int *)(src + i), lanes);                  \
            __m256i x = _mm256_maskload_epi32((const int *)(d + i), lanes);                    \
            _mm256_maskstore_epi32((int *)(d + i), lanes, step(x, s, clo, chi));               \
        }                                                                                      \
    }

OC_ROW_KERNEL_AVX2(srcover_row_covered_avx2, srcover_row8_avx)

OC_AVX2 static void srcover_row_avx2(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha, size_t n) {
    if (!m && alpha == 255) srcover_row_full_avx2(d, src, n);
    else srcover_row_covered_avx2(d, src, m, alpha, n);
}

OC_AVX2 static inline __m256i plus_row8_avx(__m256i x, __m256i s, __m256i clo, __m256i chi) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i k255 = _mm256_set1_epi16(255);
    __m256i r = _mm256_adds_epu8(x, s);
    __m256i lo = DIV255_AVX(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), _mm256_sub_epi16(k255, clo)),
                                             _mm256_mullo_epi16(_mm256_unpacklo_epi8(r, z), clo)));
    __m256i hi = DIV255_AVX(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), _mm256_sub_epi16(k255, chi)),
                                             _mm256_mullo_epi16(_mm256_unpackhi_epi8(r, z), chi)));
    return _mm256_packus_epi16(lo, hi);
}

OC_ROW_KERNEL_AVX2(plus_row_avx2, plus_row8_avx)

OC_AVX2 static inline __m256 fold_avx(__m256 t, oc_extend extend) {
    const __m256 one = _mm256_set1_ps(1.0f), two = _mm256_set1_ps(2.0f), half = _mm256_set1_ps(0.5f);
    if (extend == OC_EXTEND_REPEAT) return _mm256_sub_ps(t, _mm256_floor_ps(t));
    if (extend == OC_EXTEND_MIRROR) {
        __m256 u = _mm256_sub_ps(t, _mm256_mul_ps(two, _mm256_floor_ps(_mm256_mul_ps(t, half))));
        return _mm256_blendv_ps(u, _mm256_sub_ps(two, u), _mm256_cmp_ps(u, one, _CMP_GT_OQ));
    }
    return t;
}

OC_AVX2 static inline void gather_store(uint32_t *out, const uint32_t *table, __m256 t, __m256 fc, __m256 hi,
                                        size_t i, size_t n) {
    __m256 v = _mm256_add_ps(_mm256_mul_ps(t, fc), _mm256_set1_ps(1.0f));
    v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), hi);   // NaN → 0 (maxps keeps the second)
    __m256i idx = _mm256_cvttps_epi32(v);
    if (i + 8 <= n) {
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)table, idx, 4));
    } else {
        __m256i m = tail_mask(n - i);
        __m256i g = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)table, idx, m, 4);
        _mm256_maskstore_epi32((int *)(out + i), m, g);
    }
}

OC_AVX2 static void linear_gradient_row_avx2(uint32_t *out, const uint32_t *table, int32_t count, float t0,
                                             float dt, oc_extend extend, size_t n) {
    const __m256 fc = _mm256_set1_ps((float)count), hi = _mm256_set1_ps((float)(count + 1));
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t i = 0; i < n; i += 8) {
        // t for eight pixels, computed from i (no accumulated rounding).
        __m256 fi = _mm256_add_ps(_mm256_set1_ps((float)i), lanes);
        __m256 t = _mm256_add_ps(_mm256_set1_ps(t0), _mm256_mul_ps(fi, _mm256_set1_ps(dt)));
        gather_store(out, table, fold_avx(t, extend), fc, hi, i, n);
    }
}

OC_AVX2 static void radial_gradient_row_avx2(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy,
                                             float dx, float dy, float r0, float k, oc_extend extend, size_t n) {
    const __m256 fc = _mm256_set1_ps((float)count), hi = _mm256_set1_ps((float)(count + 1));
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t i = 0; i < n; i += 8) {
        __m256 fi = _mm256_add_ps(_mm256_set1_ps((float)i), lanes);
        __m256 x = _mm256_add_ps(_mm256_set1_ps(gx), _mm256_mul_ps(fi, _mm256_set1_ps(dx)));
        __m256 y = _mm256_add_ps(_mm256_set1_ps(gy), _mm256_mul_ps(fi, _mm256_set1_ps(dy)));
        __m256 d = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(x, x), _mm256_mul_ps(y, y)));
        __m256 t = _mm256_mul_ps(_mm256_sub_ps(d, _mm256_set1_ps(r0)), _mm256_set1_ps(k));
        gather_store(out, table, fold_avx(t, extend), fc, hi, i, n);
    }
}

OC_AVX2 static void conic_gradient_row_avx2(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy,
                                            float dx, float dy, float base, float dir, float scale, float offset,
                                            float split, size_t n) {
    const __m256 fc = _mm256_set1_ps((float)count), hi = _mm256_set1_ps((float)(count + 1));
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    const __m256 sign = _mm256_set1_ps(-0.0f);
    for (size_t i = 0; i < n; i += 8) {
        __m256 fi = _mm256_add_ps(_mm256_set1_ps((float)i), lanes);
        __m256 x = _mm256_add_ps(_mm256_set1_ps(gx), _mm256_mul_ps(fi, _mm256_set1_ps(dx)));
        __m256 y = _mm256_add_ps(_mm256_set1_ps(gy), _mm256_mul_ps(fi, _mm256_set1_ps(dy)));
        __m256 ax = _mm256_andnot_ps(sign, x), ay = _mm256_andnot_ps(sign, y);
        __m256 h = _mm256_max_ps(ax, ay), l = _mm256_min_ps(ax, ay);
        __m256 a = _mm256_blendv_ps(zero, _mm256_div_ps(l, h), _mm256_cmp_ps(h, zero, _CMP_GT_OQ));
        __m256 s = _mm256_mul_ps(a, a);
        __m256 p = _mm256_set1_ps(-0.01172120f);
        p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(0.05265332f));
        p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(-0.11643287f));
        p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(0.19354346f));
        p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(-0.33262347f));
        p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(0.99997726f));
        __m256 r = _mm256_mul_ps(a, p);
        r = _mm256_blendv_ps(r, _mm256_sub_ps(_mm256_set1_ps(1.5707963f), r), _mm256_cmp_ps(ay, ax, _CMP_GT_OQ));
        r = _mm256_blendv_ps(r, _mm256_sub_ps(_mm256_set1_ps(3.1415927f), r), _mm256_cmp_ps(x, zero, _CMP_LT_OQ));
        r = _mm256_blendv_ps(r, _mm256_sub_ps(_mm256_set1_ps(6.2831855f), r), _mm256_cmp_ps(y, zero, _CMP_LT_OQ));
        __m256 u = _mm256_mul_ps(_mm256_set1_ps(dir),
                                 _mm256_sub_ps(_mm256_mul_ps(r, _mm256_set1_ps(0.15915494f)), _mm256_set1_ps(base)));
        u = _mm256_sub_ps(u, _mm256_floor_ps(u));
        __m256 t = _mm256_add_ps(_mm256_mul_ps(u, _mm256_set1_ps(scale)), _mm256_set1_ps(offset));
        // Beyond 1 (the gap of a partial turn): 2 (last colour) before the split, −1 after.
        __m256 beyond = _mm256_cmp_ps(t, one, _CMP_GT_OQ);
        __m256 gap = _mm256_blendv_ps(_mm256_set1_ps(-1.0f), _mm256_set1_ps(2.0f),
                                      _mm256_cmp_ps(t, _mm256_set1_ps(split), _CMP_LT_OQ));
        t = _mm256_blendv_ps(t, gap, beyond);
        gather_store(out, table, t, fc, hi, i, n);
    }
}

static int cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    // The OS must save the YMM registers.
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}
#endif

// MARK: - Rectangles

// An axis-aligned rectangle's pixels from its separable coverage: each row is a
// partly covered left pixel, a run and a partly covered right pixel, and the first
// and last rows have their own colours. One call per rectangle, with the run's
// kernel inlined, instead of one call per row (at 16 pixels wide the calls cost as
// much as the pixels); rows a few dozen ahead are prefetched so that their cache
// misses overlap.
#define OC_BOX_AHEAD 24

// Requests the first rows' memory (both ends of each) before any is touched.
static inline void prefetch_box_rows(uint32_t *first, size_t stride, size_t rows, size_t width) {
    for (size_t y = 0; y < rows && y < OC_BOX_AHEAD; y++) {
        __builtin_prefetch(first + y * stride, 1, 3);
        __builtin_prefetch(first + y * stride + (width - 1), 1, 3);
    }
}

#define OC_DEFINE_SOLID_BOX(NAME, ATTR, FILL, SRCOVER)                                                          \
    ATTR static inline void NAME##_row(uint32_t *d, const oc_row_colors *c, int has_left, size_t run,           \
                                       int has_right) {                                                         \
        if (has_left) { *d = c->left + scale_pixel(*d, 255 - (c->left >> 24)); d++; }                           \
        if (run) {                                                                                              \
            if (c->run_opaque) FILL(d, run, c->run);                                                            \
            else if (c->run) SRCOVER(d, run, c->run);                                                           \
            d += run;                                                                                           \
        }                                                                                                       \
        if (has_right) *d = c->right + scale_pixel(*d, 255 - (c->right >> 24));                                \
    }                                                                                                           \
    ATTR static void NAME(uint32_t *first, size_t stride, size_t rows, const oc_row_colors *top,                \
                          const oc_row_colors *inner, const oc_row_colors *bottom, int has_left, size_t run,    \
                          int has_right) {                                                                      \
        size_t width = (has_left ? 1 : 0) + run + (has_right ? 1 : 0);                                          \
        if (width == 0 || rows == 0) return;                                                                    \
        prefetch_box_rows(first, stride, rows, width);                                                          \
        NAME##_row(first, top, has_left, run, has_right);                                                       \
        if (rows == 1) return;                                                                                  \
        const oc_row_colors c = *inner;                                                                         \
        uint32_t *d = first + stride;                                                                           \
        for (size_t y = 1; y + 1 < rows; y++, d += stride) {                                                    \
            if (y + OC_BOX_AHEAD < rows) {                                                                      \
                __builtin_prefetch(d + OC_BOX_AHEAD * stride, 1, 3);                                            \
                __builtin_prefetch(d + OC_BOX_AHEAD * stride + (width - 1), 1, 3);                              \
            }                                                                                                   \
            NAME##_row(d, &c, has_left, run, has_right);                                                        \
        }                                                                                                       \
        NAME##_row(d, bottom, has_left, run, has_right);                                                        \
    }

OC_DEFINE_SOLID_BOX(solid_box_portable, , fill_portable, srcover_portable)
#if OC_X86
OC_DEFINE_SOLID_BOX(solid_box_sse2, , fill_sse2, srcover_sse2)
OC_DEFINE_SOLID_BOX(solid_box_rows_avx2, OC_AVX2, fill_avx2, srcover_avx2)

// Narrow boxes (up to 64 pixels wide, the small shapes where per-row work shows):
// the inner rows' sources are laid out once as vectors — left pixel, run, right
// pixel side by side, each lane with its own colour and inverse alpha — so that an
// inner row is a few vector source-overs with no per-pixel branches. A source of
// alpha 255 gives exactly its colour (d·0 rounds to 0), so opaque runs need no
// separate fill, and a zero source leaves the pixel as it is.
OC_AVX2 static void solid_box_avx2(uint32_t *first, size_t stride, size_t rows, const oc_row_colors *top,
                                   const oc_row_colors *inner, const oc_row_colors *bottom, int has_left, size_t run,
                                   int has_right) {
    size_t width = (has_left ? 1 : 0) + run + (has_right ? 1 : 0);
    if (rows < 3 || width > 64 || width == 0) {
        solid_box_rows_avx2(first, stride, rows, top, inner, bottom, has_left, run, has_right);
        return;
    }
    // A box on whole pixels has the same colours in every row: its first and last
    // rows run through the vector loop with the others.
    const int uniform = memcmp(top, inner, sizeof *top) == 0 && memcmp(bottom, inner, sizeof *top) == 0;
    // A short box on whole pixels goes straight into the vector loop, whose loads
    // request every row at once; prefetching them first only delays it (measured on
    // Zen 4, 16 × 16: 345 ns a shape through the public API prefetched, 290 not).
    // Other boxes blend their first row pixel by pixel first, which the prefetches
    // overlap.
    if (!uniform || rows > OC_BOX_AHEAD) prefetch_box_rows(first, stride, rows, width);
    if (!uniform) solid_box_rows_avx2_row(first, top, has_left, run, has_right);
    // Lane p of the row holds the left colour at p = 0 (when there is a left pixel),
    // the right colour at p = width − 1 (likewise), the run's colour between, and
    // nothing past the row.
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i runColor = _mm256_set1_epi32((int)inner->run);
    const __m256i leftAt = _mm256_set1_epi32(has_left ? 0 : -1), rightAt = _mm256_set1_epi32(has_right ? (int)width - 1 : -1);
    const __m256i widthV = _mm256_set1_epi32((int)width);
    const size_t chunks = (width + 7) / 8, tail = width - 8 * (chunks - 1);
    __m256i S[8], IAlo[8], IAhi[8];
    for (size_t k = 0; k < chunks; k++) {
        __m256i p = _mm256_add_epi32(lanes, _mm256_set1_epi32((int)(8 * k)));
        __m256i v = _mm256_blendv_epi8(runColor, _mm256_set1_epi32((int)inner->left), _mm256_cmpeq_epi32(p, leftAt));
        v = _mm256_blendv_epi8(v, _mm256_set1_epi32((int)inner->right), _mm256_cmpeq_epi32(p, rightAt));
        S[k] = _mm256_and_si256(v, _mm256_cmpgt_epi32(widthV, p));
        __m256i a = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(S[k], 24));
        __m256i a2 = _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
        IAlo[k] = _mm256_unpacklo_epi32(a2, a2);
        IAhi[k] = _mm256_unpackhi_epi32(a2, a2);
    }
    const __m256i z = _mm256_setzero_si256();
    const __m256i m = tail_mask(tail);
    const size_t y0 = uniform ? 0 : 1, y1 = uniform ? rows : rows - 1;
    uint32_t *d = first + y0 * stride;
    for (size_t y = y0; y < y1; y++, d += stride) {
        if (y + OC_BOX_AHEAD < rows) {
            __builtin_prefetch(d + OC_BOX_AHEAD * stride, 1, 3);
            __builtin_prefetch(d + OC_BOX_AHEAD * stride + (width - 1), 1, 3);
        }
        size_t k = 0;
        for (; k + 1 < chunks; k++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(d + 8 * k));
            __m256i lo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), IAlo[k]));
            __m256i hi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), IAhi[k]));
            _mm256_storeu_si256((__m256i *)(d + 8 * k), _mm256_add_epi8(_mm256_packus_epi16(lo, hi), S[k]));
        }
        // The last chunk: masked-off lanes are neither read nor written (a whole
        // chunk is read and written as it is).
        if (tail == 8) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(d + 8 * k));
            __m256i lo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), IAlo[k]));
            __m256i hi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), IAhi[k]));
            _mm256_storeu_si256((__m256i *)(d + 8 * k), _mm256_add_epi8(_mm256_packus_epi16(lo, hi), S[k]));
            continue;
        }
        __m256i x = _mm256_maskload_epi32((const int *)(d + 8 * k), m);
        __m256i lo = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, z), IAlo[k]));
        __m256i hi = DIV255_AVX(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, z), IAhi[k]));
        _mm256_maskstore_epi32((int *)(d + 8 * k), m, _mm256_add_epi8(_mm256_packus_epi16(lo, hi), S[k]));
    }
    if (!uniform) solid_box_rows_avx2_row(d, bottom, has_left, run, has_right);
}
#endif

// MARK: - Spans of a solid colour

// Source over of a solid colour through a shape's spans, the whole shape in one call
// with the kernels inlined (per span, a call from Swift cost as much as a short
// edge span's pixels). The pixels of the span `SPAN_AHEAD` later are prefetched:
// a shape's rows are far apart in memory, so the cache misses overlap.
#define OC_SPAN_AHEAD 32
#define OC_DEFINE_FILL_SPANS(NAME, ATTR, FILL, SRCOVER, SRCOVER_MASK)                                          \
    ATTR static void NAME(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,  \
                          size_t count, const uint8_t *coverage, uint32_t c) {                                  \
        if (c == 0) return;                                                                                     \
        const int opaque = (c >> 24) == 255;                                                                    \
        for (size_t k = 0; k < count && k < OC_SPAN_AHEAD; k++) oc_prefetch_span(pixels, stride, width, height, \
                                                                                 spans + k);                    \
        for (size_t k = 0; k < count; k++) {                                                                    \
            if (k + OC_SPAN_AHEAD < count) oc_prefetch_span(pixels, stride, width, height, spans + k + OC_SPAN_AHEAD); \
            const oc_span s = spans[k];                                                                         \
            if (s.y < 0 || s.y >= height) continue;                                                             \
            int64_t x = s.x, n = s.length, skip = 0;                                                            \
            if (x < 0) { skip = -x; n += x; x = 0; }                                                            \
            if (n > (int64_t)width - x) n = (int64_t)width - x;                                                 \
            if (n <= 0) continue;                                                                               \
            uint32_t *d = pixels + (size_t)s.y * stride + (size_t)x;                                            \
            if (s.mask_offset < 0) {                                                                            \
                if (s.alpha == 255) {                                                                           \
                    if (opaque) FILL(d, (size_t)n, c); else SRCOVER(d, (size_t)n, c);                           \
                } else {                                                                                        \
                    uint32_t sc = scale_pixel(c, s.alpha);                                                      \
                    if (sc) SRCOVER(d, (size_t)n, sc);                                                          \
                }                                                                                               \
            } else {                                                                                            \
                SRCOVER_MASK(d, coverage + s.mask_offset + skip, (size_t)n, c);                                 \
            }                                                                                                   \
        }                                                                                                       \
    }

static inline void oc_prefetch_span(uint32_t *pixels, size_t stride, int32_t width, int32_t height,
                                    const oc_span *s) {
    if (s->y >= 0 && s->y < height && s->x >= 0 && s->length > 0 && (int64_t)s->x + s->length <= width) {
        uint32_t *p = pixels + (size_t)s->y * stride + (size_t)s->x;
        __builtin_prefetch(p, 1, 3);
        if (s->length > 16) __builtin_prefetch(p + (s->length - 1), 1, 3);
    }
}

OC_DEFINE_FILL_SPANS(fill_spans_portable, , fill_portable, srcover_portable, srcover_mask_portable)
#if OC_X86
OC_DEFINE_FILL_SPANS(fill_spans_sse2, , fill_sse2, srcover_sse2, srcover_mask_sse2)
OC_DEFINE_FILL_SPANS(fill_spans_avx2, OC_AVX2, fill_avx2, srcover_avx2, srcover_mask_avx2)
#endif

// MARK: - Gradient tables

// Entries `first ..< end` of a gradient table inside one segment between two stops:
// entry i is the colour at t = (i + 0.5)·inv_n, a + (b − a)·((t − start)·scale),
// clamped to 0…1 (NaN gives 0), alpha quantized first and the colour premultiplied
// by the quantized alpha (as oc_pack_premultiplied does, channel for channel).
void oc_gradient_entries(uint32_t *out, int32_t first, int32_t end, float inv_n, const float *a, const float *b,
                         float start, float scale, float opacity) {
#if OC_X86
    const __m128 va = _mm_loadu_ps(a), vd = _mm_sub_ps(_mm_loadu_ps(b), va);
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), half = _mm_set1_ps(0.5f);
    // Four entries a step, a channel per register (the same operations, lane for
    // lane, as the one-entry loop below, which finishes the last few).
    const __m128 ar = _mm_set1_ps(a[0]), ag = _mm_set1_ps(a[1]), ab = _mm_set1_ps(a[2]), aa = _mm_set1_ps(a[3]);
    const __m128 dr = _mm_set1_ps(b[0] - a[0]), dg = _mm_set1_ps(b[1] - a[1]), db = _mm_set1_ps(b[2] - a[2]),
                 da = _mm_set1_ps(b[3] - a[3]);
    const __m128 vinv = _mm_set1_ps(inv_n), vstart = _mm_set1_ps(start), vscale = _mm_set1_ps(scale);
    const __m128 vopacity = _mm_set1_ps(opacity), k255 = _mm_set1_ps(255.0f);
    const __m128i steps = _mm_setr_epi32(0, 1, 2, 3);
#define OC_UNIT(x) _mm_min_ps(_mm_max_ps((x), zero), one)
    int32_t i = first;
    for (; i + 4 <= end; i += 4) {
        __m128 t = _mm_mul_ps(_mm_add_ps(_mm_cvtepi32_ps(_mm_add_epi32(_mm_set1_epi32(i), steps)), half), vinv);
        __m128 f = _mm_mul_ps(_mm_sub_ps(t, vstart), vscale);
        __m128 r = OC_UNIT(_mm_add_ps(ar, _mm_mul_ps(dr, f))), g = OC_UNIT(_mm_add_ps(ag, _mm_mul_ps(dg, f)));
        __m128 bl = OC_UNIT(_mm_add_ps(ab, _mm_mul_ps(db, f))), al = OC_UNIT(_mm_add_ps(aa, _mm_mul_ps(da, f)));
        __m128i a8 = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(al, vopacity), k255), half));
        __m128 fa = _mm_cvtepi32_ps(a8);
        __m128i r8 = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(r, fa), half));
        __m128i g8 = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(g, fa), half));
        __m128i b8 = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(bl, fa), half));
        __m128i packed = _mm_or_si128(_mm_or_si128(r8, _mm_slli_epi32(g8, 8)),
                                      _mm_or_si128(_mm_slli_epi32(b8, 16), _mm_slli_epi32(a8, 24)));
        _mm_storeu_si128((__m128i *)(out + i), packed);
    }
#undef OC_UNIT
    for (; i < end; i++) {
        float t = ((float)i + 0.5f) * inv_n;
        __m128 v = _mm_add_ps(va, _mm_mul_ps(vd, _mm_set1_ps((t - start) * scale)));
        v = _mm_min_ps(_mm_max_ps(v, zero), one);                  // max first: NaN gives 0
        float alpha = _mm_cvtss_f32(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)));
        uint32_t a8 = (uint32_t)(alpha * opacity * 255.0f + 0.5f);
        __m128i q = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, _mm_set1_ps((float)a8)), half));
        q = _mm_packs_epi32(q, q);
        q = _mm_packus_epi16(q, q);
        out[i] = ((uint32_t)_mm_cvtsi128_si32(q) & 0x00FFFFFFu) | a8 << 24;
    }
#else
    for (int32_t i = first; i < end; i++) {
        float t = ((float)i + 0.5f) * inv_n, f = (t - start) * scale, v[4];
        for (int k = 0; k < 4; k++) {
            float c = a[k] + (b[k] - a[k]) * f;
            v[k] = c > 0 ? (c < 1.0f ? c : 1.0f) : 0.0f;
        }
        uint32_t a8 = (uint32_t)(v[3] * opacity * 255.0f + 0.5f);
        float fa = (float)a8;
        out[i] = (uint32_t)(v[0] * fa + 0.5f) | (uint32_t)(v[1] * fa + 0.5f) << 8 | (uint32_t)(v[2] * fa + 0.5f) << 16
               | a8 << 24;
    }
#endif
}

// MARK: - Spans of a gradient

// Source over of a gradient through a shape's spans in one call (per span, the Swift
// compositor's shading and blending calls cost as much as a short span's pixels).
// A span (or a merged run, below) is shaded from its own first pixel in chunks of
// OC_GRADIENT_CHUNK pixels, each chunk's start computed afresh as the row kernels
// compute a row's: every level gives the same t for every pixel.
#define OC_GRADIENT_CHUNK 256

// The clipped part of a span: its first pixel, its length and the coverage it reads.
static inline int clip_span(const oc_span *s, uint32_t *pixels, size_t stride, int32_t width, int32_t height,
                            const uint8_t *coverage, uint32_t **d, int64_t *x, int64_t *n, const uint8_t **mask) {
    if (s->y < 0 || s->y >= height) return 0;
    int64_t x0 = s->x, len = s->length, skip = 0;
    if (x0 < 0) { skip = -x0; len += x0; x0 = 0; }
    if (len > (int64_t)width - x0) len = (int64_t)width - x0;
    if (len <= 0 || (s->mask_offset < 0 && s->alpha == 0)) return 0;
    *d = pixels + (size_t)s->y * stride + (size_t)x0;
    *x = x0;
    *n = len;
    *mask = s->mask_offset < 0 ? 0 : coverage + s->mask_offset + skip;
    return 1;
}

// A run: spans that touch end to end on one row, all inside the surface, at most
// OC_GRADIENT_CHUNK pixels in all (a single span inside the surface is a run of
// one). A run is shaded once, from its first pixel, and each of its spans blended
// from that row with its own coverage; a short run of a linear gradient is shaded
// and blended in registers (AVX2) with its coverage in one row of bytes.
typedef struct {
    size_t end;
    int64_t x, n;
    int32_t y;
} span_run;

// The run starting at span `k`, or 0 when that span is not inside the surface or is
// longer than a chunk (it is then clipped and shaded on its own, chunk by chunk).
static inline __attribute__((always_inline)) int next_run(const oc_span *spans, size_t k, size_t count,
                                                          int32_t width, int32_t height, span_run *r) {
    const oc_span *s = spans + k;
    if (s->y < 0 || s->y >= height || s->x < 0 || s->length <= 0 || s->length > OC_GRADIENT_CHUNK
        || (int64_t)s->x + s->length > width) return 0;
    int64_t end = (int64_t)s->x + s->length;
    size_t j = k + 1;
    while (j < count && spans[j].y == s->y && spans[j].x == end && spans[j].length > 0
           && end + spans[j].length <= width && end + spans[j].length - s->x <= OC_GRADIENT_CHUNK) {
        end += spans[j].length;
        j++;
    }
    r->end = j;
    r->x = s->x;
    r->n = end - s->x;
    r->y = s->y;
    return 1;
}

// A run's coverage as one row of bytes (`merged` has 8 bytes of slack: constant
// coverage is written 8 bytes at a time, past a span's end into what the next one
// overwrites).
static inline void run_coverage(const oc_span *spans, size_t k, size_t end, const uint8_t *coverage,
                                uint8_t *merged) {
    int64_t off = 0;
    for (size_t m = k; m < end; m++) {
        const oc_span *t = spans + m;
        if (t->mask_offset < 0) {
            uint64_t v = (uint64_t)t->alpha * 0x0101010101010101ull;
            for (int32_t i = 0; i < t->length; i += 8) memcpy(merged + off + i, &v, 8);
        } else {
            const uint8_t *c = coverage + t->mask_offset;
            int32_t i = 0;
            for (; i + 8 <= t->length; i += 8) memcpy(merged + off + i, c + i, 8);
            for (; i < t->length; i++) merged[off + i] = c[i];
        }
        off += t->length;
    }
}

// Runs up to this many pixels of a linear gradient take the fused path at AVX2.
#define OC_FUSED_RUN 24

// Shades `m` pixels of a row from the pixel centred at (px, py).
#define OC_DEFINE_SHADE_CHUNK(NAME, ATTR, LINEAR, RADIAL, CONIC)                                               \
    ATTR static inline void NAME(uint32_t *out, const oc_gradient *g, double px, double py, size_t m) {         \
        switch (g->kind) {                                                                                      \
        case OC_GRADIENT_LINEAR: {                                                                              \
            double t = g->tx * px;                                                                              \
            t += g->ty * py;                                                                                    \
            t += g->t0;                                                                                         \
            LINEAR(out, g->table, g->count, (float)t, (float)g->tx, g->extend, m);                              \
            break;                                                                                              \
        }                                                                                                       \
        case OC_GRADIENT_RADIAL: {                                                                              \
            double gx = g->a * px; gx += g->c * py; gx += g->e;                                                 \
            double gy = g->b * px; gy += g->d * py; gy += g->f;                                                 \
            RADIAL(out, g->table, g->count, (float)gx, (float)gy, (float)g->a, (float)g->b, g->r0, g->k,        \
                   g->extend, m);                                                                               \
            break;                                                                                              \
        }                                                                                                       \
        default: {                                                                                              \
            double gx = g->a * px; gx += g->c * py; gx += g->e;                                                 \
            double gy = g->b * px; gy += g->d * py; gy += g->f;                                                 \
            CONIC(out, g->table, g->count, (float)gx, (float)gy, (float)g->a, (float)g->b, g->base, g->dir,     \
                  g->scale, g->offset, g->split, m);                                                            \
            break;                                                                                              \
        }                                                                                                       \
        }                                                                                                       \
    }

#define OC_DEFINE_GRADIENT_SPANS(NAME, ATTR, SHADE, ROW, FUSED, FUSED_RUN)                                      \
    ATTR static void NAME(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,  \
                          size_t count, const uint8_t *coverage, const oc_gradient *g) {                        \
        uint32_t buf[OC_GRADIENT_CHUNK];                                                                        \
        uint8_t merged[OC_FUSED_RUN + 8];                                                                       \
        const int fused = g->kind == OC_GRADIENT_LINEAR;                                                        \
        for (size_t k = 0; k < count;) {                                                                        \
            span_run r;                                                                                         \
            if (next_run(spans, k, count, width, height, &r)) {                                                 \
                const double py = (double)r.y + 0.5;                                                            \
                uint32_t *d = pixels + (size_t)r.y * stride + (size_t)r.x;                                      \
                if (fused && r.n <= FUSED_RUN) {                                                                \
                    const oc_span *s = spans + k;                                                               \
                    if (r.end == k + 1) {                                                                       \
                        FUSED(d, r.x, r.n, s->mask_offset < 0 ? 0 : coverage + s->mask_offset, s->alpha, g, py); \
                    } else {                                                                                    \
                        run_coverage(spans, k, r.end, coverage, merged);                                        \
                        FUSED(d, r.x, r.n, merged, 0, g, py);                                                   \
                    }                                                                                           \
                } else {                                                                                        \
                    SHADE(buf, g, (double)r.x + 0.5, py, (size_t)r.n);                                          \
                    for (size_t m = k; m < r.end; m++) {                                                        \
                        const oc_span *s = spans + m;                                                           \
                        if (s->mask_offset < 0 && s->alpha == 0) continue;                                      \
                        const int64_t off = s->x - r.x;                                                         \
                        ROW(d + off, buf + off, s->mask_offset < 0 ? 0 : coverage + s->mask_offset, s->alpha,   \
                            (size_t)s->length);                                                                 \
                    }                                                                                           \
                }                                                                                               \
                k = r.end;                                                                                      \
                continue;                                                                                       \
            }                                                                                                   \
            uint32_t *d; int64_t x, n; const uint8_t *mask;                                                     \
            if (clip_span(spans + k, pixels, stride, width, height, coverage, &d, &x, &n, &mask)) {             \
                const double py = (double)spans[k].y + 0.5;                                                     \
                for (int64_t off = 0; off < n; off += OC_GRADIENT_CHUNK) {                                      \
                    size_t m = (size_t)(n - off < OC_GRADIENT_CHUNK ? n - off : OC_GRADIENT_CHUNK);             \
                    SHADE(buf, g, (double)(x + off) + 0.5, py, m);                                              \
                    ROW(d + off, buf, mask ? mask + off : 0, spans[k].alpha, m);                                \
                }                                                                                               \
            }                                                                                                   \
            k++;                                                                                                \
        }                                                                                                       \
    }

// A box row's coverage as one mask: the left pixel's, the run's, the right pixel's.
static inline void box_row_cover(uint8_t *out, const oc_row_coverage *c, int has_left, size_t run, int has_right) {
    size_t i = 0;
    if (has_left) out[i++] = c->left;
    memset(out + i, c->run, run);
    i += run;
    if (has_right) out[i] = c->right;
}

// A rectangle's rows: each shaded once from its first pixel, then its left pixel,
// run and right pixel blended with their coverage (a full run takes the row kernel's
// full-coverage path).
#define OC_DEFINE_GRADIENT_BOX(NAME, ATTR, SHADE, ROW, FUSED, FUSED_RUN, WHOLE, HAS_WHOLE)                               \
    ATTR static void NAME(uint32_t *pixels, size_t stride, int32_t x, int32_t y, size_t rows,                   \
                          const oc_row_coverage *top, const oc_row_coverage *inner, const oc_row_coverage *bottom, \
                          int has_left, size_t run, int has_right, const oc_gradient *g) {                      \
        uint32_t buf[OC_GRADIENT_CHUNK];                                                                        \
        const size_t width = (has_left ? 1 : 0) + run + (has_right ? 1 : 0);                                    \
        if (width == 0) return;                                                                                 \
        prefetch_box_rows(pixels + (size_t)y * stride + (size_t)x, stride, rows, width);                        \
        if (g->kind == OC_GRADIENT_LINEAR && HAS_WHOLE && width > FUSED_RUN && !has_left                       \
            && !has_right && width <= OC_GRADIENT_CHUNK) {                                                      \
            /* A wider box on whole columns: its full rows fused at sixteen lanes. */                           \
            for (size_t r = 0; r < rows; r++) {                                                                 \
                const oc_row_coverage *c = r == 0 ? top : (r + 1 == rows ? bottom : inner);                     \
                uint32_t *row = pixels + (size_t)(y + (int32_t)r) * stride + (size_t)x;                         \
                const double py = (double)(y + (int32_t)r) + 0.5;                                               \
                if (c->run == 255) WHOLE(row, x, (int64_t)width, g, py);                                       \
                else if (c->run) {                                                                              \
                    SHADE(buf, g, (double)x + 0.5, py, width);                                                  \
                    ROW(row, buf, 0, c->run, width);                                                            \
                }                                                                                               \
            }                                                                                                   \
            return;                                                                                             \
        }                                                                                                       \
        if (g->kind == OC_GRADIENT_LINEAR && width <= FUSED_RUN) {                                              \
            /* A narrow box of a linear gradient: each row in one fused pass, its left, */                      \
            /* run and right coverage as a mask, or none for a whole row (the same */                           \
            /* bytes as the passes below). */                                                                   \
            uint8_t cover[3][FUSED_RUN + 8];                                                                    \
            const oc_row_coverage *kinds[3] = {top, inner, bottom};                                             \
            for (int k = 0; k < 3; k++) box_row_cover(cover[k], kinds[k], has_left, run, has_right);            \
            for (size_t r = 0; r < rows; r++) {                                                                 \
                const int k = r == 0 ? 0 : (r + 1 == rows ? 2 : 1);                                             \
                const int whole = !has_left && !has_right && kinds[k]->run == 255;                              \
                uint32_t *row = pixels + (size_t)(y + (int32_t)r) * stride + (size_t)x;                         \
                FUSED(row, x, (int64_t)width, whole ? 0 : cover[k], whole ? 255 : 0, g,                         \
                      (double)(y + (int32_t)r) + 0.5);                                                          \
            }                                                                                                   \
            return;                                                                                             \
        }                                                                                                       \
        for (size_t r = 0; r < rows; r++) {                                                                     \
            const oc_row_coverage *c = r == 0 ? top : (r + 1 == rows ? bottom : inner);                         \
            uint32_t *row = pixels + (size_t)(y + (int32_t)r) * stride + (size_t)x;                             \
            if (r + OC_BOX_AHEAD < rows) {                                                                      \
                __builtin_prefetch(row + OC_BOX_AHEAD * stride, 1, 3);                                          \
                __builtin_prefetch(row + OC_BOX_AHEAD * stride + (width - 1), 1, 3);                            \
            }                                                                                                   \
            const double py = (double)(y + (int32_t)r) + 0.5;                                                   \
            for (size_t off = 0; off < width; off += OC_GRADIENT_CHUNK) {                                       \
                const size_t m = width - off < OC_GRADIENT_CHUNK ? width - off : OC_GRADIENT_CHUNK;             \
                SHADE(buf, g, (double)x + (double)off + 0.5, py, m);                                            \
                /* The chunk's pixels: [off, off + m) of the row. */                                            \
                size_t i = 0;                                                                                   \
                if (off == 0 && has_left) {                                                                     \
                    if (c->left) ROW(row, buf, 0, c->left, 1);                                                  \
                    i = 1;                                                                                      \
                }                                                                                               \
                size_t runEnd = (has_right ? width - 1 : width) - off;                                          \
                if (runEnd > m) runEnd = m;                                                                     \
                if (runEnd > i && c->run) ROW(row + off + i, buf + i, 0, c->run, runEnd - i);                   \
                if (has_right && off + m == width && c->right) ROW(row + width - 1, buf + m - 1, 0, c->right, 1); \
            }                                                                                                   \
        }                                                                                                       \
    }

// Levels without a whole-row path (a flag of 0 never takes it).
static inline void no_whole_row(uint32_t *d, int64_t x, int64_t n, const oc_gradient *g, double py) {
    (void)d; (void)x; (void)n; (void)g; (void)py;
}

// Levels without a fused path (a threshold of 0 never takes it).
static inline void no_fused_span(uint32_t *d, int64_t x, int64_t n, const uint8_t *mask, uint32_t alpha,
                                 const oc_gradient *g, double py) {
    (void)d; (void)x; (void)n; (void)mask; (void)alpha; (void)g; (void)py;
}

OC_DEFINE_SHADE_CHUNK(shade_chunk_portable, , linear_gradient_row_portable, radial_gradient_row_portable,
                      conic_gradient_row_portable)
OC_DEFINE_GRADIENT_SPANS(gradient_spans_portable, , shade_chunk_portable, srcover_row_portable, no_fused_span, 0)
OC_DEFINE_GRADIENT_BOX(gradient_box_portable, , shade_chunk_portable, srcover_row_portable, no_fused_span, 0,
                       no_whole_row, 0)
#if OC_X86
OC_DEFINE_SHADE_CHUNK(shade_chunk_sse2, , linear_gradient_row_sse2, radial_gradient_row_portable,
                      conic_gradient_row_portable)
OC_DEFINE_GRADIENT_SPANS(gradient_spans_sse2, , shade_chunk_sse2, srcover_row_sse2, no_fused_span, 0)
OC_DEFINE_GRADIENT_BOX(gradient_box_sse2, , shade_chunk_sse2, srcover_row_sse2, no_fused_span, 0,
                       no_whole_row, 0)
OC_DEFINE_SHADE_CHUNK(shade_chunk_avx2, OC_AVX2, linear_gradient_row_avx2, radial_gradient_row_avx2,
                      conic_gradient_row_avx2)

// Linear gradients at AVX2: a short span's eight pixels' t, table entries and blend
// in registers, with no row in between (the same t, indices and blend as the
// chunked path, which long spans take).
// A short run of a linear gradient: eight pixels' t, table entries and blend in
// registers (the same t, indices and blend as the chunked path).
OC_AVX2 static inline void linear_span_fused_avx2(uint32_t *dd, int64_t x, int64_t n, const uint8_t *mask,
                                                  uint32_t alpha, const oc_gradient *g, double py) {
    const __m256 fc = _mm256_set1_ps((float)g->count), hi = _mm256_set1_ps((float)(g->count + 1));
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 dt = _mm256_set1_ps((float)g->tx);
    const int *table = (const int *)g->table;
    double t = g->tx * ((double)x + 0.5);
    t += g->ty * py;
    t += g->t0;
    const __m256 t0 = _mm256_set1_ps((float)t);
    const size_t m = (size_t)n;
    __m256i clo, chi;
    for (size_t i = 0; i < m; i += 8) {
        __m256 fi = _mm256_add_ps(_mm256_set1_ps((float)i), lanes);
        __m256 v = _mm256_add_ps(_mm256_mul_ps(fold_avx(_mm256_add_ps(t0, _mm256_mul_ps(fi, dt)), g->extend), fc),
                                 _mm256_set1_ps(1.0f));
        v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), hi);
        __m256i idx = _mm256_cvttps_epi32(v);
        if (i + 8 <= m) {
            coverage_lanes_avx(mask, alpha, i, 8, &clo, &chi);
            __m256i src = _mm256_i32gather_epi32(table, idx, 4);
            __m256i dst = _mm256_loadu_si256((const __m256i *)(dd + i));
            _mm256_storeu_si256((__m256i *)(dd + i), srcover_row8_avx(dst, src, clo, chi));
        } else {
            __m256i lm = tail_mask(m - i);
            coverage_lanes_avx(mask, alpha, i, m - i, &clo, &chi);
            __m256i src = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), table, idx, lm, 4);
            __m256i dst = _mm256_maskload_epi32((const int *)(dd + i), lm);
            _mm256_maskstore_epi32((int *)(dd + i), lm, srcover_row8_avx(dst, src, clo, chi));
        }
    }
}

OC_DEFINE_GRADIENT_SPANS(gradient_spans_avx2, OC_AVX2, shade_chunk_avx2, srcover_row_avx2, linear_span_fused_avx2,
                         OC_FUSED_RUN)
OC_DEFINE_GRADIENT_BOX(gradient_box_avx2, OC_AVX2, shade_chunk_avx2, srcover_row_avx2, linear_span_fused_avx2,
                       OC_FUSED_RUN, no_whole_row, 0)
#endif

// MARK: - AVX-512

// Sixteen pixels a step where the CPU has AVX-512 (F, BW and VL): the same arithmetic as
// the AVX2 kernels, lane for lane, so every level gives the same bytes. Kernels
// without a wider form here (radial and conic rows, plusLighter, narrow boxes,
// short fused gradient spans) use the AVX2 ones.
#if OC_X86
#define OC_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
#define DIV255_512(t) _mm512_mulhi_epu16(_mm512_add_epi16((t), _mm512_set1_epi16(128)), _mm512_set1_epi16(257))

OC_AVX512 static inline __mmask16 tail_mask16(size_t n) { return (__mmask16)((1u << n) - 1u); }

OC_AVX512 static void fill_avx512(uint32_t *d, size_t n, uint32_t c) {
    __m512i v = _mm512_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm512_storeu_si512((void *)(d + i), v);
    if (i < n) _mm512_mask_storeu_epi32(d + i, tail_mask16(n - i), v);
}

// d·(255 − αs)/255 + s for sixteen pixels of one colour.
OC_AVX512 static inline __m512i srcover_solid16(__m512i x, __m512i ia, __m512i s) {
    const __m512i z = _mm512_setzero_si512();
    __m512i lo = DIV255_512(_mm512_mullo_epi16(_mm512_unpacklo_epi8(x, z), ia));
    __m512i hi = DIV255_512(_mm512_mullo_epi16(_mm512_unpackhi_epi8(x, z), ia));
    return _mm512_add_epi8(_mm512_packus_epi16(lo, hi), s);
}

OC_AVX512 static void srcover_avx512(uint32_t *d, size_t n, uint32_t c) {
    const __m512i ia = _mm512_set1_epi16((short)(255 - (c >> 24)));
    const __m512i s = _mm512_set1_epi32((int)c);
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {   // two registers per step hide the multiply latency
        __m512i x = _mm512_loadu_si512((const void *)(d + i));
        __m512i y = _mm512_loadu_si512((const void *)(d + i + 16));
        _mm512_storeu_si512((void *)(d + i), srcover_solid16(x, ia, s));
        _mm512_storeu_si512((void *)(d + i + 16), srcover_solid16(y, ia, s));
    }
    for (; i + 16 <= n; i += 16) {
        __m512i x = _mm512_loadu_si512((const void *)(d + i));
        _mm512_storeu_si512((void *)(d + i), srcover_solid16(x, ia, s));
    }
    if (i < n) {
        __mmask16 m = tail_mask16(n - i);
        __m512i x = _mm512_maskz_loadu_epi32(m, d + i);
        _mm512_mask_storeu_epi32(d + i, m, srcover_solid16(x, ia, s));
    }
}

// Sixteen coverage bytes spread over their pixels' four bytes.
OC_AVX512 static inline __m512i spread_coverage16(__m128i m8) {
    __m512i m = _mm512_cvtepu8_epi32(m8);
    m = _mm512_or_si512(m, _mm512_slli_epi32(m, 8));
    return _mm512_or_si512(m, _mm512_slli_epi32(m, 16));
}

OC_AVX512 static inline __m512i alpha_lanes_512(__m512i p) {
    p = _mm512_shufflelo_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
    return _mm512_shufflehi_epi16(p, _MM_SHUFFLE(3, 3, 3, 3));
}

// s·c/255 over d for sixteen pixels: `s16lo`/`s16hi` are the source's channels as
// 16-bit lanes, `mm` the coverage spread over each pixel's bytes.
OC_AVX512 static inline __m512i srcover_covered16(__m512i x, __m512i slo16, __m512i shi16, __m512i mm) {
    const __m512i z = _mm512_setzero_si512();
    const __m512i k255 = _mm512_set1_epi16(255);
    __m512i slo = DIV255_512(_mm512_mullo_epi16(slo16, _mm512_unpacklo_epi8(mm, z)));
    __m512i shi = DIV255_512(_mm512_mullo_epi16(shi16, _mm512_unpackhi_epi8(mm, z)));
    __m512i dlo = DIV255_512(_mm512_mullo_epi16(_mm512_unpacklo_epi8(x, z), _mm512_sub_epi16(k255, alpha_lanes_512(slo))));
    __m512i dhi = DIV255_512(_mm512_mullo_epi16(_mm512_unpackhi_epi8(x, z), _mm512_sub_epi16(k255, alpha_lanes_512(shi))));
    return _mm512_packus_epi16(_mm512_add_epi16(slo, dlo), _mm512_add_epi16(shi, dhi));
}

OC_AVX512 static void srcover_mask_avx512(uint32_t *d, const uint8_t *m, size_t n, uint32_t c) {
    const __m512i z = _mm512_setzero_si512();
    const __m512i s = _mm512_set1_epi32((int)c);
    const __m512i slo16 = _mm512_unpacklo_epi8(s, z), shi16 = _mm512_unpackhi_epi8(s, z);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i m8 = _mm_loadu_si128((const __m128i *)(m + i));
        if (_mm_testz_si128(m8, m8)) continue;
        __m512i x = _mm512_loadu_si512((const void *)(d + i));
        _mm512_storeu_si512((void *)(d + i), srcover_covered16(x, slo16, shi16, spread_coverage16(m8)));
    }
    if (i < n) {
        __mmask16 k = tail_mask16(n - i);
        __m128i m8 = _mm_maskz_loadu_epi8(k, m + i);
        __m512i x = _mm512_maskz_loadu_epi32(k, d + i);
        _mm512_mask_storeu_epi32(d + i, k, srcover_covered16(x, slo16, shi16, spread_coverage16(m8)));
    }
}

// Source over of sixteen source pixels at full coverage (as `srcover_full8_avx`).
OC_AVX512 static inline __m512i srcover_full16(__m512i x, __m512i s) {
    const __m512i z = _mm512_setzero_si512();
    const __m512i k255 = _mm512_set1_epi16(255);
    __m512i alo = alpha_lanes_512(_mm512_unpacklo_epi8(s, z)), ahi = alpha_lanes_512(_mm512_unpackhi_epi8(s, z));
    __m512i dlo = DIV255_512(_mm512_mullo_epi16(_mm512_unpacklo_epi8(x, z), _mm512_sub_epi16(k255, alo)));
    __m512i dhi = DIV255_512(_mm512_mullo_epi16(_mm512_unpackhi_epi8(x, z), _mm512_sub_epi16(k255, ahi)));
    return _mm512_adds_epu8(_mm512_packus_epi16(dlo, dhi), s);
}

OC_AVX512 static void srcover_row_avx512(uint32_t *d, const uint32_t *src, const uint8_t *m, uint32_t alpha,
                                         size_t n) {
    const __m512i z = _mm512_setzero_si512();
    size_t i = 0;
    if (!m && alpha == 255) {
        for (; i + 16 <= n; i += 16) {
            __m512i s = _mm512_loadu_si512((const void *)(src + i));
            __m512i x = _mm512_loadu_si512((const void *)(d + i));
            _mm512_storeu_si512((void *)(d + i), srcover_full16(x, s));
        }
        if (i < n) {
            __mmask16 k = tail_mask16(n - i);
            __m512i s = _mm512_maskz_loadu_epi32(k, src + i);
            __m512i x = _mm512_maskz_loadu_epi32(k, d + i);
            _mm512_mask_storeu_epi32(d + i, k, srcover_full16(x, s));
        }
        return;
    }
    const __m512i constant = _mm512_set1_epi32((int)(alpha * 0x01010101u));
    for (; i + 16 <= n; i += 16) {
        __m512i mm = m ? spread_coverage16(_mm_loadu_si128((const __m128i *)(m + i))) : constant;
        __m512i s = _mm512_loadu_si512((const void *)(src + i));
        __m512i x = _mm512_loadu_si512((const void *)(d + i));
        _mm512_storeu_si512((void *)(d + i),
                            srcover_covered16(x, _mm512_unpacklo_epi8(s, z), _mm512_unpackhi_epi8(s, z), mm));
    }
    if (i < n) {
        __mmask16 k = tail_mask16(n - i);
        __m512i mm = m ? spread_coverage16(_mm_maskz_loadu_epi8(k, m + i)) : constant;
        __m512i s = _mm512_maskz_loadu_epi32(k, src + i);
        __m512i x = _mm512_maskz_loadu_epi32(k, d + i);
        _mm512_mask_storeu_epi32(d + i, k,
                                 srcover_covered16(x, _mm512_unpacklo_epi8(s, z), _mm512_unpackhi_epi8(s, z), mm));
    }
}

OC_AVX512 static inline __m512 fold_512(__m512 t, oc_extend extend) {
    const __m512 one = _mm512_set1_ps(1.0f), two = _mm512_set1_ps(2.0f), half = _mm512_set1_ps(0.5f);
    if (extend == OC_EXTEND_REPEAT) return _mm512_sub_ps(t, _mm512_roundscale_ps(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    if (extend == OC_EXTEND_MIRROR) {
        __m512 u = _mm512_sub_ps(t, _mm512_mul_ps(two, _mm512_roundscale_ps(_mm512_mul_ps(t, half),
                                                                             _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)));
        return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(u, one, _CMP_GT_OQ), u, _mm512_sub_ps(two, u));
    }
    return t;
}

OC_AVX512 static void linear_gradient_row_avx512(uint32_t *out, const uint32_t *table, int32_t count, float t0,
                                                 float dt, oc_extend extend, size_t n) {
    const __m512 fc = _mm512_set1_ps((float)count), hi = _mm512_set1_ps((float)(count + 1));
    const __m512 lanes = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (size_t i = 0; i < n; i += 16) {
        // t for sixteen pixels, computed from i (no accumulated rounding).
        __m512 fi = _mm512_add_ps(_mm512_set1_ps((float)i), lanes);
        __m512 t = fold_512(_mm512_add_ps(_mm512_set1_ps(t0), _mm512_mul_ps(fi, _mm512_set1_ps(dt))), extend);
        __m512 v = _mm512_add_ps(_mm512_mul_ps(t, fc), _mm512_set1_ps(1.0f));
        v = _mm512_min_ps(_mm512_max_ps(v, _mm512_setzero_ps()), hi);   // NaN → 0 (maxps keeps the second)
        __m512i idx = _mm512_cvttps_epi32(v);
        if (i + 16 <= n) {
            _mm512_storeu_si512((void *)(out + i), _mm512_i32gather_epi32(idx, (const int *)table, 4));
        } else {
            __mmask16 k = tail_mask16(n - i);
            __m512i g = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), k, idx, (const int *)table, 4);
            _mm512_mask_storeu_epi32(out + i, k, g);
        }
    }
}

OC_DEFINE_SOLID_BOX(solid_box_rows_avx512, OC_AVX512, fill_avx512, srcover_avx512)

// A narrow box's row colours as lanes: the left colour at p = 0 (when there is a
// left pixel), the right colour at p = width − 1 (likewise), the run's between,
// nothing past the row; with each lane's inverse alpha over its 16-bit channels.
typedef struct {
    __m512i s[4], ialo[4], iahi[4];
} box_lanes512;

OC_AVX512 static inline void box_row_lanes512(const oc_row_colors *c, size_t width, int has_left, int has_right,
                                              size_t chunks, box_lanes512 *out) {
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (size_t k = 0; k < chunks; k++) {
        __m512i p = _mm512_add_epi32(lanes, _mm512_set1_epi32((int)(16 * k)));
        __m512i v = _mm512_set1_epi32((int)c->run);
        if (has_left) v = _mm512_mask_mov_epi32(v, _mm512_cmpeq_epi32_mask(p, _mm512_setzero_si512()),
                                                _mm512_set1_epi32((int)c->left));
        if (has_right) v = _mm512_mask_mov_epi32(v, _mm512_cmpeq_epi32_mask(p, _mm512_set1_epi32((int)width - 1)),
                                                 _mm512_set1_epi32((int)c->right));
        v = _mm512_maskz_mov_epi32(_mm512_cmplt_epi32_mask(p, _mm512_set1_epi32((int)width)), v);
        out->s[k] = v;
        __m512i a = _mm512_sub_epi32(_mm512_set1_epi32(255), _mm512_srli_epi32(v, 24));
        __m512i a2 = _mm512_or_si512(a, _mm512_slli_epi32(a, 16));
        out->ialo[k] = _mm512_unpacklo_epi32(a2, a2);
        out->iahi[k] = _mm512_unpackhi_epi32(a2, a2);
    }
}

#define OC_BOX512_MIN_WIDTH 48

// Boxes up to 64 pixels wide: every row (its own colours for the first and last)
// is one to four sixteen-lane source-overs, the last lanes masked; wider boxes run
// their rows sixteen pixels a step. (A lane of alpha 255 gives exactly its colour,
// as a fill would.)
OC_AVX512 static void solid_box_avx512(uint32_t *first, size_t stride, size_t rows, const oc_row_colors *top,
                                       const oc_row_colors *inner, const oc_row_colors *bottom, int has_left,
                                       size_t run, int has_right) {
    size_t width = (has_left ? 1 : 0) + run + (has_right ? 1 : 0);
    if (width == 0 || rows == 0) return;
    if (width > 64) {
        solid_box_rows_avx512(first, stride, rows, top, inner, bottom, has_left, run, has_right);
        return;
    }
    // Narrow boxes take the eight-lane kernel (the same bytes): setting up three
    // rows' sixteen-lane colours costs more than the wide lanes save. Measured on
    // Zen 4: a 16 × 16 box 110 ns here against 82 there, 32 × 32 320 against 250;
    // from 48 pixels these lanes are faster.
    if (width < OC_BOX512_MIN_WIDTH) {
        solid_box_avx2(first, stride, rows, top, inner, bottom, has_left, run, has_right);
        return;
    }
    prefetch_box_rows(first, stride, rows, width);
    const size_t chunks = (width + 15) / 16;
    const __mmask16 last = tail_mask16(width - 16 * (chunks - 1));
    box_lanes512 vInner, vTop, vBottom;
    box_row_lanes512(inner, width, has_left, has_right, chunks, &vInner);
    box_row_lanes512(top, width, has_left, has_right, chunks, &vTop);
    box_row_lanes512(bottom, width, has_left, has_right, chunks, &vBottom);
    const __m512i z = _mm512_setzero_si512();
    uint32_t *d = first;
    for (size_t y = 0; y < rows; y++, d += stride) {
        if (y + OC_BOX_AHEAD < rows) {
            __builtin_prefetch(d + OC_BOX_AHEAD * stride, 1, 3);
            __builtin_prefetch(d + OC_BOX_AHEAD * stride + (width - 1), 1, 3);
        }
        const box_lanes512 *v = y == 0 ? &vTop : (y + 1 == rows ? &vBottom : &vInner);
        for (size_t k = 0; k < chunks; k++) {
            __mmask16 m = k + 1 == chunks ? last : (__mmask16)0xFFFF;
            __m512i x = _mm512_maskz_loadu_epi32(m, d + 16 * k);
            __m512i lo = DIV255_512(_mm512_mullo_epi16(_mm512_unpacklo_epi8(x, z), v->ialo[k]));
            __m512i hi = DIV255_512(_mm512_mullo_epi16(_mm512_unpackhi_epi8(x, z), v->iahi[k]));
            _mm512_mask_storeu_epi32(d + 16 * k, m, _mm512_add_epi8(_mm512_packus_epi16(lo, hi), v->s[k]));
        }
    }
}

OC_DEFINE_FILL_SPANS(fill_spans_avx512, OC_AVX512, fill_avx512, srcover_avx512, srcover_mask_avx512)

OC_DEFINE_SHADE_CHUNK(shade_chunk_avx512, OC_AVX512, linear_gradient_row_avx512, radial_gradient_row_avx2,
                      conic_gradient_row_avx2)

// A full row of a linear gradient at sixteen pixels a step: t, table entries and blend
// in registers, with no row in between (the same t, indices and blend as the
// chunked path, lane for lane: t restarts from each chunk's first pixel). Boxes on
// whole columns wider than the eight-lane fused limit take it for their rows
// (measured on Zen 4: 64-pixel boxes 4.3 → 3.9 µs, 256-pixel 50 → 47); rows with
// coverage to scale by, and spans, measured no faster than the chunked path.
OC_AVX512 static void linear_row_whole_avx512(uint32_t *dd, int64_t x, int64_t n, const oc_gradient *g, double py) {
    const __m512 fc = _mm512_set1_ps((float)g->count), hi = _mm512_set1_ps((float)(g->count + 1));
    const __m512 lanes = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512 dt = _mm512_set1_ps((float)g->tx);
    const __m512i z = _mm512_setzero_si512();
    const int *table = (const int *)g->table;
    for (int64_t off = 0; off < n; off += OC_GRADIENT_CHUNK) {
        const size_t m = (size_t)(n - off < OC_GRADIENT_CHUNK ? n - off : OC_GRADIENT_CHUNK);
        double t = g->tx * ((double)(x + off) + 0.5);
        t += g->ty * py;
        t += g->t0;
        const __m512 t0 = _mm512_set1_ps((float)t);
        uint32_t *d = dd + off;
        for (size_t i = 0; i < m; i += 16) {
            __m512 fi = _mm512_add_ps(_mm512_set1_ps((float)i), lanes);
            __m512 v = _mm512_add_ps(_mm512_mul_ps(fold_512(_mm512_add_ps(t0, _mm512_mul_ps(fi, dt)), g->extend), fc),
                                     _mm512_set1_ps(1.0f));
            v = _mm512_min_ps(_mm512_max_ps(v, _mm512_setzero_ps()), hi);   // NaN → 0 (maxps keeps the second)
            __m512i idx = _mm512_cvttps_epi32(v);
            const __mmask16 k = i + 16 <= m ? (__mmask16)0xFFFF : tail_mask16(m - i);
            __m512i src = _mm512_mask_i32gather_epi32(z, k, idx, table, 4);
            __m512i x16 = _mm512_maskz_loadu_epi32(k, d + i);
            _mm512_mask_storeu_epi32(d + i, k, srcover_full16(x16, src));
        }
    }
}

OC_DEFINE_GRADIENT_SPANS(gradient_spans_avx512, OC_AVX512, shade_chunk_avx512, srcover_row_avx512,
                         linear_span_fused_avx2, OC_FUSED_RUN)
OC_DEFINE_GRADIENT_BOX(gradient_box_avx512, OC_AVX512, shade_chunk_avx512, srcover_row_avx512,
                       linear_span_fused_avx2, OC_FUSED_RUN, linear_row_whole_avx512, 1)

static int cpu_has_avx512bw(void) {
    if (!cpu_has_avx2()) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & bit_AVX512F) || !(b & bit_AVX512BW) || !(b & bit_AVX512VL)) return 0;
    // The OS must save the opmask and ZMM registers (XCR0 bits 5, 6 and 7).
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6) == 0xE6;
}
#endif

// MARK: - Dispatch

typedef void (*fill_fn)(uint32_t *, size_t, uint32_t);
typedef void (*mask_fn)(uint32_t *, const uint8_t *, size_t, uint32_t);
typedef void (*row_fn)(uint32_t *, const uint32_t *, const uint8_t *, uint32_t, size_t);
typedef void (*gradient_fn)(uint32_t *, const uint32_t *, int32_t, float, float, oc_extend, size_t);
typedef void (*radial_fn)(uint32_t *, const uint32_t *, int32_t, float, float, float, float, float, float, oc_extend,
                          size_t);
typedef void (*box_fn)(uint32_t *, size_t, size_t, const oc_row_colors *, const oc_row_colors *,
                       const oc_row_colors *, int, size_t, int);
typedef void (*spans_fn)(uint32_t *, size_t, int32_t, int32_t, const oc_span *, size_t, const uint8_t *,
                         uint32_t);
typedef void (*conic_fn)(uint32_t *, const uint32_t *, int32_t, float, float, float, float, float, float, float, float,
                         float, size_t);
typedef void (*gradient_spans_fn)(uint32_t *, size_t, int32_t, int32_t, const oc_span *, size_t, const uint8_t *,
                                  const oc_gradient *);
typedef void (*gradient_box_fn)(uint32_t *, size_t, int32_t, int32_t, size_t, const oc_row_coverage *,
                                const oc_row_coverage *, const oc_row_coverage *, int, size_t, int, const oc_gradient *);

/// One implementation of every dispatched kernel.
typedef struct {
    fill_fn fill, srcover;
    mask_fn srcover_mask;
    row_fn srcover_row, plus_row;
    gradient_fn linear_gradient_row;
    radial_fn radial_gradient_row;
    conic_fn conic_gradient_row;
    box_fn solid_box;
    spans_fn fill_spans;
    gradient_spans_fn gradient_spans;
    gradient_box_fn gradient_box;
    oc_kernel_level level;
} kernel_table;

static const kernel_table portable_table = {
    fill_portable, srcover_portable, srcover_mask_portable, srcover_row_portable, plus_row_portable,
    linear_gradient_row_portable, radial_gradient_row_portable, conic_gradient_row_portable, solid_box_portable,
    fill_spans_portable, gradient_spans_portable, gradient_box_portable, OC_KERNELS_PORTABLE,
};
#if OC_X86
static const kernel_table sse2_table = {
    fill_sse2, srcover_sse2, srcover_mask_sse2, srcover_row_sse2, plus_row_sse2,
    linear_gradient_row_sse2, radial_gradient_row_portable, conic_gradient_row_portable, solid_box_sse2,
    fill_spans_sse2, gradient_spans_sse2, gradient_box_sse2, OC_KERNELS_SSE2,
};
static const kernel_table avx512_table = {
    fill_avx512, srcover_avx512, srcover_mask_avx512, srcover_row_avx512, plus_row_avx2,
    linear_gradient_row_avx512, radial_gradient_row_avx2, conic_gradient_row_avx2, solid_box_avx512,
    fill_spans_avx512, gradient_spans_avx512, gradient_box_avx512, OC_KERNELS_AVX512,
};
static const kernel_table avx2_table = {
    fill_avx2, srcover_avx2, srcover_mask_avx2, srcover_row_avx2, plus_row_avx2,
    linear_gradient_row_avx2, radial_gradient_row_avx2, conic_gradient_row_avx2, solid_box_avx2,
    fill_spans_avx2, gradient_spans_avx2, gradient_box_avx2, OC_KERNELS_AVX2,
};
#endif

/// The process's kernels, copied from the table of its level once before main; and
/// the table each thread uses: the process's, or another while a test or benchmark
/// runs code at another level. The level is a per-thread scope, not a global
/// switch, so tests that hold different levels can run at once on different threads.
/// Every thread starts at `process_table` (a constant address, so the entry points
/// read one thread-local pointer and need no check).
static kernel_table process_table = {
    fill_portable, srcover_portable, srcover_mask_portable, srcover_row_portable, plus_row_portable,
    linear_gradient_row_portable, radial_gradient_row_portable, conic_gradient_row_portable, solid_box_portable,
    fill_spans_portable, gradient_spans_portable, gradient_box_portable, OC_KERNELS_PORTABLE,
};
// Initial-exec TLS: one %fs-relative load, no call to __tls_get_addr (which would make
// every entry point save registers and lose its tail call).
static _Thread_local const kernel_table *k_thread __attribute__((tls_model("initial-exec"))) = &process_table;

static inline const kernel_table *current(void) { return k_thread; }

static oc_kernel_level best_level(void) {
#if OC_X86
    return cpu_has_avx512bw() ? OC_KERNELS_AVX512 : cpu_has_avx2() ? OC_KERNELS_AVX2 : OC_KERNELS_SSE2;
#else
    return OC_KERNELS_PORTABLE;
#endif
}

static const kernel_table *table_for(oc_kernel_level level) {
    oc_kernel_level best = best_level();
    if (level > best) level = best;
    switch (level) {
#if OC_X86
    case OC_KERNELS_AVX512: return &avx512_table;
    case OC_KERNELS_AVX2: return &avx2_table;
    case OC_KERNELS_SSE2: return &sse2_table;
#endif
    default: return &portable_table;
    }
}

oc_kernel_level oc_kernels_set_thread_level(oc_kernel_level level) {
    k_thread = table_for(level);
    return k_thread->level;
}

void oc_kernels_clear_thread_level(void) { k_thread = &process_table; }

int oc_kernels_thread_level(void) { return k_thread == &process_table ? -1 : (int)k_thread->level; }

// Runs before main: picks the process's level once, so the entry points need no check.
__attribute__((constructor)) static void oc_kernels_init(void) {
    oc_kernel_level level = best_level();
    const char *env = getenv("OPENCANVAS_KERNELS");
    if (env && strcmp(env, "portable") == 0) level = OC_KERNELS_PORTABLE;
    if (env && strcmp(env, "sse2") == 0) level = OC_KERNELS_SSE2;
    if (env && strcmp(env, "avx2") == 0 && level > OC_KERNELS_AVX2) level = OC_KERNELS_AVX2;
    process_table = *table_for(level);
}

oc_kernel_level oc_kernels_level(void) { return current()->level; }

void oc_fill(uint32_t *dst, size_t n, uint32_t color) { current()->fill(dst, n, color); }
void oc_srcover(uint32_t *dst, size_t n, uint32_t color) { current()->srcover(dst, n, color); }
void oc_srcover_mask(uint32_t *dst, const uint8_t *mask, size_t n, uint32_t color) {
    current()->srcover_mask(dst, mask, n, color);
}
void oc_gradient_spans(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,
                       size_t count, const uint8_t *coverage, const oc_gradient *gradient) {
    current()->gradient_spans(pixels, stride, width, height, spans, count, coverage, gradient);
}
void oc_gradient_box(uint32_t *pixels, size_t stride, int32_t x, int32_t y, size_t rows, const oc_row_coverage *top,
                     const oc_row_coverage *inner, const oc_row_coverage *bottom, int has_left, size_t run,
                     int has_right, const oc_gradient *gradient) {
    current()->gradient_box(pixels, stride, x, y, rows, top, inner, bottom, has_left, run, has_right, gradient);
}
void oc_fill_spans(uint32_t *pixels, size_t stride, int32_t width, int32_t height, const oc_span *spans,
                   size_t count, const uint8_t *coverage, uint32_t color) {
    current()->fill_spans(pixels, stride, width, height, spans, count, coverage, color);
}
void oc_solid_box(uint32_t *first, size_t stride, size_t rows, const oc_row_colors *top, const oc_row_colors *inner,
                  const oc_row_colors *bottom, int has_left, size_t run, int has_right) {
    current()->solid_box(first, stride, rows, top, inner, bottom, has_left, run, has_right);
}

void oc_srcover_row(uint32_t *dst, const uint32_t *src, const uint8_t *mask, uint32_t alpha, size_t n) {
    current()->srcover_row(dst, src, mask, alpha, n);
}
void oc_plus_row(uint32_t *dst, const uint32_t *src, const uint8_t *mask, uint32_t alpha, size_t n) {
    current()->plus_row(dst, src, mask, alpha, n);
}
void oc_linear_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float t0, float dt,
                            oc_extend extend, size_t n) {
    current()->linear_gradient_row(out, table, count, t0, dt, extend, n);
}
void oc_radial_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy, float dx,
                            float dy, float r0, float k, oc_extend extend, size_t n) {
    current()->radial_gradient_row(out, table, count, gx, gy, dx, dy, r0, k, extend, n);
}
void oc_conic_gradient_row(uint32_t *out, const uint32_t *table, int32_t count, float gx, float gy, float dx,
                           float dy, float base, float dir, float scale, float offset, float split, size_t n) {
    current()->conic_gradient_row(out, table, count, gx, gy, dx, dy, base, dir, scale, offset, split, n);
}

// MARK: - Plane conversions (SSE2 is enough: they are memory-bound)

void oc_unpack_unit_row(float *dst, const uint32_t *src, size_t n) {
    size_t i = 0;
#if OC_X86
    const __m128i z = _mm_setzero_si128();
    const __m128 k = _mm_set1_ps(1.0f / 255.0f);
    for (; i + 4 <= n; i += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i lo = _mm_unpacklo_epi8(p, z), hi = _mm_unpackhi_epi8(p, z);
        _mm_storeu_ps(dst + 4 * i, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, z)), k));
        _mm_storeu_ps(dst + 4 * i + 4, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, z)), k));
        _mm_storeu_ps(dst + 4 * i + 8, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, z)), k));
        _mm_storeu_ps(dst + 4 * i + 12, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpackhi_epi16(hi, z)), k));
    }
#endif
    for (; i < n; i++) {
        uint32_t p = src[i];
        for (int c = 0; c < 4; c++) dst[4 * i + c] = (float)((p >> (8 * c)) & 255) * (1.0f / 255.0f);
    }
}

void oc_pack_unit_row(uint32_t *dst, const float *src, size_t n) {
    size_t i = 0;
#if OC_X86
    const __m128 k = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f), zero = _mm_setzero_ps();
    for (; i + 4 <= n; i += 4) {
        __m128i v[4];
        for (int j = 0; j < 4; j++) {
            // max(x, 0) also turns NaN into 0 (maxps returns the second operand).
            __m128 x = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(src + 4 * (i + j)), zero), _mm_set1_ps(1.0f));
            v[j] = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(x, k), half));
        }
        __m128i a = _mm_packs_epi32(v[0], v[1]), b = _mm_packs_epi32(v[2], v[3]);
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(a, b));
    }
#endif
    for (; i < n; i++) {
        uint32_t p = 0;
        for (int c = 0; c < 4; c++) {
            float x = src[4 * i + c];
            x = x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
            p |= (uint32_t)(x * 255.0f + 0.5f) << (8 * c);
        }
        dst[i] = p;
    }
}

// Glyph coverage sums: SSE2 is the x86-64 baseline, and its unsigned saturating add
// (`paddusb`) is all this needs, so there is no AVX2 variant.
void oc_add_coverage_block(uint8_t *acc, size_t acc_stride, const uint8_t *mask, size_t mask_stride,
                           size_t width16, size_t rows) {
    if (width16 == 16) {
        // The common case (glyphs of text sizes): one vector per row.
        for (size_t y = 0; y < rows; y++, acc += acc_stride, mask += mask_stride) {
            __m128i a = _mm_loadu_si128((const __m128i *)mask);
            __m128i b = _mm_loadu_si128((const __m128i *)acc);
            _mm_storeu_si128((__m128i *)acc, _mm_adds_epu8(a, b));
        }
        return;
    }
    for (size_t y = 0; y < rows; y++, acc += acc_stride, mask += mask_stride) {
        for (size_t x = 0; x < width16; x += 16) {
            __m128i a = _mm_loadu_si128((const __m128i *)(mask + x));
            __m128i b = _mm_loadu_si128((const __m128i *)(acc + x));
            _mm_storeu_si128((__m128i *)(acc + x), _mm_adds_epu8(a, b));
        }
    }
}

size_t oc_first_nonzero(const uint8_t *p, size_t n) {
    size_t i = 0;
    const __m128i z = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        unsigned zeros = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), z));
        if (zeros != 0xFFFF) return i + (size_t)__builtin_ctz(~zeros & 0xFFFF);
    }
    for (; i < n; i++) if (p[i]) return i;
    return n;
}

size_t oc_end_nonzero(const uint8_t *p, size_t n) {
    size_t i = n;
    const __m128i z = _mm_setzero_si128();
    for (; i >= 16; i -= 16) {
        unsigned zeros = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i - 16)), z));
        if (zeros != 0xFFFF) return i - 16 + 32 - (size_t)__builtin_clz(~zeros & 0xFFFF);
    }
    for (; i > 0; i--) if (p[i - 1]) return i;
    return 0;
}
