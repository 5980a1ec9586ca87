// The AT-SPI2 provider: a private connection to the accessibility bus, one
// fallback object handler for every accessible ("/org/a11y/atspi/accessible/<id>",
// the application at ".../root"), and the answers a client such as Orca or
// pyatspi asks for, read from the copy of the tree the Swift side last handed
// over. The protocol subset is the one libatspi 2.46 uses (at-spi2-core's
// xml/*.xml); see ARCHITECTURE.md "Accessibility on Linux".
#include "catspi.h"
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH_PREFIX "/org/a11y/atspi/accessible/"
#define PATH_ROOT PATH_PREFIX "root"
#define PATH_NULL "/org/a11y/atspi/null"
#define IF_ACCESSIBLE "org.a11y.atspi.Accessible"
#define IF_APPLICATION "org.a11y.atspi.Application"
#define IF_COMPONENT "org.a11y.atspi.Component"
#define IF_ACTION "org.a11y.atspi.Action"
#define IF_VALUE "org.a11y.atspi.Value"
#define IF_PROPERTIES "org.freedesktop.DBus.Properties"
#define IF_INTROSPECTABLE "org.freedesktop.DBus.Introspectable"
#define ROLE_APPLICATION 75
#define MAX_WATCHES 8
#define MAX_REQUESTS 64
// Calls the registry and the bus daemon answer at once; more than this is a dead peer.
#define CALL_TIMEOUT_MS 3000

typedef struct {
    oc_atspi_node n;        // strings point into `strings`
    int32_t first_child;    // index into `child_list`
    int32_t child_count;
    int32_t index_in_parent;
    int32_t parent_slot;    // index in nodes (-1: the application)
} node;

struct oc_atspi {
    DBusConnection *bus;
    char *app_name;
    char desktop_name[256], desktop_path[256];
    int32_t app_id;
    node *nodes;
    int32_t count;
    int32_t *child_list;    // the frame's and every node's children, by slot
    char *strings;
    int32_t *table;         // id → slot + 1, open addressing
    uint32_t table_mask;
    int32_t window_x, window_y;
    DBusWatch *watches[MAX_WATCHES];
    int32_t watch_count;
    oc_atspi_request requests[MAX_REQUESTS];
    int32_t request_head, request_count;
    int64_t answered;
};

// MARK: - The tree

static int32_t slot_of(const oc_atspi *a, uint32_t id) {
    if (!a->table) return -1;
    uint32_t h = (id * 2654435761u) & a->table_mask;
    while (a->table[h]) {
        int32_t s = a->table[h] - 1;
        if (a->nodes[s].n.id == id) return s;
        h = (h + 1) & a->table_mask;
    }
    return -1;
}

/// Strings that libdbus would reject (it aborts on invalid UTF-8) become "".
static const char *valid(const char *s) {
    if (!s) return "";
    return dbus_validate_utf8(s, NULL) ? s : "";
}

static size_t stored_length(const char *s) { return strlen(valid(s)) + 1; }

static char *store(char **cursor, const char *s) {
    s = valid(s);
    size_t n = strlen(s) + 1;
    memcpy(*cursor, s, n);
    char *start = *cursor;
    *cursor += n;
    return start;
}

void oc_atspi_set_tree(oc_atspi *a, const oc_atspi_node *nodes, int32_t count, int32_t window_x, int32_t window_y) {
    if (count < 0) count = 0;
    free(a->nodes); free(a->child_list); free(a->strings); free(a->table);
    a->nodes = NULL; a->child_list = NULL; a->strings = NULL; a->table = NULL; a->count = 0;
    a->window_x = window_x; a->window_y = window_y;
    if (count == 0) return;
    size_t bytes = 0;
    for (int32_t i = 0; i < count; i++) {
        const oc_atspi_node *n = &nodes[i];
        bytes += stored_length(n->name) + stored_length(n->description) + stored_length(n->role_name)
            + stored_length(n->actions) + stored_length(n->attributes) + stored_length(n->value_text);
    }
    uint32_t size = 16;
    while (size < (uint32_t)count * 2u && size < (1u << 30)) size *= 2;
    a->nodes = calloc((size_t)count, sizeof(node));
    a->child_list = calloc((size_t)count, sizeof(int32_t));
    a->strings = malloc(bytes);
    a->table = calloc(size, sizeof(int32_t));
    if (!a->nodes || !a->child_list || !a->strings || !a->table) {
        free(a->nodes); free(a->child_list); free(a->strings); free(a->table);
        a->nodes = NULL; a->child_list = NULL; a->strings = NULL; a->table = NULL;
        return;
    }
    a->table_mask = size - 1;
    char *cursor = a->strings;
    int32_t kept = 0;
    for (int32_t i = 0; i < count; i++) {
        const oc_atspi_node *in = &nodes[i];
        // Ids are unique and not the application's; a repeated one is dropped.
        if (in->id == 0 || slot_of(a, in->id) >= 0) continue;
        node *out = &a->nodes[kept];
        out->n = *in;
        out->n.name = store(&cursor, in->name);
        out->n.description = store(&cursor, in->description);
        out->n.role_name = store(&cursor, in->role_name);
        out->n.actions = store(&cursor, in->actions);
        out->n.attributes = store(&cursor, in->attributes);
        out->n.value_text = store(&cursor, in->value_text);
        uint32_t h = (in->id * 2654435761u) & a->table_mask;
        while (a->table[h]) h = (h + 1) & a->table_mask;
        a->table[h] = kept + 1;
        kept++;
    }
    a->count = kept;
    // Children in order: count per parent, then place. A parent that is not
    // before its child (or unknown) makes the node a child of the frame, or of
    // the application for the frame itself.
    for (int32_t i = 0; i < kept; i++) {
        node *n = &a->nodes[i];
        int32_t p = n->n.parent == 0 ? -1 : slot_of(a, n->n.parent);
        if (p >= i || (p < 0 && n->n.parent != 0)) p = n->n.id == 1 ? -1 : slot_of(a, 1);
        if (p >= i) p = -1;
        n->parent_slot = p;
        n->n.parent = p < 0 ? 0 : a->nodes[p].n.id;
        if (p >= 0) a->nodes[p].child_count++;
    }
    int32_t next = 0;
    for (int32_t i = 0; i < kept; i++) { a->nodes[i].first_child = next; next += a->nodes[i].child_count; a->nodes[i].child_count = 0; }
    for (int32_t i = 0; i < kept; i++) {
        int32_t p = a->nodes[i].parent_slot;
        if (p < 0) continue;
        a->nodes[i].index_in_parent = a->nodes[p].child_count;
        a->child_list[a->nodes[p].first_child + a->nodes[p].child_count++] = i;
    }
    // The application's children: the nodes without a parent (the frame).
    int32_t top = 0;
    for (int32_t i = 0; i < kept; i++) if (a->nodes[i].parent_slot < 0) a->nodes[i].index_in_parent = top++;
}

