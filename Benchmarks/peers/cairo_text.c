/* cairo_text.c - Cairo peer for canvas-bench's text cell, "Text/Solid": labels drawn
 * and re-drawn (our addition to SCENES.md; the Swift side is Tools/Bench/Text.swift).
 *
 * The cell (both sides define it exactly like this):
 *   - Canvas 1024 x 1024 px, ARGB32 premultiplied, cleared to transparent before every
 *     repetition (the clear is outside the timer).
 *   - 2,000 labels of 12 characters (BENCH_COUNT_SCALE does not apply). RNG: SplitMix64
 *     (scenes.h's sc_u64 / sc_f64 / sc_u32) seeded with state 0x54455854 ("TEXT"). For
 *     each label in order: 12 characters, each alphabet[sc_u32 % 63] with alphabet =
 *     "A-Z a-z 0-9" followed by a space (63 characters); then the baseline origin
 *     x = sc_f64 * 900, y = 16 + sc_f64 * 1000; then the colour
 *     0xFF000000 | (sc_u32 & 0xFFFFFF) (opaque ARGB).
 *   - Scene hash: FNV-1a style as scenes.h (offset basis 0xCBF29CE484222325), per label:
 *     sc_hash_word of each of its 12 bytes, sc_hash_f64 of x then y, sc_hash_word of the
 *     colour.
 *   - Font: family "Inter", regular weight (FC_WEIGHT_REGULAR), upright, found through
 *     fontconfig (fontconfig's "sans-serif" with a note on stderr when Inter is not
 *     installed), 13 px (1 pt = 1 px), grayscale antialiasing, no hinting
 *     (CAIRO_HINT_STYLE_NONE), hint metrics off, through FreeType.
 *   - Each label: cairo_move_to(x, y) (the baseline origin) + cairo_show_text, source-over,
 *     solid colour.
 *   - Timing: one warm-up repetition (it fills the glyph caches: "drawn and re-drawn"),
 *     then BENCH_REPEATS (default 5) timed repetitions, each drawing all 2,000 labels and
 *     then cairo_surface_flush; ns per label; prints
 *     cairo,Text,Solid,13,2000,<median>,<min>,<hash>
 *   - BENCH_FILTER: substring of the key "Text/Solid". BENCH_SAVE_DIR: PNG of the final
 *     canvas as cairo-Text-Solid-13.png.
 *
 * Note: cairo_show_text is Cairo's "toy" text API: one glyph per character from the
 * cmap, no shaping (no kerning), and (Cairo < 1.17.6) glyph origins rounded to whole
 * pixels, so each glyph is rasterized once and then composited from the cache.
 *
 * Build: gcc -O2 -ffp-contract=off -I BENCH_DIR cairo_text.c \
 *          $(pkg-config --cflags --libs cairo fontconfig freetype2) -lm
 */
#include "scenes.h"
#include <cairo.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <strings.h>

#define TX_COUNT 2000
#define TX_LEN 12
#define TX_SIZE 13
#define TX_SEED 0x54455854ull

static const char tx_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ";

typedef struct {
  char text[TX_LEN + 1];
  double x, y;     /* baseline origin */
  uint32_t c;      /* opaque 0xAARRGGBB */
} tx_label;

static uint64_t tx_generate(tx_label* out) {
  sc_rng R = { TX_SEED };
  uint64_t h = 0xCBF29CE484222325ull;
  for (int i = 0; i < TX_COUNT; i++) {
    tx_label* l = &out[i];
    for (int k = 0; k < TX_LEN; k++) l->text[k] = tx_alphabet[sc_u32(&R) % 63];
    l->text[TX_LEN] = 0;
    l->x = sc_f64(&R) * 900.0;
    l->y = 16.0 + sc_f64(&R) * 1000.0;
    l->c = 0xFF000000u | (sc_u32(&R) & 0xFFFFFFu);
    for (int k = 0; k < TX_LEN; k++) h = sc_hash_word(h, (uint64_t)(unsigned char)l->text[k]);
    h = sc_hash_f64(h, l->x);
    h = sc_hash_f64(h, l->y);
    h = sc_hash_word(h, (uint64_t)l->c);
  }
  return h;
}

/* fontconfig's best match for family (regular, upright); returns a new pattern, or NULL. */
static FcPattern* tx_match(const char* family) {
  FcPattern* p = FcPatternCreate();
  FcPatternAddString(p, FC_FAMILY, (const FcChar8*)family);
  FcPatternAddInteger(p, FC_WEIGHT, FC_WEIGHT_REGULAR);
  FcPatternAddInteger(p, FC_SLANT, FC_SLANT_ROMAN);
  FcConfigSubstitute(NULL, p, FcMatchPattern);
  FcDefaultSubstitute(p);
  FcResult res = FcResultNoMatch;
  FcPattern* m = FcFontMatch(NULL, p, &res);
  FcPatternDestroy(p);
  return m;
}

