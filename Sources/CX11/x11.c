#include "cx11.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xresource.h>
#include <X11/extensions/XShm.h>
#include <X11/keysym.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <poll.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

struct oc_x11 {
    Display *display;
    Window window;
    GC gc;
    Atom wm_delete;
    int width, height;
    XImage *image;
    XShmSegmentInfo shm;
    int use_shm;
    volatile int dead;      // the connection to the server was lost
    // The input method and its context: key presses become text through them
    // (Xutf8LookupString: compose sequences, dead keys, an input method set by
    // XMODIFIERS). NULL when the server or locale offers none.
    XIM im;
    XIC ic;
};

// Xlib reports protocol errors asynchronously through one process-wide handler:
// ignore them (a closed window, a failed request), except that an attach of
// shared memory that fails (a remote display) turns MIT-SHM off.
static volatile int shm_attach_failed = 0;
static int ignore_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }
static int note_attach_error(Display *d, XErrorEvent *e) { (void)d; (void)e; shm_attach_failed = 1; return 0; }
static int quiet_io_error(Display *d) { (void)d; return 0; }
static void connection_lost(Display *d, void *user) { (void)d; ((oc_x11 *)user)->dead = 1; }

oc_x11 *oc_x11_open(const char *name, int32_t width, int32_t height, const char *title) {
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) return NULL;
    Display *d = XOpenDisplay(name);
    if (!d) return NULL;
    XSetErrorHandler(ignore_errors);
    XSetIOErrorHandler(quiet_io_error);
    int screen = DefaultScreen(d);
    oc_x11 *x = calloc(1, sizeof *x);
    if (!x) { XCloseDisplay(d); return NULL; }
    // A lost connection (the server went away) ends the window instead of the
    // process: Xlib's default exit handler would call exit(1).
    XSetIOErrorExitHandler(d, connection_lost, x);
    x->display = d;
    x->width = width; x->height = height;
    x->window = XCreateSimpleWindow(d, RootWindow(d, screen), 0, 0, (unsigned)width, (unsigned)height, 0,
                                    BlackPixel(d, screen), WhitePixel(d, screen));
    XStoreName(d, x->window, title ? title : "OpenCanvas");
    XSelectInput(d, x->window, ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask |
                               LeaveWindowMask | KeyPressMask | KeyReleaseMask | StructureNotifyMask | FocusChangeMask);
    XSetLocaleModifiers("");
    x->im = XOpenIM(d, NULL, NULL, NULL);
    if (x->im) {
        x->ic = XCreateIC(x->im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, x->window,
                          XNFocusWindow, x->window, NULL);
        if (x->ic) XSetICFocus(x->ic);
    }
    x->wm_delete = XInternAtom(d, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(d, x->window, &x->wm_delete, 1);
    x->gc = XCreateGC(d, x->window, 0, NULL);
    x->use_shm = XShmQueryExtension(d) && getenv("OPENCANVAS_NO_SHM") == NULL;
    XMapWindow(d, x->window);
    XFlush(d);
    return x;
}

static void free_image(oc_x11 *x) {
    if (!x->image) return;
    if (x->use_shm && x->shm.shmaddr) {
        XShmDetach(x->display, &x->shm);
        XDestroyImage(x->image);
        shmdt(x->shm.shmaddr);
        x->shm.shmaddr = NULL;
    } else {
        XDestroyImage(x->image);
    }
    x->image = NULL;
}

void oc_x11_close(oc_x11 *x) {
    if (!x) return;
    if (!x->dead) {
        free_image(x);
        if (x->ic) XDestroyIC(x->ic);
        if (x->im) XCloseIM(x->im);
        XFreeGC(x->display, x->gc);
        XDestroyWindow(x->display, x->window);
    } else if (x->image) {
        // The server is gone: only our side of the image is freed.
        if (x->use_shm && x->shm.shmaddr) shmdt(x->shm.shmaddr);
        x->image->data = x->use_shm ? NULL : x->image->data;
        XDestroyImage(x->image);
    }
    XCloseDisplay(x->display);
    free(x);
}

int32_t oc_x11_is_dead(oc_x11 *x) { return x->dead; }