/// The children of the application: the nodes with no parent.
static int32_t top_count(const oc_atspi *a) {
    int32_t n = 0;
    for (int32_t i = 0; i < a->count; i++) if (a->nodes[i].parent_slot < 0) n++;
    return n;
}

static int32_t top_at(const oc_atspi *a, int32_t index) {
    for (int32_t i = 0; i < a->count; i++) if (a->nodes[i].parent_slot < 0 && index-- == 0) return i;
    return -1;
}

// MARK: - Marshalling

static void append_string(DBusMessageIter *it, const char *s) {
    s = valid(s);
    dbus_message_iter_append_basic(it, DBUS_TYPE_STRING, &s);
}

static void append_i32(DBusMessageIter *it, int32_t v) { dbus_int32_t x = v; dbus_message_iter_append_basic(it, DBUS_TYPE_INT32, &x); }
static void append_u32(DBusMessageIter *it, uint32_t v) { dbus_uint32_t x = v; dbus_message_iter_append_basic(it, DBUS_TYPE_UINT32, &x); }
static void append_bool(DBusMessageIter *it, int v) { dbus_bool_t x = v ? TRUE : FALSE; dbus_message_iter_append_basic(it, DBUS_TYPE_BOOLEAN, &x); }
static void append_double(DBusMessageIter *it, double v) { dbus_message_iter_append_basic(it, DBUS_TYPE_DOUBLE, &v); }

static void append_reference(DBusMessageIter *it, const char *bus_name, const char *path) {
    DBusMessageIter s;
    dbus_message_iter_open_container(it, DBUS_TYPE_STRUCT, NULL, &s);
    append_string(&s, bus_name);
    dbus_message_iter_append_basic(&s, DBUS_TYPE_OBJECT_PATH, &path);
    dbus_message_iter_close_container(it, &s);
}

static void path_of_id(uint32_t id, char *buffer, size_t size) {
    if (id == 0) snprintf(buffer, size, "%s", PATH_ROOT);
    else snprintf(buffer, size, PATH_PREFIX "%u", id);
}

/// A reference to the node in `slot` (-1: the application; -2: the null object).
static void append_slot(oc_atspi *a, DBusMessageIter *it, int32_t slot) {
    char path[64];
    const char *me = dbus_bus_get_unique_name(a->bus);
    if (slot == -2) { append_reference(it, me, PATH_NULL); return; }
    path_of_id(slot < 0 ? 0 : a->nodes[slot].n.id, path, sizeof path);
    append_reference(it, me, path);
}

/// The object a path names: 1 with `*slot` (-1 for the application), 0 if none.
static int object_of(oc_atspi *a, const char *path, int32_t *slot) {
    if (!path) return 0;
    if (!strcmp(path, PATH_ROOT)) { *slot = -1; return 1; }
    size_t k = strlen(PATH_PREFIX);
    if (strncmp(path, PATH_PREFIX, k)) return 0;
    char *end = NULL;
    unsigned long id = strtoul(path + k, &end, 10);
    if (!end || *end || end == path + k || id == 0 || id > 0xFFFFFFFFul) return 0;
    int32_t s = slot_of(a, (uint32_t)id);
    if (s < 0) return 0;
    *slot = s;
    return 1;
}

static int32_t action_count(const char *actions) {
    int32_t n = 0;
    for (const char *p = actions; p && *p; p++) if (*p == '\n') n++;
    return n;
}

/// The `index`th action name (copied into `buffer`); 0 when there is none.
static int action_name(const char *actions, int32_t index, char *buffer, size_t size) {
    const char *p = actions;
    for (int32_t i = 0; p && *p; i++) {
        const char *end = strchr(p, '\n');
        if (!end) break;
        if (i == index) {
            size_t n = (size_t)(end - p) < size - 1 ? (size_t)(end - p) : size - 1;
            memcpy(buffer, p, n);
            buffer[n] = 0;
            return 1;
        }
        p = end + 1;
    }
    buffer[0] = 0;
    return 0;
}

