#ifndef OPENCANVAS_ENGINE_SUPPORT_H
#define OPENCANVAS_ENGINE_SUPPORT_H

#include <stdint.h>

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

#endif
