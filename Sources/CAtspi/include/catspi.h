// CAtspi: the window's accessibility tree on AT-SPI2 (the D-Bus protocol Linux
// screen readers such as Orca read), over libdbus-1. The Swift bridge hands over
// the whole tree after each change (`oc_atspi_set_tree`) and the events the
// change makes; this side answers every client call from that copy without
// calling back, and queues what clients ask to be done (actions, values, focus)
// for the Swift side to carry out on the main actor. Single-threaded: call
// everything from the thread that runs the window's event loop.
#pragma once
#include <stdint.h>
#include <poll.h>

typedef struct oc_atspi oc_atspi;

/// One accessible object. Id 0 is the application (made here); the window's
/// frame is id 1, its parent 0; every other node's parent comes before it (the
/// array is in reading order, depth first).
typedef struct {
    uint32_t id;
    uint32_t parent;
    uint32_t role;                // AtspiRole
    uint32_t states[2];           // AtspiStateType bits: state n is bit n % 32 of word n / 32
    int32_t x, y, width, height;  // window pixels
    const char *name;
    const char *description;
    const char *role_name;        // "push button"
    const char *actions;          // action names, each ended by '\n' ("" or NULL: no Action interface)
    const char *attributes;       // "key:value\n"… ("level:1")
    int32_t has_value;            // the Value interface:
    double value, minimum, maximum, increment;
    const char *value_text;
} oc_atspi_node;

enum oc_atspi_request_kind {
    OC_ATSPI_REQUEST_ACTION = 1,  // index: the action's index in the node's list
    OC_ATSPI_REQUEST_SET_VALUE = 2,
    OC_ATSPI_REQUEST_GRAB_FOCUS = 3,
};

typedef struct {
    int32_t kind;
    uint32_t id;
    int32_t index;
    double value;
} oc_atspi_request;

/// How an event's `any_data` is filled.
enum oc_atspi_payload {
    OC_ATSPI_PAYLOAD_NONE = 0,    // i 0
    OC_ATSPI_PAYLOAD_CHILD = 1,   // (so): the object `child`
    OC_ATSPI_PAYLOAD_STRING = 2,  // s: `text`
    OC_ATSPI_PAYLOAD_BOUNDS = 3,  // (iiii): the source's extents on the screen
};

/// Connects to the accessibility bus and registers the application `app_name`
/// with the registry. The bus is found as libatspi finds it: `AT_SPI_BUS_ADDRESS`,
/// else `org.a11y.Bus.GetAddress` on the session bus at `session_address` (NULL:
/// `DBUS_SESSION_BUS_ADDRESS`). NULL, with a reason in `error`, when there is
/// none to reach (no session bus, no AT-SPI installed).
oc_atspi *oc_atspi_open(const char *session_address, const char *app_name, char *error, int32_t error_size);
void oc_atspi_close(oc_atspi *a);
/// Whether the connection is still up.
int32_t oc_atspi_is_connected(oc_atspi *a);
/// Descriptors to wait on (at most `max`); returns their count.
int32_t oc_atspi_poll_fds(oc_atspi *a, struct pollfd *fds, int32_t max);
/// Hands the ready descriptors (from `oc_atspi_poll_fds`, revents set) to libdbus,
/// then answers every call that has arrived. Never blocks.
void oc_atspi_dispatch(oc_atspi *a, const struct pollfd *fds, int32_t count);
/// Replaces the tree (copied). `window_x`, `window_y`: the window's origin on the screen.
void oc_atspi_set_tree(oc_atspi *a, const oc_atspi_node *nodes, int32_t count, int32_t window_x, int32_t window_y);
/// How many requests wait to be taken.
int32_t oc_atspi_pending_requests(oc_atspi *a);
/// Takes the oldest request a client made; 0 when there is none.
int32_t oc_atspi_next_request(oc_atspi *a, oc_atspi_request *request);
/// Sends an event from object `source`: `org.a11y.atspi.Event.<family>.<member>`
/// (family "Object", "Focus", "Window") with (detail, detail1, detail2, any_data, {}).
void oc_atspi_emit(oc_atspi *a, uint32_t source, const char *family, const char *member, const char *detail,
                   int32_t detail1, int32_t detail2, int32_t payload, uint32_t child, const char *text);
/// Calls answered so far (tests, diagnostics).
int64_t oc_atspi_calls_answered(oc_atspi *a);