double oc_x11_scale(oc_x11 *x) {
    char *resources = XResourceManagerString(x->display);
    if (!resources) return 1;
    XrmInitialize();
    XrmDatabase db = XrmGetStringDatabase(resources);
    if (!db) return 1;
    char *type = NULL;
    XrmValue value;
    double scale = 1;
    if (XrmGetResource(db, "Xft.dpi", "Xft.Dpi", &type, &value) && value.addr) {
        double dpi = atof(value.addr);
        if (dpi >= 48 && dpi <= 960) scale = dpi / 96.0;
    }
    XrmDestroyDatabase(db);
    return scale;
}

int32_t oc_x11_uses_shm(oc_x11 *x) { return x->use_shm; }

static int make_image(oc_x11 *x, int width, int height) {
    Display *d = x->display;
    Visual *visual = DefaultVisual(d, DefaultScreen(d));
    int depth = DefaultDepth(d, DefaultScreen(d));
    if (x->use_shm) {
        x->image = XShmCreateImage(d, visual, (unsigned)depth, ZPixmap, NULL, &x->shm, (unsigned)width, (unsigned)height);
        if (x->image) {
            x->shm.shmid = shmget(IPC_PRIVATE, (size_t)x->image->bytes_per_line * (size_t)height, IPC_CREAT | 0600);
            if (x->shm.shmid >= 0) {
                x->shm.shmaddr = x->image->data = shmat(x->shm.shmid, NULL, 0);
                x->shm.readOnly = False;
                int attached = 0;
                if (x->shm.shmaddr != (char *)-1) {
                    shm_attach_failed = 0;
                    XSetErrorHandler(note_attach_error);
                    attached = XShmAttach(d, &x->shm);
                    XSync(d, False);
                    XSetErrorHandler(ignore_errors);
                    attached = attached && !shm_attach_failed;
                }
                // Marked for removal now: it goes when the last process detaches.
                shmctl(x->shm.shmid, IPC_RMID, NULL);
                if (attached) return 1;
                if (x->shm.shmaddr != (char *)-1) shmdt(x->shm.shmaddr);
                x->shm.shmaddr = NULL;
            }
            x->image->data = NULL;
            XDestroyImage(x->image);
            x->image = NULL;
        }
        x->use_shm = 0;   // fall back to XPutImage
    }
    x->image = XCreateImage(d, visual, (unsigned)depth, ZPixmap, 0, NULL, (unsigned)width, (unsigned)height, 32, 0);
    if (!x->image) return 0;
    x->image->data = malloc((size_t)x->image->bytes_per_line * (size_t)height);
    if (!x->image->data) { XDestroyImage(x->image); x->image = NULL; return 0; }
    return 1;
}

/// An 8-bit channel value scaled into a visual's mask.
static unsigned long channel(unsigned v, unsigned long mask) {
    if (!mask) return 0;
    int shift = 0;
    while (!((mask >> shift) & 1)) shift++;
    unsigned long max = mask >> shift;
    return ((v * max + 127) / 255) << shift;
}

void oc_x11_present(oc_x11 *x, const uint8_t *rgba, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0 || x->dead) return;
    if (!x->image || x->image->width != width || x->image->height != height) {
        free_image(x);
        if (!make_image(x, width, height)) return;
    }
    XImage *img = x->image;
    // The common TrueColor layout (32 bits per pixel, 8-bit red, green, blue)
    // is written directly; any other goes through XPutPixel.
    int direct = img->bits_per_pixel == 32 && img->red_mask == 0xff0000 && img->green_mask == 0xff00 &&
                 img->blue_mask == 0xff;
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(img->data + (size_t)y * (size_t)img->bytes_per_line);
        const uint8_t *src = rgba + (size_t)y * (size_t)width * 4;
        for (int i = 0; i < width; i++) {
            // Premultiplied over white: c + (255 − a).
            unsigned a = src[4 * i + 3], inv = 255 - a;
            unsigned r = src[4 * i] + inv, g = src[4 * i + 1] + inv, b = src[4 * i + 2] + inv;
            r = r > 255 ? 255 : r; g = g > 255 ? 255 : g; b = b > 255 ? 255 : b;
            if (direct) {
                row[i] = r << 16 | g << 8 | b;
            } else {
                XPutPixel(img, i, y, channel(r, img->red_mask) | channel(g, img->green_mask) | channel(b, img->blue_mask));
            }
        }
    }
    if (x->use_shm) {
        XShmPutImage(x->display, x->window, x->gc, img, 0, 0, 0, 0, (unsigned)width, (unsigned)height, False);
    } else {
        XPutImage(x->display, x->window, x->gc, img, 0, 0, 0, 0, (unsigned)width, (unsigned)height);
    }
    XSync(x->display, False);
}