/// Extents in a coordinate type: 0 screen, 1 window, 2 relative to the parent.
static void extents(const oc_atspi *a, int32_t slot, uint32_t coord_type, int32_t out[4]) {
    const oc_atspi_node *n = &a->nodes[slot].n;
    out[0] = n->x; out[1] = n->y; out[2] = n->width; out[3] = n->height;
    if (coord_type == 0) { out[0] += a->window_x; out[1] += a->window_y; }
    else if (coord_type == 2 && a->nodes[slot].parent_slot >= 0) {
        const oc_atspi_node *p = &a->nodes[a->nodes[slot].parent_slot].n;
        out[0] -= p->x; out[1] -= p->y;
    }
}

static void append_extents(const oc_atspi *a, DBusMessageIter *it, int32_t slot, uint32_t coord_type) {
    int32_t e[4];
    extents(a, slot, coord_type, e);
    DBusMessageIter s;
    dbus_message_iter_open_container(it, DBUS_TYPE_STRUCT, NULL, &s);
    for (int i = 0; i < 4; i++) append_i32(&s, e[i]);
    dbus_message_iter_close_container(it, &s);
}

static int is_descendant(const oc_atspi *a, int32_t slot, int32_t ancestor) {
    for (int32_t s = a->nodes[slot].parent_slot, guard = 0; s >= 0 && guard < a->count; s = a->nodes[s].parent_slot, guard++) {
        if (s == ancestor) return 1;
    }
    return ancestor < 0;
}

// MARK: - Properties

#define VARIANT(iter, sig, body) do { DBusMessageIter v_; dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, sig, &v_); \
    { DBusMessageIter *v = &v_; body; } dbus_message_iter_close_container(iter, &v_); } while (0)

/// Appends a property's value as a variant; 0 when the object has no such property.
static int append_property(oc_atspi *a, DBusMessageIter *it, int32_t slot, const char *iface, const char *name) {
    const oc_atspi_node *n = slot >= 0 ? &a->nodes[slot].n : NULL;
    if (!strcmp(iface, IF_ACCESSIBLE)) {
        if (!strcmp(name, "Name")) { VARIANT(it, "s", append_string(v, n ? n->name : a->app_name)); return 1; }
        if (!strcmp(name, "Description")) { VARIANT(it, "s", append_string(v, n ? n->description : "")); return 1; }
        if (!strcmp(name, "HelpText") || !strcmp(name, "AccessibleId")) { VARIANT(it, "s", append_string(v, "")); return 1; }
        if (!strcmp(name, "Locale")) { VARIANT(it, "s", append_string(v, "C")); return 1; }
        if (!strcmp(name, "ChildCount")) { VARIANT(it, "i", append_i32(v, n ? a->nodes[slot].child_count : top_count(a))); return 1; }
        if (!strcmp(name, "version")) { VARIANT(it, "u", append_u32(v, 1)); return 1; }
        if (!strcmp(name, "Parent")) {
            VARIANT(it, "(so)", if (!n) append_reference(v, a->desktop_name, a->desktop_path);
                    else append_slot(a, v, a->nodes[slot].parent_slot));
            return 1;
        }
        return 0;
    }
    if (!strcmp(iface, IF_APPLICATION) && !n) {
        if (!strcmp(name, "ToolkitName")) { VARIANT(it, "s", append_string(v, "OpenCanvas")); return 1; }
        if (!strcmp(name, "Version") || !strcmp(name, "ToolkitVersion")) { VARIANT(it, "s", append_string(v, "1.0")); return 1; }
        if (!strcmp(name, "AtspiVersion")) { VARIANT(it, "s", append_string(v, "2.1")); return 1; }
        if (!strcmp(name, "InterfaceVersion")) { VARIANT(it, "u", append_u32(v, 1)); return 1; }
        if (!strcmp(name, "Id")) { VARIANT(it, "i", append_i32(v, a->app_id)); return 1; }
        return 0;
    }
    if (!strcmp(iface, IF_ACTION) && n && action_count(n->actions) > 0) {
        if (!strcmp(name, "NActions")) { VARIANT(it, "i", append_i32(v, action_count(n->actions))); return 1; }
        return 0;
    }
    if (!strcmp(iface, IF_VALUE) && n && n->has_value) {
        if (!strcmp(name, "MinimumValue")) { VARIANT(it, "d", append_double(v, n->minimum)); return 1; }
        if (!strcmp(name, "MaximumValue")) { VARIANT(it, "d", append_double(v, n->maximum)); return 1; }
        if (!strcmp(name, "MinimumIncrement")) { VARIANT(it, "d", append_double(v, n->increment)); return 1; }
        if (!strcmp(name, "CurrentValue")) { VARIANT(it, "d", append_double(v, n->value)); return 1; }
        if (!strcmp(name, "Text")) { VARIANT(it, "s", append_string(v, n->value_text)); return 1; }
        return 0;
    }
    return 0;
}

static const char *const property_names[] = {
    "Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText", "version",
    "ToolkitName", "Version", "ToolkitVersion", "AtspiVersion", "InterfaceVersion", "Id", "NActions",
    "MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text", NULL,
};

