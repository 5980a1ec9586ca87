// CX11: the few Xlib calls the window host needs, behind plain C functions (Xlib's
// macros and unions are awkward from Swift). One window per display connection.
#pragma once
#include <stdint.h>
#include <poll.h>

typedef struct oc_x11 oc_x11;

enum oc_event_kind {
    OC_EVENT_NONE = 0,      // the timeout passed
    OC_EVENT_EXPOSE = 1,
    OC_EVENT_RESIZE = 2,    // width, height in pixels
    OC_EVENT_DOWN = 3,      // x, y, button
    OC_EVENT_UP = 4,
    OC_EVENT_MOVE = 5,      // x, y, buttons held (bit 0: left)
    OC_EVENT_CLOSE = 6,     // the close button or Escape
    OC_EVENT_WAKE = 7,      // `wake_fd` became readable (its bytes are drained)
    OC_EVENT_LEAVE = 8,     // the pointer left the window
    OC_EVENT_KEY_DOWN = 9,  // keysym, modifiers, text (UTF-8)
    OC_EVENT_KEY_UP = 10,
    OC_EVENT_EXTERNAL = 11, // one of the extra descriptors is ready (their revents are set)
};

typedef struct {
    int32_t kind;
    int32_t x, y;
    int32_t width, height;
    int32_t button;
    uint32_t keysym;
    /// Bit 0 Shift, 1 Control, 2 Alt (Mod1), 3 Super (Mod4), 4 Caps Lock.
    uint32_t modifiers;
    /// What the key types, UTF-8, NUL-terminated (empty for function keys):
    /// through the input method (Xutf8LookupString) when there is one.
    char text[32];
} oc_event;

/// Opens the display (NULL: $DISPLAY) and a window of `width × height` pixels;
/// NULL when there is no display.
oc_x11 *oc_x11_open(const char *display, int32_t width, int32_t height, const char *title);
void oc_x11_close(oc_x11 *x);
/// Whether the connection to the X server was lost (the window is then closed).
int32_t oc_x11_is_dead(oc_x11 *x);
/// Pixels per point from the X resources' Xft.dpi (96 dpi = 1), else 1.
double oc_x11_scale(oc_x11 *x);
/// Whether MIT-SHM is in use for presenting frames.
int32_t oc_x11_uses_shm(oc_x11 *x);
/// Presents premultiplied RGBA pixels (composited over white), `width × height`.
void oc_x11_present(oc_x11 *x, const uint8_t *rgba, int32_t width, int32_t height);
/// Waits up to `timeout_ms` (-1: for ever) for the next event of the window, or
/// for `wake_fd` (if ≥ 0) to become readable.
int32_t oc_x11_next_event(oc_x11 *x, int32_t timeout_ms, int32_t wake_fd, oc_event *event);
/// `oc_x11_next_event`, also waking for up to 16 more descriptors (another
/// connection's: D-Bus); their `revents` are written back.
int32_t oc_x11_next_event_polling(oc_x11 *x, int32_t timeout_ms, int32_t wake_fd, struct pollfd *extra, int32_t extra_count,
                                  oc_event *event);
/// The window's top-left corner on the screen, in pixels; 0 when unknown.
int32_t oc_x11_window_origin(oc_x11 *x, int32_t *screen_x, int32_t *screen_y);
/// Reads the window's pixels back as opaque RGBA (tests); returns 0 on failure.
int32_t oc_x11_capture(oc_x11 *x, uint8_t *rgba, int32_t width, int32_t height);
/// Sends the window a button press and release at (x, y) (tests).
void oc_x11_send_click(oc_x11 *x, int32_t px, int32_t py);
/// Sends a press at (x0, y0), `steps` moves with the button held to (x1, y1), and a release (tests).
void oc_x11_send_drag(oc_x11 *x, int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t steps);
/// Sends a pointer move with no button held to (x, y), or (negative x) the
/// pointer leaving the window (tests).
void oc_x11_send_hover(oc_x11 *x, int32_t px, int32_t py);
/// Sends the window a key press and release of `keysym` with `modifiers` (the
/// bits of `oc_event.modifiers`) (tests).
void oc_x11_send_key(oc_x11 *x, uint32_t keysym, uint32_t modifiers);
/// Sends the window an Escape key press (tests).
void oc_x11_send_escape(oc_x11 *x);
/// Asks the window to take a new size (the resize event follows).
void oc_x11_resize(oc_x11 *x, int32_t width, int32_t height);
/// Sends the window the window manager's close message (tests).
void oc_x11_send_close(oc_x11 *x);
