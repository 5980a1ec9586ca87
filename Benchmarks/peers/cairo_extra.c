/* cairo_extra.c - Cairo peer for canvas-bench's Radial style (our addition to
 * SCENES.md): FillRectU, FillCircle and FillPolyNZi10 filled with a radial gradient
 * from the box's centre, radius 0 to half the box's width, stops (0, c0) (0.5, c1)
 * (1, c2), pad; the Linear style's shapes and colours. Cairo has no conic gradient.
 * Build: gcc -O2 -ffp-contract=off -I BENCH_DIR cairo_extra.c $(pkg-config --cflags --libs cairo) -lm
 */
#include "scenes.h"
#include <cairo.h>

static void add_stop(cairo_pattern_t* p, double off, uint32_t c) {
  cairo_pattern_add_color_stop_rgba(p, off, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0,
                                    (c & 255) / 255.0, (c >> 24) / 255.0);
}

static void draw_all(cairo_t* cr, sc_test test, const sc_shape* shapes, int n) {
  for (int i = 0; i < n; i++) {
    const sc_shape* sh = &shapes[i];
    double cx = sh->x + 0.5 * sh->w, cy = sh->y + 0.5 * sh->h;
    cairo_pattern_t* p = cairo_pattern_create_radial(cx, cy, 0, cx, cy, 0.5 * sh->w);
    add_stop(p, 0.0, sh->c[0]); add_stop(p, 0.5, sh->c[1]); add_stop(p, 1.0, sh->c[2]);
    cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD);
    cairo_set_source(cr, p);
    cairo_pattern_destroy(p);
    if (test == SC_FILL_RECT_U) {
      cairo_rectangle(cr, sh->x, sh->y, sh->w, sh->h);
    } else if (test == SC_FILL_CIRCLE) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, sh->x + sh->r, sh->y + sh->r, sh->r, 0, 2 * M_PI);
    } else {
      cairo_move_to(cr, sh->pts[0], sh->pts[1]);
      for (int p2 = 1; p2 < sh->npts; p2++) cairo_line_to(cr, sh->pts[2 * p2], sh->pts[2 * p2 + 1]);
      cairo_close_path(cr);
    }
    cairo_fill(cr);
  }
}

int main(void) {
  const char* flt = getenv("BENCH_FILTER");
  const char* r = getenv("BENCH_REPEATS");
  int reps = r ? atoi(r) : 5;
  if (reps < 1) reps = 1;
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SC_CANVAS_W, SC_CANVAS_H);
  cairo_t* cr = cairo_create(surface);
  cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
  sc_test tests[3] = { SC_FILL_RECT_U, SC_FILL_CIRCLE, SC_FILL_POLY_NZ10 };
  for (int t = 0; t < 3; t++) {
    char key[64];
    snprintf(key, sizeof key, "%s/Radial", sc_test_names[tests[t]]);
    if (flt && *flt && !strstr(key, flt)) continue;
    for (int si = 0; si < SC_SIZE_COUNT; si++) {
      int s = sc_sizes[si], n = sc_count_scaled(si);
      sc_shape* shapes = malloc(sizeof(sc_shape) * (size_t)n);
      uint64_t hash = sc_generate(tests[t], SC_LINEAR, s, n, shapes);
      double* times = malloc(sizeof(double) * (size_t)reps);
      for (int rep = 0; rep <= reps; rep++) {
        cairo_save(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
        cairo_paint(cr);
        cairo_restore(cr);
        cairo_surface_flush(surface);
        double t0 = sc_now_ns();
        draw_all(cr, tests[t], shapes, n);
        cairo_surface_flush(surface);
        double t1 = sc_now_ns();
        if (rep > 0) times[rep - 1] = (t1 - t0) / n;
      }
      qsort(times, (size_t)reps, sizeof(double), sc_cmp_double);
      printf("cairo,%s,Radial,%d,%d,%.1f,%.1f,%016llx\n", sc_test_names[tests[t]], s, n, times[reps / 2], times[0],
             (unsigned long long)hash);
      fflush(stdout);
      free(times);
      free(shapes);
    }
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
