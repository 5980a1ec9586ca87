#ifndef OPENCANVAS_JPEG_H
#define OPENCANVAS_JPEG_H

#include <stddef.h>
#include <stdint.h>

// JPEG decoding and encoding through libjpeg(-turbo). libjpeg reports errors by
// calling an exit routine; these wrappers catch them with setjmp inside C, so no
// jump ever crosses Swift frames. Each returns 0 on success, or an error code with
// libjpeg's message copied into `message` (at most 199 bytes and a NUL).

enum {
    OC_JPEG_OK = 0,
    OC_JPEG_ERROR = 1,        // libjpeg rejected the data
    OC_JPEG_TOO_LARGE = 2,    // the header's size exceeds the limits
    OC_JPEG_NO_MEMORY = 3,
};

/// Reads the header only: width and height.
int oc_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char message[200]);

/// Decodes into `rgba` (width·height·4 bytes, straight RGBA, alpha 255), after
/// checking width, height and width·height against the limits; `rgba` must hold
/// exactly the header's size (call `oc_jpeg_size` first).
int oc_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels,
                   uint8_t *rgba, uint32_t width, uint32_t height, char message[200]);

/// Encodes straight RGBA (alpha ignored) at `quality` 1…100 into a buffer that
/// libjpeg allocates; free it with `oc_jpeg_free`.
int oc_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                   uint8_t **out, size_t *out_size, char message[200]);
void oc_jpeg_free(uint8_t *buffer);

#endif