/// `cp` as UTF-8 into `out` (8 bytes), NUL-terminated; empty for 0 or an
/// impossible code point.
static void utf8(uint32_t cp, char *out) {
    memset(out, 0, 8);
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return;
    if (cp < 0x80) { out[0] = (char)cp; return; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12)); out[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[2] = (char)(0x80 | (cp & 0x3F));
        return;
    }
    out[0] = (char)(0xF0 | (cp >> 18)); out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[3] = (char)(0x80 | (cp & 0x3F));
}

int32_t oc_x11_next_event(oc_x11 *x, int32_t timeout_ms, int32_t wake_fd, oc_event *out) {
    return oc_x11_next_event_polling(x, timeout_ms, wake_fd, NULL, 0, out);
}

int32_t oc_x11_next_event_polling(oc_x11 *x, int32_t timeout_ms, int32_t wake_fd, struct pollfd *extra, int32_t extra_count,
                                  oc_event *out) {
    memset(out, 0, sizeof *out);
    Display *d = x->display;
    if (x->dead) { out->kind = OC_EVENT_CLOSE; return OC_EVENT_CLOSE; }
    if (extra_count < 0 || !extra) extra_count = 0;
    if (extra_count > 16) extra_count = 16;
    if (!XPending(d)) {
        struct pollfd p[18] = { { .fd = ConnectionNumber(d), .events = POLLIN }, { .fd = wake_fd, .events = POLLIN } };
        for (int32_t i = 0; i < extra_count; i++) { p[2 + i] = extra[i]; p[2 + i].revents = 0; }
        // A missing wake descriptor is skipped by poll (negative fd).
        if (poll(p, (nfds_t)(2 + extra_count), timeout_ms) <= 0) return OC_EVENT_NONE;
        int external = 0;
        for (int32_t i = 0; i < extra_count; i++) { extra[i].revents = p[2 + i].revents; external |= p[2 + i].revents != 0; }
        if (external) { out->kind = OC_EVENT_EXTERNAL; return OC_EVENT_EXTERNAL; }
        if (wake_fd >= 0 && (p[1].revents & POLLIN)) {
            char drain[64];
            while (read(wake_fd, drain, sizeof drain) == (ssize_t)sizeof drain) {}
            out->kind = OC_EVENT_WAKE;
            return OC_EVENT_WAKE;
        }
        if (!XPending(d)) {
            // Readable but nothing queued: the server may have gone.
            if (x->dead || (p[0].revents & (POLLHUP | POLLERR))) { x->dead = 1; out->kind = OC_EVENT_CLOSE; }
            return out->kind;
        }
    }
    if (x->dead) { out->kind = OC_EVENT_CLOSE; return OC_EVENT_CLOSE; }
    XEvent e;
    XNextEvent(d, &e);
    // The input method takes the events it needs (a compose sequence's keys).
    if (XFilterEvent(&e, None)) return OC_EVENT_NONE;
    switch (e.type) {
    case MappingNotify:
        XRefreshKeyboardMapping(&e.xmapping);
        break;
    case FocusIn:
        if (x->ic) XSetICFocus(x->ic);
        break;
    case FocusOut:
        if (x->ic) XUnsetICFocus(x->ic);
        break;
    case Expose:
        out->kind = OC_EVENT_EXPOSE; break;
    case ConfigureNotify:
        if (e.xconfigure.width != x->width || e.xconfigure.height != x->height) {
            x->width = e.xconfigure.width; x->height = e.xconfigure.height;
            out->kind = OC_EVENT_RESIZE;
            out->width = x->width; out->height = x->height;
        }
        break;
    case ButtonPress:
    case ButtonRelease:
        if (e.xbutton.button > 3) break;       // wheel
        out->kind = e.type == ButtonPress ? OC_EVENT_DOWN : OC_EVENT_UP;
        out->x = e.xbutton.x; out->y = e.xbutton.y; out->button = (int32_t)e.xbutton.button;
        break;
    case MotionNotify:
        out->kind = OC_EVENT_MOVE;
        out->x = e.xmotion.x; out->y = e.xmotion.y;
        out->button = (e.xmotion.state & Button1Mask) ? 1 : 0;
        break;
    case LeaveNotify:
        out->kind = OC_EVENT_LEAVE;
        break;
    case KeyPress:
    case KeyRelease: {
        char typed[sizeof out->text] = {0};
        KeySym sym = NoSymbol;
        int length = 0;
        if (e.type == KeyPress && x->ic) {
            // What the key types through the input method, UTF-8.
            Status status = 0;
            length = Xutf8LookupString(x->ic, &e.xkey, typed, (int)sizeof typed - 1, &sym, &status);
            if (status == XBufferOverflow || status == XLookupNone || status == XLookupKeySym) length = 0;
            if (length < 0 || length >= (int)sizeof typed) length = 0;
            typed[length] = 0;
        } else {
            char latin[8] = {0};
            XLookupString(&e.xkey, latin, sizeof latin - 1, &sym, NULL);
        }
        out->kind = e.type == KeyPress ? OC_EVENT_KEY_DOWN : OC_EVENT_KEY_UP;
        out->keysym = (uint32_t)sym;
        unsigned s = e.xkey.state;
        out->modifiers = ((s & ShiftMask) ? 1u : 0u) | ((s & ControlMask) ? 2u : 0u) | ((s & Mod1Mask) ? 4u : 0u) |
                         ((s & Mod4Mask) ? 8u : 0u) | ((s & LockMask) ? 16u : 0u);
        if (length > 0 && (unsigned char)typed[0] >= 0x20 && typed[0] != 0x7F) {
            memcpy(out->text, typed, (size_t)length + 1);
        } else {
            // No input method (or a control character): the character the keysym
            // stands for: Latin-1 keysyms are their code points, Unicode keysyms
            // 0x01000000 + the code point.
            uint32_t cp = 0;
            if ((sym >= 0x20 && sym <= 0x7E) || (sym >= 0xA0 && sym <= 0xFF)) cp = (uint32_t)sym;
            else if ((sym & 0xFF000000u) == 0x01000000u) cp = (uint32_t)sym & 0x00FFFFFFu;
            utf8(cp, out->text);
        }
        break;
    }
    case ClientMessage:
        if ((Atom)e.xclient.data.l[0] == x->wm_delete) out->kind = OC_EVENT_CLOSE;
        break;
    default:
        break;
    }
    return out->kind;
}

