// JPEG through libjpeg-turbo, with errors caught by setjmp here (see CJPEG.h).

#include "CJPEG.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    int ended_early;   // libjpeg ran out of data (JWRN_JPEG_EOF) and made up the rest
} error_manager;

static void on_error(j_common_ptr info) {
    error_manager *e = (error_manager *)info->err;
    if (e->message) (*info->err->format_message)(info, e->message);
    longjmp(e->jump, 1);
}

// Warnings (corrupt but recoverable data) are ignored, as most decoders do.
static void on_message(j_common_ptr info) { (void)info; }

// A warning that the file ended before its image did is noted: the decode loop
// stops there, rather than decoding the missing rows from nothing. A 500-byte file
// that claims 16384 × 16384 pixels otherwise made libjpeg work for seconds
// (found by the image-decode fuzz target).
static void on_emit(j_common_ptr info, int level) {
    error_manager *e = (error_manager *)info->err;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) e->ended_early = 1;
}

int oc_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char message[200]) {
    struct jpeg_decompress_struct d;
    error_manager e;
    message[0] = 0;
    d.err = jpeg_std_error(&e.base);
    e.base.error_exit = on_error;
    e.base.output_message = on_message;
    e.message = message;
    if (setjmp(e.jump)) {
        jpeg_destroy_decompress(&d);
        return OC_JPEG_ERROR;
    }
    jpeg_create_decompress(&d);
    jpeg_mem_src(&d, data, (unsigned long)size);
    jpeg_read_header(&d, TRUE);
    *width = d.image_width;
    *height = d.image_height;
    jpeg_destroy_decompress(&d);
    return OC_JPEG_OK;
}

int oc_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels,
                   uint8_t *rgba, uint32_t width, uint32_t height, char message[200]) {
    struct jpeg_decompress_struct d;
    error_manager e;
    message[0] = 0;
    d.err = jpeg_std_error(&e.base);
    e.base.error_exit = on_error;
    e.base.output_message = on_message;
    e.base.emit_message = on_emit;
    e.message = message;
    e.ended_early = 0;
    if (setjmp(e.jump)) {
        jpeg_destroy_decompress(&d);
        return OC_JPEG_ERROR;
    }
    jpeg_create_decompress(&d);
    jpeg_mem_src(&d, data, (unsigned long)size);
    jpeg_read_header(&d, TRUE);
    if (d.image_width == 0 || d.image_height == 0 || d.image_width > max_dimension || d.image_height > max_dimension
        || (uint64_t)d.image_width * d.image_height > max_pixels) {
        jpeg_destroy_decompress(&d);
        return OC_JPEG_TOO_LARGE;
    }
    if (d.image_width != width || d.image_height != height) {
        snprintf(message, 200, "the image changed size between reads");
        jpeg_destroy_decompress(&d);
        return OC_JPEG_ERROR;
    }
    // libjpeg-turbo converts grey and YCbCr to RGBA itself; CMYK and YCCK come out
    // as CMYK and are converted below.
    int cmyk = d.jpeg_color_space == JCS_CMYK || d.jpeg_color_space == JCS_YCCK;
    d.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    // Bound libjpeg's own working memory (progressive images keep coefficients).
    d.mem->max_memory_to_use = 512L * 1024 * 1024;
    jpeg_start_decompress(&d);
    if (d.output_width != width || d.output_height != height || d.output_components != 4) {
        snprintf(message, 200, "unexpected output format");
        jpeg_destroy_decompress(&d);
        return OC_JPEG_ERROR;
    }
    // A sequential file that ends early stops at the last row it had; the rows after
    // it stay transparent (the caller's buffer is zeroed). A progressive one has read
    // all its data by now and draws what its scans gave.
    int progressive = jpeg_has_multiple_scans(&d);
    while (d.output_scanline < d.output_height) {
        if (e.ended_early && !progressive) {
            jpeg_abort_decompress(&d);
            jpeg_destroy_decompress(&d);
            return OC_JPEG_OK;
        }
        JSAMPROW row = rgba + (size_t)d.output_scanline * width * 4;
        if (jpeg_read_scanlines(&d, &row, 1) != 1) break;
        if (cmyk) {
            // Adobe writes CMYK inverted (255 = no ink); others plain.
            for (uint32_t x = 0; x < width; x++) {
                uint8_t *p = row + 4 * x;
                unsigned c = p[0], m = p[1], y = p[2], k = p[3];
                if (!d.saw_Adobe_marker) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                p[0] = (uint8_t)((c * k + 127) / 255);
                p[1] = (uint8_t)((m * k + 127) / 255);
                p[2] = (uint8_t)((y * k + 127) / 255);
                p[3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&d);
    jpeg_destroy_decompress(&d);
    return OC_JPEG_OK;
}

int oc_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                   uint8_t **out, size_t *out_size, char message[200]) {
    struct jpeg_compress_struct c;
    error_manager e;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    c.err = jpeg_std_error(&e.base);
    e.base.error_exit = on_error;
    e.base.output_message = on_message;
    e.message = message;
    if (setjmp(e.jump)) {
        jpeg_destroy_compress(&c);
        free(buffer);
        return OC_JPEG_ERROR;
    }
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, &buffer, &length);
    c.image_width = width;
    c.image_height = height;
    c.input_components = 4;
    c.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)c.next_scanline * width * 4);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    *out = buffer;
    *out_size = length;
    return OC_JPEG_OK;
}

void oc_jpeg_free(uint8_t *buffer) { free(buffer); }