static int has_property(oc_atspi *a, int32_t slot, const char *iface, const char *name) {
    DBusMessage *probe = dbus_message_new_signal("/", "a.b", "c");
    if (!probe) return 0;
    DBusMessageIter it;
    dbus_message_iter_init_append(probe, &it);
    int ok = append_property(a, &it, slot, iface, name);
    dbus_message_unref(probe);
    return ok;
}

// MARK: - Requests

static void push_request(oc_atspi *a, int32_t kind, int32_t slot, int32_t index, double value) {
    if (a->request_count == MAX_REQUESTS || slot < 0) return;   // a flood of calls: the rest are dropped
    oc_atspi_request *r = &a->requests[(a->request_head + a->request_count++) % MAX_REQUESTS];
    r->kind = kind; r->id = a->nodes[slot].n.id; r->index = index; r->value = value;
}

int32_t oc_atspi_pending_requests(oc_atspi *a) { return a->request_count; }

int32_t oc_atspi_next_request(oc_atspi *a, oc_atspi_request *request) {
    if (!a->request_count) return 0;
    *request = a->requests[a->request_head];
    a->request_head = (a->request_head + 1) % MAX_REQUESTS;
    a->request_count--;
    return 1;
}

// MARK: - Calls

static const char *interfaces_xml =
    "<node><interface name=\"org.a11y.atspi.Accessible\"/><interface name=\"org.a11y.atspi.Component\"/>"
    "<interface name=\"org.a11y.atspi.Action\"/><interface name=\"org.a11y.atspi.Value\"/>"
    "<interface name=\"org.a11y.atspi.Application\"/><interface name=\"org.freedesktop.DBus.Properties\"/></node>";

static DBusMessage *accessible_call(oc_atspi *a, DBusMessage *m, int32_t slot, const char *member) {
    DBusMessage *r = dbus_message_new_method_return(m);
    if (!r) return NULL;
    DBusMessageIter it, arr, entry;
    dbus_message_iter_init_append(r, &it);
    const oc_atspi_node *n = slot >= 0 ? &a->nodes[slot].n : NULL;
    int32_t children = n ? a->nodes[slot].child_count : top_count(a);
    if (!strcmp(member, "GetChildAtIndex")) {
        dbus_int32_t index = -1;
        dbus_message_get_args(m, NULL, DBUS_TYPE_INT32, &index, DBUS_TYPE_INVALID);
        int32_t child = -2;
        if (index >= 0 && index < children) child = n ? a->child_list[a->nodes[slot].first_child + index] : top_at(a, index);
        append_slot(a, &it, child < 0 ? -2 : child);
    } else if (!strcmp(member, "GetChildren")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "(so)", &arr);
        for (int32_t i = 0; i < children; i++) append_slot(a, &arr, n ? a->child_list[a->nodes[slot].first_child + i] : top_at(a, i));
        dbus_message_iter_close_container(&it, &arr);
    } else if (!strcmp(member, "GetIndexInParent")) {
        append_i32(&it, n ? a->nodes[slot].index_in_parent : -1);
    } else if (!strcmp(member, "GetRelationSet")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "(ua(so))", &arr);
        dbus_message_iter_close_container(&it, &arr);
    } else if (!strcmp(member, "GetRole")) {
        append_u32(&it, n ? n->role : ROLE_APPLICATION);
    } else if (!strcmp(member, "GetRoleName") || !strcmp(member, "GetLocalizedRoleName")) {
        append_string(&it, n ? n->role_name : "application");
    } else if (!strcmp(member, "GetState")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "u", &arr);
        append_u32(&arr, n ? n->states[0] : 0);
        append_u32(&arr, n ? n->states[1] : 0);
        dbus_message_iter_close_container(&it, &arr);
    } else if (!strcmp(member, "GetAttributes")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{ss}", &arr);
        dbus_message_iter_open_container(&arr, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        append_string(&entry, "toolkit");
        append_string(&entry, "OpenCanvas");
        dbus_message_iter_close_container(&arr, &entry);
        // "key:value\n" pairs.
        for (const char *p = n ? n->attributes : ""; *p;) {
            const char *colon = strchr(p, ':'), *end = strchr(p, '\n');
            if (!end) break;
            if (colon && colon < end) {
                char key[64], value[256];
                size_t kn = (size_t)(colon - p) < sizeof key - 1 ? (size_t)(colon - p) : sizeof key - 1;
                size_t vn = (size_t)(end - colon - 1) < sizeof value - 1 ? (size_t)(end - colon - 1) : sizeof value - 1;
                memcpy(key, p, kn); key[kn] = 0;
                memcpy(value, colon + 1, vn); value[vn] = 0;
                dbus_message_iter_open_container(&arr, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
                append_string(&entry, key);
                append_string(&entry, value);
                dbus_message_iter_close_container(&arr, &entry);
            }
            p = end + 1;
        }
        dbus_message_iter_close_container(&it, &arr);
    } else if (!strcmp(member, "GetApplication")) {
        append_slot(a, &it, -1);
    } else if (!strcmp(member, "GetInterfaces")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &arr);
        append_string(&arr, IF_ACCESSIBLE);
        append_string(&arr, n ? IF_COMPONENT : IF_APPLICATION);
        if (n && action_count(n->actions) > 0) append_string(&arr, IF_ACTION);
        if (n && n->has_value) append_string(&arr, IF_VALUE);
        dbus_message_iter_close_container(&it, &arr);
    } else {
        dbus_message_unref(r);
        return NULL;
    }
    return r;
}