int32_t oc_x11_capture(oc_x11 *x, uint8_t *rgba, int32_t width, int32_t height) {
    if (x->dead) return 0;
    XImage *img = XGetImage(x->display, x->window, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    if (!img) return 0;
    for (int y = 0; y < height; y++) {
        for (int i = 0; i < width; i++) {
            unsigned long p = XGetPixel(img, i, y);
            uint8_t *q = rgba + ((size_t)y * (size_t)width + (size_t)i) * 4;
            q[0] = (uint8_t)(p >> 16); q[1] = (uint8_t)(p >> 8); q[2] = (uint8_t)p; q[3] = 255;
        }
    }
    XDestroyImage(img);
    return 1;
}

static void send_motion(oc_x11 *x, int px, int py) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.type = MotionNotify;
    e.xmotion.display = x->display;
    e.xmotion.window = x->window;
    e.xmotion.x = px; e.xmotion.y = py;
    e.xmotion.state = Button1Mask;
    e.xmotion.same_screen = True;
    XSendEvent(x->display, x->window, True, PointerMotionMask, &e);
}

static void send_button(oc_x11 *x, int type, int px, int py) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.xbutton.display = x->display;
    e.xbutton.window = x->window;
    e.xbutton.x = px; e.xbutton.y = py;
    e.xbutton.button = Button1;
    e.xbutton.same_screen = True;
    XSendEvent(x->display, x->window, True, type == ButtonPress ? ButtonPressMask : ButtonReleaseMask, &e);
}

void oc_x11_send_click(oc_x11 *x, int32_t px, int32_t py) {
    if (x->dead) return;
    send_button(x, ButtonPress, px, py);
    send_button(x, ButtonRelease, px, py);
    XFlush(x->display);
}

