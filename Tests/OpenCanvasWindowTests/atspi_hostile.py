"""A hostile AT-SPI client: calls an OpenCanvas window's objects with wrong
arguments, wrong signatures, stale and made-up paths, and values no control can
take, then checks that the window still answers a screen reader (pyatspi walks the
whole tree). Run by AtspiTests.swift. Prints JSON lines. Usage: atspi_hostile.py APP
"""
import json
import math
import sys
import time

import pyatspi
from gi.repository import Gio, GLib

APP = sys.argv[1]


def say(kind, **fields):
    print(json.dumps({"kind": kind, **fields}), flush=True)


session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                            GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
bus = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)

ROOT = "/org/a11y/atspi/accessible/root"


def call(name, path, interface, method, args=None, timeout=3000):
    try:
        reply = bus.call_sync(name, path, interface, method, args, None, Gio.DBusCallFlags.NONE, timeout, None)
        return ("ok", reply.unpack() if reply is not None else None)
    except GLib.Error as e:
        return ("error", e.message.split(":")[0])


# Find the application among the desktop's children, by name.
me = None
deadline = time.time() + 10
while me is None and time.time() < deadline:
    status, children = call("org.a11y.atspi.Registry", ROOT, "org.a11y.atspi.Accessible", "GetChildren")
    for (name, path) in (children[0] if status == "ok" else []):
        status, value = call(name, path, "org.freedesktop.DBus.Properties", "Get",
                             GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")))
        if status == "ok" and value[0] == APP:
            me = name
    time.sleep(0.1)
if me is None:
    say("error", message="application not found")
    sys.exit(1)

A = "org.a11y.atspi.Accessible"
C = "org.a11y.atspi.Component"
ACT = "org.a11y.atspi.Action"
P = "org.freedesktop.DBus.Properties"
frame = "/org/a11y/atspi/accessible/1"
first_child = call(me, frame, A, "GetChildAtIndex", GLib.Variant("(i)", (0,)))[1][0][1]
calls = [
    (frame, A, "GetChildAtIndex", GLib.Variant("(i)", (-1,))),
    (frame, A, "GetChildAtIndex", GLib.Variant("(i)", (2**31 - 1,))),
    (frame, A, "GetChildAtIndex", GLib.Variant("(s)", ("zero",))),
    (frame, A, "GetChildAtIndex", None),
    (frame, C, "GetExtents", GLib.Variant("(u)", (99,))),
    (frame, C, "Contains", GLib.Variant("(iiu)", (-2**31, 2**31 - 1, 7))),
    (frame, C, "GetAccessibleAtPoint", GLib.Variant("(iiu)", (2**31 - 1, -2**31, 0))),
    (frame, C, "GetAccessibleAtPoint", GLib.Variant("(iiu)", (20, 20, 1))),
    (first_child, ACT, "DoAction", GLib.Variant("(i)", (-5,))),
    (first_child, ACT, "DoAction", GLib.Variant("(i)", (10**6,))),
    (first_child, ACT, "GetName", GLib.Variant("(i)", (-1,))),
    (first_child, P, "Get", GLib.Variant("(ss)", ("no.such.Interface", "Name"))),
    (first_child, P, "Get", GLib.Variant("(ss)", (A, "NoSuchProperty"))),
    (first_child, P, "GetAll", GLib.Variant("(s)", ("",))),
    (first_child, P, "Set", GLib.Variant("(ssv)", ("org.a11y.atspi.Value", "CurrentValue", GLib.Variant("s", "high")))),
    (first_child, P, "Set", GLib.Variant("(ssv)", (A, "Name", GLib.Variant("s", "renamed")))),
    (first_child, "no.such.Interface", "Method", None),
    (first_child, "org.freedesktop.DBus.Introspectable", "Introspect", None),
    ("/org/a11y/atspi/accessible/999999999", A, "GetRole", None),
    ("/org/a11y/atspi/accessible/4294967296", A, "GetRole", None),
    ("/org/a11y/atspi/accessible/abc", A, "GetRole", None),
    ("/org/a11y/atspi/accessible/0", A, "GetRole", None),
    ("/org/a11y/atspi/accessible/1/2", A, "GetRole", None),
    (ROOT, A, "GetChildAtIndex", GLib.Variant("(i)", (5,))),
    (ROOT, "org.a11y.atspi.Application", "GetLocale", GLib.Variant("(u)", (0,))),
    (ROOT, P, "Set", GLib.Variant("(ssv)", ("org.a11y.atspi.Application", "Id", GLib.Variant("s", "x")))),
]
# Every slider gets values no slider can take.
sliders = []


def collect(path, depth=0):
    if depth > 300:
        return 0
    status, role = call(me, path, A, "GetRole")
    if status != "ok":
        return 0
    if role[0] == 51:
        sliders.append(path)
    status, children = call(me, path, A, "GetChildren")
    return 1 + sum(collect(child_path, depth + 1) for (_, child_path) in (children[0] if status == "ok" else []))


objects = collect(frame)
for slider in sliders:
    for value in (math.nan, math.inf, -math.inf, 1e308, -1e308):
        calls.append((slider, P, "Set", GLib.Variant("(ssv)", ("org.a11y.atspi.Value", "CurrentValue", GLib.Variant("d", value)))))
answered = 0
for (path, interface, method, args) in calls:
    status, _ = call(me, path, interface, method, args)
    answered += 1
    say("call", path=path, method=method, status=status)
say("hostile", answered=answered, objects=objects, sliders=len(sliders))

# Still a screen reader's window: pyatspi walks it all.
app = None
deadline = time.time() + 30
while app is None and time.time() < deadline:
    app = next((a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == APP), None)
    time.sleep(0.2)
if app is None:
    say("error", message="the application left the desktop")
    sys.exit(1)
names = []


def walk(a, depth=0):
    names.append(a.name)
    for child in a:
        if child is not None and depth < 300:
            walk(child, depth + 1)


walk(app)
say("walk", count=len(names), longest=max(len(n) for n in names), names=names[:12])
# Last, a burst of actions faster than frames: more than the request queue holds.
# libatspi gives up on a busy application after a moment, so what follows asks
# with a long timeout: the window must still answer, once it has worked through them.
for _ in range(200):
    bus.call(me, first_child, ACT, "DoAction", GLib.Variant("(i)", (0,)), None, Gio.DBusCallFlags.NONE, 3000, None, None, None)
time.sleep(1)

status, children = call(me, frame, A, "GetChildren", timeout=30000)
say("after-burst", status=status, children=len(children[0]) if status == "ok" else 0)
say("done")