static DBusMessage *component_call(oc_atspi *a, DBusMessage *m, int32_t slot, const char *member) {
    DBusMessage *r = dbus_message_new_method_return(m);
    if (!r) return NULL;
    DBusMessageIter it;
    dbus_message_iter_init_append(r, &it);
    dbus_uint32_t coord_type = 0;
    dbus_int32_t px = 0, py = 0;
    if (!strcmp(member, "GetExtents")) {
        dbus_message_get_args(m, NULL, DBUS_TYPE_UINT32, &coord_type, DBUS_TYPE_INVALID);
        append_extents(a, &it, slot, coord_type);
    } else if (!strcmp(member, "GetPosition") || !strcmp(member, "GetSize")) {
        int32_t e[4];
        dbus_message_get_args(m, NULL, DBUS_TYPE_UINT32, &coord_type, DBUS_TYPE_INVALID);
        extents(a, slot, coord_type, e);
        int size = !strcmp(member, "GetSize");
        append_i32(&it, e[size ? 2 : 0]);
        append_i32(&it, e[size ? 3 : 1]);
    } else if (!strcmp(member, "Contains") || !strcmp(member, "GetAccessibleAtPoint")) {
        dbus_message_get_args(m, NULL, DBUS_TYPE_INT32, &px, DBUS_TYPE_INT32, &py, DBUS_TYPE_UINT32, &coord_type, DBUS_TYPE_INVALID);
        int32_t e[4];
        extents(a, slot, coord_type, e);
        // The point in window pixels.
        int64_t wx = (int64_t)px - e[0] + a->nodes[slot].n.x, wy = (int64_t)py - e[1] + a->nodes[slot].n.y;
        if (!strcmp(member, "Contains")) {
            append_bool(&it, px >= e[0] && py >= e[1] && (int64_t)px < (int64_t)e[0] + e[2] && (int64_t)py < (int64_t)e[1] + e[3]);
        } else {
            // The last node in reading order under this one that covers the point: the deepest.
            int32_t found = -2;
            for (int32_t i = 0; i < a->count; i++) {
                const oc_atspi_node *c = &a->nodes[i].n;
                if (i == slot || !is_descendant(a, i, slot)) continue;
                if (wx >= c->x && wy >= c->y && wx < (int64_t)c->x + c->width && wy < (int64_t)c->y + c->height) found = i;
            }
            append_slot(a, &it, found);
        }
    } else if (!strcmp(member, "GetLayer")) {
        append_u32(&it, a->nodes[slot].n.id == 1 ? 7 : 3);   // window, widget
    } else if (!strcmp(member, "GetMDIZOrder")) {
        dbus_int16_t z = 0;
        dbus_message_iter_append_basic(&it, DBUS_TYPE_INT16, &z);
    } else if (!strcmp(member, "GetAlpha")) {
        append_double(&it, 1);
    } else if (!strcmp(member, "GrabFocus")) {
        // bit 11: focusable
        int focusable = (a->nodes[slot].n.states[0] >> 11) & 1;
        if (focusable) push_request(a, OC_ATSPI_REQUEST_GRAB_FOCUS, slot, 0, 0);
        append_bool(&it, focusable);
    } else {
        dbus_message_unref(r);
        return NULL;
    }
    return r;
}

static DBusMessage *action_call(oc_atspi *a, DBusMessage *m, int32_t slot, const char *member) {
    const char *actions = a->nodes[slot].n.actions;
    int32_t count = action_count(actions);
    DBusMessage *r = dbus_message_new_method_return(m);
    if (!r) return NULL;
    DBusMessageIter it, arr, entry;
    dbus_message_iter_init_append(r, &it);
    char name[256];
    if (!strcmp(member, "GetActions")) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "(sss)", &arr);
        for (int32_t i = 0; i < count; i++) {
            action_name(actions, i, name, sizeof name);
            dbus_message_iter_open_container(&arr, DBUS_TYPE_STRUCT, NULL, &entry);
            append_string(&entry, name);
            append_string(&entry, name);
            append_string(&entry, "");
            dbus_message_iter_close_container(&arr, &entry);
        }
        dbus_message_iter_close_container(&it, &arr);
        return r;
    }
    dbus_int32_t index = -1;
    dbus_message_get_args(m, NULL, DBUS_TYPE_INT32, &index, DBUS_TYPE_INVALID);
    int exists = index >= 0 && index < count;
    if (!strcmp(member, "GetName") || !strcmp(member, "GetLocalizedName") || !strcmp(member, "GetDescription")) {
        action_name(actions, exists ? index : -1, name, sizeof name);
        append_string(&it, name);
    } else if (!strcmp(member, "GetKeyBinding")) {
        append_string(&it, "");
    } else if (!strcmp(member, "DoAction")) {
        // Answered now, carried out on the main actor as a tap would be.
        if (exists) push_request(a, OC_ATSPI_REQUEST_ACTION, slot, index, 0);
        append_bool(&it, exists);
    } else {
        dbus_message_unref(r);
        return NULL;
    }
    return r;
}