void oc_x11_send_drag(oc_x11 *x, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t steps) {
    if (x->dead) return;
    if (steps < 1) steps = 1;
    if (steps > 1000) steps = 1000;
    send_button(x, ButtonPress, x0, y0);
    for (int i = 1; i <= steps; i++) {
        send_motion(x, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
    }
    send_button(x, ButtonRelease, x1, y1);
    XFlush(x->display);
}

void oc_x11_send_hover(oc_x11 *x, int32_t px, int32_t py) {
    if (x->dead) return;
    XEvent e;
    memset(&e, 0, sizeof e);
    if (px < 0 || py < 0) {
        e.type = LeaveNotify;
        e.xcrossing.display = x->display;
        e.xcrossing.window = x->window;
        e.xcrossing.same_screen = True;
        XSendEvent(x->display, x->window, True, LeaveWindowMask, &e);
    } else {
        e.type = MotionNotify;
        e.xmotion.display = x->display;
        e.xmotion.window = x->window;
        e.xmotion.x = px; e.xmotion.y = py;
        e.xmotion.same_screen = True;
        XSendEvent(x->display, x->window, True, PointerMotionMask, &e);
    }
    XFlush(x->display);
}

void oc_x11_send_key(oc_x11 *x, uint32_t keysym, uint32_t modifiers) {
    if (x->dead) return;
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xkey.display = x->display;
    e.xkey.window = x->window;
    e.xkey.root = DefaultRootWindow(x->display);
    KeyCode code = XKeysymToKeycode(x->display, (KeySym)keysym);
    if (code == 0) {
        // A keysym the keyboard map lacks (é, ж on a US map): bound to a spare
        // keycode first, as a layout with that key would have it.
        int low = 0, high = 0, per = 0;
        XDisplayKeycodes(x->display, &low, &high);
        KeySym *map = XGetKeyboardMapping(x->display, (KeyCode)low, high - low + 1, &per);
        if (map) {
            for (int k = high; k >= low && code == 0; k--) {
                int empty = 1;
                for (int i = 0; i < per; i++) if (map[(k - low) * per + i] != NoSymbol) empty = 0;
                if (empty) code = (KeyCode)k;
            }
            XFree(map);
        }
        if (code != 0) {
            KeySym both[2] = { (KeySym)keysym, (KeySym)keysym };
            XChangeKeyboardMapping(x->display, code, 2, both, 1);
            XSync(x->display, False);
        }
    }
    e.xkey.keycode = code;
    e.xkey.state = ((modifiers & 1u) ? ShiftMask : 0) | ((modifiers & 2u) ? ControlMask : 0) |
                   ((modifiers & 4u) ? Mod1Mask : 0) | ((modifiers & 8u) ? Mod4Mask : 0);
    e.xkey.same_screen = True;
    e.xkey.type = KeyPress;
    XSendEvent(x->display, x->window, True, KeyPressMask, &e);
    e.xkey.type = KeyRelease;
    XSendEvent(x->display, x->window, True, KeyReleaseMask, &e);
    XFlush(x->display);
}

void oc_x11_send_escape(oc_x11 *x) {
    if (x->dead) return;
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xkey.type = KeyPress;
    e.xkey.display = x->display;
    e.xkey.window = x->window;
    e.xkey.root = DefaultRootWindow(x->display);
    e.xkey.keycode = XKeysymToKeycode(x->display, XK_Escape);
    e.xkey.same_screen = True;
    XSendEvent(x->display, x->window, True, KeyPressMask, &e);
    XFlush(x->display);
}

void oc_x11_resize(oc_x11 *x, int32_t width, int32_t height) {
    if (x->dead || width <= 0 || height <= 0 || width > 16384 || height > 16384) return;
    XResizeWindow(x->display, x->window, (unsigned)width, (unsigned)height);
    XFlush(x->display);
}

void oc_x11_send_close(oc_x11 *x) {
    if (x->dead) return;
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = x->window;
    e.xclient.message_type = XInternAtom(x->display, "WM_PROTOCOLS", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)x->wm_delete;
    XSendEvent(x->display, x->window, False, NoEventMask, &e);
    XFlush(x->display);
}

int32_t oc_x11_window_origin(oc_x11 *x, int32_t *screen_x, int32_t *screen_y) {
    *screen_x = 0; *screen_y = 0;
    if (x->dead) return 0;
    int sx = 0, sy = 0;
    Window child;
    if (!XTranslateCoordinates(x->display, x->window, DefaultRootWindow(x->display), 0, 0, &sx, &sy, &child)) return 0;
    *screen_x = sx; *screen_y = sy;
    return 1;
}