/* The Inter face (or sans-serif's), as a pattern naming only its file and index plus
 * the rendering options, so that fontconfig's configuration (hinting, LCD filter,
 * embolden...) cannot change what Cairo renders. */
static cairo_font_face_t* tx_font_face(void) {
  FcPattern* m = tx_match("Inter");
  FcChar8* fam = NULL;
  if (!m || FcPatternGetString(m, FC_FAMILY, 0, &fam) != FcResultMatch || strncasecmp((const char*)fam, "Inter", 5) != 0) {
    fprintf(stderr, "cairo_text: note: Inter is not installed; using fontconfig's sans-serif\n");
    if (m) FcPatternDestroy(m);
    m = tx_match("sans-serif");
  }
  FcChar8* file = NULL;
  int index = 0;
  if (!m || FcPatternGetString(m, FC_FILE, 0, &file) != FcResultMatch) {
    fprintf(stderr, "cairo_text: no font found\n");
    exit(1);
  }
  FcPatternGetInteger(m, FC_INDEX, 0, &index);
  fam = NULL;
  FcPatternGetString(m, FC_FAMILY, 0, &fam);
  fprintf(stderr, "cairo_text: font %s (index %d, family %s)\n", (const char*)file, index, fam ? (const char*)fam : "?");
  FcPattern* q = FcPatternCreate();
  FcPatternAddString(q, FC_FILE, file);
  FcPatternAddInteger(q, FC_INDEX, index);
  FcPatternAddBool(q, FC_ANTIALIAS, FcTrue);
  FcPatternAddBool(q, FC_HINTING, FcFalse);
  FcPatternAddInteger(q, FC_HINT_STYLE, FC_HINT_NONE);
  FcPatternAddInteger(q, FC_RGBA, FC_RGBA_NONE);
  FcPatternDestroy(m);
  cairo_font_face_t* face = cairo_ft_font_face_create_for_pattern(q);
  FcPatternDestroy(q);  /* Cairo keeps its own copy */
  return face;
}

static void draw_all(cairo_t* cr, const tx_label* labels, int n) {
  for (int i = 0; i < n; i++) {
    const tx_label* l = &labels[i];
    uint32_t c = l->c;
    cairo_set_source_rgba(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0,
                          (c >> 24) / 255.0);
    cairo_move_to(cr, l->x, l->y);
    cairo_show_text(cr, l->text);
  }
}

int main(void) {
  if (!sc_selected("Text", "Solid")) return 0;
  int reps = sc_repeats();
  tx_label* labels = malloc(sizeof(tx_label) * TX_COUNT);
  uint64_t hash = tx_generate(labels);

  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SC_CANVAS_W, SC_CANVAS_H);
  cairo_t* cr = cairo_create(surface);
  cairo_font_face_t* face = tx_font_face();
  cairo_set_font_face(cr, face);
  cairo_set_font_size(cr, TX_SIZE);
  cairo_font_options_t* fo = cairo_font_options_create();
  cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cr, fo);
  cairo_font_options_destroy(fo);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);

  double* times = malloc(sizeof(double) * (size_t)reps);
  for (int rep = 0; rep <= reps; rep++) {
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_flush(surface);
    double t0 = sc_now_ns();
    draw_all(cr, labels, TX_COUNT);
    cairo_surface_flush(surface);
    double t1 = sc_now_ns();
    if (rep > 0) times[rep - 1] = (t1 - t0) / TX_COUNT;
  }
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
    fprintf(stderr, "cairo_text: cairo error: %s\n", cairo_status_to_string(cairo_status(cr)));
  qsort(times, (size_t)reps, sizeof(double), sc_cmp_double);
  printf("cairo,Text,Solid,%d,%d,%.1f,%.1f,%016llx\n", TX_SIZE, TX_COUNT, times[reps / 2], times[0],
         (unsigned long long)hash);
  fflush(stdout);

  const char* dir = getenv("BENCH_SAVE_DIR");
  if (dir && *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cairo-Text-Solid-%d.png", dir, TX_SIZE);
    cairo_status_t st = cairo_surface_write_to_png(surface, path);
    if (st != CAIRO_STATUS_SUCCESS) fprintf(stderr, "cairo_text: %s: %s\n", path, cairo_status_to_string(st));
  }

  free(times);
  cairo_destroy(cr);
  cairo_font_face_destroy(face);
  cairo_surface_destroy(surface);
  free(labels);
  return 0;
}