static DBusMessage *properties_call(oc_atspi *a, DBusMessage *m, int32_t slot, const char *member) {
    const char *iface = NULL, *name = NULL;
    if (!strcmp(member, "Get")) {
        if (!dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID)) return NULL;
        DBusMessage *r = dbus_message_new_method_return(m);
        if (!r) return NULL;
        DBusMessageIter it;
        dbus_message_iter_init_append(r, &it);
        if (!has_property(a, slot, iface, name)) {
            dbus_message_unref(r);
            return dbus_message_new_error(m, DBUS_ERROR_UNKNOWN_PROPERTY, "No such property");
        }
        append_property(a, &it, slot, iface, name);
        return r;
    }
    if (!strcmp(member, "GetAll")) {
        if (!dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_INVALID)) return NULL;
        DBusMessage *r = dbus_message_new_method_return(m);
        if (!r) return NULL;
        DBusMessageIter it, arr, entry;
        dbus_message_iter_init_append(r, &it);
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &arr);
        for (const char *const *p = property_names; *p; p++) {
            if (!has_property(a, slot, iface, *p)) continue;
            dbus_message_iter_open_container(&arr, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
            append_string(&entry, *p);
            append_property(a, &entry, slot, iface, *p);
            dbus_message_iter_close_container(&arr, &entry);
        }
        dbus_message_iter_close_container(&it, &arr);
        return r;
    }
    if (!strcmp(member, "Set")) {
        DBusMessageIter in, variant;
        if (!dbus_message_iter_init(m, &in) || dbus_message_iter_get_arg_type(&in) != DBUS_TYPE_STRING) return NULL;
        dbus_message_iter_get_basic(&in, &iface);
        if (!dbus_message_iter_next(&in) || dbus_message_iter_get_arg_type(&in) != DBUS_TYPE_STRING) return NULL;
        dbus_message_iter_get_basic(&in, &name);
        if (!dbus_message_iter_next(&in) || dbus_message_iter_get_arg_type(&in) != DBUS_TYPE_VARIANT) return NULL;
        dbus_message_iter_recurse(&in, &variant);
        int type = dbus_message_iter_get_arg_type(&variant);
        if (slot < 0 && !strcmp(name, "Id") && type == DBUS_TYPE_INT32) {
            dbus_int32_t id;
            dbus_message_iter_get_basic(&variant, &id);
            a->app_id = id;           // the registry numbers the applications
        } else if (slot >= 0 && !strcmp(name, "CurrentValue") && a->nodes[slot].n.has_value && type == DBUS_TYPE_DOUBLE) {
            double value;
            dbus_message_iter_get_basic(&variant, &value);
            push_request(a, OC_ATSPI_REQUEST_SET_VALUE, slot, 0, value);
        } else {
            return dbus_message_new_error(m, DBUS_ERROR_PROPERTY_READ_ONLY, "Property is read-only");
        }
        return dbus_message_new_method_return(m);
    }
    return NULL;
}

static DBusHandlerResult handle_accessible(DBusConnection *c, DBusMessage *m, void *user) {
    oc_atspi *a = user;
    if (dbus_message_get_type(m) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *iface = dbus_message_get_interface(m), *member = dbus_message_get_member(m);
    if (!iface) iface = "";
    if (!member) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    int32_t slot = -1;
    DBusMessage *r = NULL;
    if (!object_of(a, dbus_message_get_path(m), &slot)) {
        // A node that is gone (clients hold references across changes).
        r = dbus_message_new_error(m, DBUS_ERROR_UNKNOWN_OBJECT, "The object is gone");
    } else if (!strcmp(iface, IF_PROPERTIES)) {
        r = properties_call(a, m, slot, member);
    } else if (!strcmp(iface, IF_INTROSPECTABLE) && !strcmp(member, "Introspect")) {
        if ((r = dbus_message_new_method_return(m))) {
            DBusMessageIter it;
            dbus_message_iter_init_append(r, &it);
            append_string(&it, interfaces_xml);
        }
    } else if (!strcmp(iface, IF_ACCESSIBLE) || !*iface) {
        r = accessible_call(a, m, slot, member);
    } else if (!strcmp(iface, IF_APPLICATION) && slot < 0) {
        if ((r = dbus_message_new_method_return(m))) {
            DBusMessageIter it;
            dbus_message_iter_init_append(r, &it);
            if (!strcmp(member, "GetLocale")) append_string(&it, "C");
            // "": clients stay on the bus (no peer-to-peer connection).
            else if (!strcmp(member, "GetApplicationBusAddress")) append_string(&it, "");
            else { dbus_message_unref(r); r = NULL; }
        }
    } else if (!strcmp(iface, IF_COMPONENT) && slot >= 0) {
        r = component_call(a, m, slot, member);
    } else if (!strcmp(iface, IF_ACTION) && slot >= 0 && action_count(a->nodes[slot].n.actions) > 0) {
        r = action_call(a, m, slot, member);
    }
    if (!r) r = dbus_message_new_error(m, DBUS_ERROR_UNKNOWN_METHOD, "Unknown method or arguments");
    if (r) {
        dbus_connection_send(c, r, NULL);
        dbus_message_unref(r);
        a->answered++;
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

/// /org/a11y/atspi/cache: libatspi asks every new application for its cached
/// items; an empty list makes it ask object by object.
static DBusHandlerResult handle_cache(DBusConnection *c, DBusMessage *m, void *user) {
    oc_atspi *a = user;
    if (!dbus_message_is_method_call(m, "org.a11y.atspi.Cache", "GetItems")) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *r = dbus_message_new_method_return(m);
    if (!r) return DBUS_HANDLER_RESULT_NEED_MEMORY;
    DBusMessageIter it, arr;
    dbus_message_iter_init_append(r, &it);
    dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "((so)(so)(so)iiassusau)", &arr);
    dbus_message_iter_close_container(&it, &arr);
    dbus_connection_send(c, r, NULL);
    dbus_message_unref(r);
    a->answered++;
    return DBUS_HANDLER_RESULT_HANDLED;
}

// MARK: - Events

void oc_atspi_emit(oc_atspi *a, uint32_t source, const char *family, const char *member, const char *detail,
                   int32_t detail1, int32_t detail2, int32_t payload, uint32_t child, const char *text) {
    if (!a->bus || !member || !family) return;
    char path[64], iface[96];
    path_of_id(source, path, sizeof path);
    snprintf(iface, sizeof iface, "org.a11y.atspi.Event.%s", family);
    if (!dbus_validate_interface(iface, NULL) || !dbus_validate_member(member, NULL)) return;
    DBusMessage *signal = dbus_message_new_signal(path, iface, member);
    if (!signal) return;
    DBusMessageIter it, v, dict;
    dbus_message_iter_init_append(signal, &it);
    append_string(&it, detail);
    append_i32(&it, detail1);
    append_i32(&it, detail2);
    int32_t s = slot_of(a, source);
    if (payload == OC_ATSPI_PAYLOAD_CHILD) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "(so)", &v);
        char child_path[64];
        path_of_id(child, child_path, sizeof child_path);
        append_reference(&v, dbus_bus_get_unique_name(a->bus), child_path);
    } else if (payload == OC_ATSPI_PAYLOAD_STRING) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "s", &v);
        append_string(&v, text);
    } else if (payload == OC_ATSPI_PAYLOAD_BOUNDS && s >= 0) {
        dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "(iiii)", &v);
        append_extents(a, &v, s, 0);
    } else {
        dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "i", &v);
        append_i32(&v, 0);
    }
    dbus_message_iter_close_container(&it, &v);
    dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
    dbus_message_iter_close_container(&it, &dict);
    dbus_connection_send(a->bus, signal, NULL);
    dbus_message_unref(signal);
}

// MARK: - The connection

static dbus_bool_t add_watch(DBusWatch *w, void *user) {
    oc_atspi *a = user;
    if (a->watch_count == MAX_WATCHES) return FALSE;
    a->watches[a->watch_count++] = w;
    return TRUE;
}

static void remove_watch(DBusWatch *w, void *user) {
    oc_atspi *a = user;
    for (int32_t i = 0; i < a->watch_count; i++) {
        if (a->watches[i] == w) { a->watches[i] = a->watches[--a->watch_count]; return; }
    }
}

// Enabled or not is read at each poll.
static void toggle_watch(DBusWatch *w, void *user) { (void)w; (void)user; }

int32_t oc_atspi_poll_fds(oc_atspi *a, struct pollfd *fds, int32_t max) {
    int32_t n = 0;
    for (int32_t i = 0; i < a->watch_count && n < max; i++) {
        DBusWatch *w = a->watches[i];
        if (!dbus_watch_get_enabled(w)) continue;
        unsigned flags = dbus_watch_get_flags(w);
        fds[n].fd = dbus_watch_get_unix_fd(w);
        fds[n].events = (short)((flags & DBUS_WATCH_READABLE ? POLLIN : 0) | (flags & DBUS_WATCH_WRITABLE ? POLLOUT : 0));
        fds[n].revents = 0;
        n++;
    }
    return n;
}

void oc_atspi_dispatch(oc_atspi *a, const struct pollfd *fds, int32_t count) {
    if (!a->bus) return;
    // Watches may be removed while handled: match descriptors against a copy.
    DBusWatch *watches[MAX_WATCHES];
    int32_t n = a->watch_count;
    memcpy(watches, a->watches, sizeof(DBusWatch *) * (size_t)n);
    for (int32_t k = 0; k < count && fds; k++) {
        if (!fds[k].revents) continue;
        unsigned flags = 0;
        if (fds[k].revents & POLLIN) flags |= DBUS_WATCH_READABLE;
        if (fds[k].revents & POLLOUT) flags |= DBUS_WATCH_WRITABLE;
        if (fds[k].revents & POLLERR) flags |= DBUS_WATCH_ERROR;
        if (fds[k].revents & POLLHUP) flags |= DBUS_WATCH_HANGUP;
        for (int32_t i = 0; i < n; i++) {
            int still = 0;
            for (int32_t j = 0; j < a->watch_count; j++) still |= a->watches[j] == watches[i];
            if (still && dbus_watch_get_enabled(watches[i]) && dbus_watch_get_unix_fd(watches[i]) == fds[k].fd) {
                dbus_watch_handle(watches[i], flags);
            }
        }
    }
    // Messages libdbus has read already (during a blocking call) never wake poll.
    while (dbus_connection_dispatch(a->bus) == DBUS_DISPATCH_DATA_REMAINS) {}
    dbus_connection_flush(a->bus);
}

int32_t oc_atspi_is_connected(oc_atspi *a) { return a->bus && dbus_connection_get_is_connected(a->bus); }

int64_t oc_atspi_calls_answered(oc_atspi *a) { return a->answered; }

static void fail(char *error, int32_t size, const char *what, DBusError *e) {
    if (error && size > 0) snprintf(error, (size_t)size, "%s%s%s", what, e && dbus_error_is_set(e) ? ": " : "",
                                    e && dbus_error_is_set(e) ? e->message : "");
    if (e) dbus_error_free(e);
}

/// The accessibility bus's address from the session bus (which starts
/// at-spi-bus-launcher on demand); NULL on failure.
static char *a11y_address(const char *session_address, char *error, int32_t error_size) {
    DBusError e;
    dbus_error_init(&e);
    // A private connection: the shared one would exit the process when the bus goes.
    DBusConnection *session = dbus_connection_open_private(session_address, &e);
    if (!session) { fail(error, error_size, "cannot reach the session bus", &e); return NULL; }
    dbus_connection_set_exit_on_disconnect(session, FALSE);
    char *result = NULL;
    if (!dbus_bus_register(session, &e)) {
        fail(error, error_size, "cannot register on the session bus", &e);
    } else {
        DBusMessage *q = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress");
        DBusMessage *r = q ? dbus_connection_send_with_reply_and_block(session, q, CALL_TIMEOUT_MS, &e) : NULL;
        const char *address = NULL;
        if (r && dbus_message_get_args(r, &e, DBUS_TYPE_STRING, &address, DBUS_TYPE_INVALID) && address && *address) {
            result = strdup(address);
        } else {
            fail(error, error_size, "no accessibility bus (is at-spi2-core installed?)", &e);
        }
        if (q) dbus_message_unref(q);
        if (r) dbus_message_unref(r);
    }
    dbus_connection_close(session);
    dbus_connection_unref(session);
    return result;
}

oc_atspi *oc_atspi_open(const char *session_address, const char *app_name, char *error, int32_t error_size) {
    if (error && error_size > 0) error[0] = 0;
    char *address = NULL;
    const char *given = getenv("AT_SPI_BUS_ADDRESS");
    if (!session_address && given && *given) {
        address = strdup(given);
    } else {
        if (!session_address) session_address = getenv("DBUS_SESSION_BUS_ADDRESS");
        if (!session_address || !*session_address) { fail(error, error_size, "no session bus (DBUS_SESSION_BUS_ADDRESS is unset)", NULL); return NULL; }
        address = a11y_address(session_address, error, error_size);
    }
    if (!address) return NULL;
    oc_atspi *a = calloc(1, sizeof *a);
    if (!a) { free(address); return NULL; }
    a->app_name = strdup(valid(app_name));
    snprintf(a->desktop_name, sizeof a->desktop_name, "org.a11y.atspi.Registry");
    snprintf(a->desktop_path, sizeof a->desktop_path, "%s", PATH_ROOT);
    DBusError e;
    dbus_error_init(&e);
    a->bus = dbus_connection_open_private(address, &e);
    free(address);
    if (!a->bus) { fail(error, error_size, "cannot reach the accessibility bus", &e); oc_atspi_close(a); return NULL; }
    dbus_connection_set_exit_on_disconnect(a->bus, FALSE);
    if (!dbus_bus_register(a->bus, &e)) { fail(error, error_size, "cannot register on the accessibility bus", &e); oc_atspi_close(a); return NULL; }
    static const DBusObjectPathVTable accessible = { .message_function = handle_accessible };
    static const DBusObjectPathVTable cache = { .message_function = handle_cache };
    if (!dbus_connection_register_fallback(a->bus, "/org/a11y/atspi/accessible", &accessible, a)
        || !dbus_connection_register_object_path(a->bus, "/org/a11y/atspi/cache", &cache, a)
        || !dbus_connection_set_watch_functions(a->bus, add_watch, remove_watch, toggle_watch, a, NULL)) {
        fail(error, error_size, "out of memory", NULL);
        oc_atspi_close(a);
        return NULL;
    }
    // Socket.Embed((so) our root) on the registry's root: it lists us on the
    // desktop and answers with the desktop, our root's parent.
    DBusMessage *q = dbus_message_new_method_call("org.a11y.atspi.Registry", PATH_ROOT, "org.a11y.atspi.Socket", "Embed");
    DBusMessage *r = NULL;
    if (q) {
        DBusMessageIter it;
        dbus_message_iter_init_append(q, &it);
        append_slot(a, &it, -1);
        r = dbus_connection_send_with_reply_and_block(a->bus, q, CALL_TIMEOUT_MS, &e);
        dbus_message_unref(q);
    }
    if (!r) { fail(error, error_size, "the AT-SPI registry did not answer", &e); oc_atspi_close(a); return NULL; }
    DBusMessageIter ri, s;
    if (dbus_message_iter_init(r, &ri) && dbus_message_iter_get_arg_type(&ri) == DBUS_TYPE_STRUCT) {
        dbus_message_iter_recurse(&ri, &s);
        const char *name = NULL, *path = NULL;
        if (dbus_message_iter_get_arg_type(&s) == DBUS_TYPE_STRING) { dbus_message_iter_get_basic(&s, &name); dbus_message_iter_next(&s); }
        if (dbus_message_iter_get_arg_type(&s) == DBUS_TYPE_OBJECT_PATH) dbus_message_iter_get_basic(&s, &path);
        if (name) snprintf(a->desktop_name, sizeof a->desktop_name, "%s", name);
        if (path) snprintf(a->desktop_path, sizeof a->desktop_path, "%s", path);
    }
    dbus_message_unref(r);
    return a;
}

void oc_atspi_close(oc_atspi *a) {
    if (!a) return;
    if (a->bus) {
        dbus_connection_close(a->bus);
        dbus_connection_unref(a->bus);
    }
    free(a->nodes); free(a->child_list); free(a->strings); free(a->table); free(a->app_name);
    free(a);
}
