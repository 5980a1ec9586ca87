"""A screen reader's view of an OpenCanvas window, through pyatspi (as Orca reads).

Run by AtspiTests.swift under a private D-Bus session: finds the application by
name, walks its tree, performs actions, sets a value, listens for the change
events (waiting for each, as a screen reader reacts to them), then (after printing
"listening") hears the focus move when the test presses Tab. Prints one JSON object per line: {"kind": ...}. Usage: atspi_client.py APP
"""
import json
import sys
import time

import pyatspi
from gi.repository import GLib

APP = sys.argv[1]


def say(kind, **fields):
    print(json.dumps({"kind": kind, **fields}), flush=True)


def find_app():
    deadline = time.time() + 10
    while time.time() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == APP:
                return app
        time.sleep(0.1)
    return None


def describe(a, depth):
    states = sorted(pyatspi.stateToString(s) for s in a.getState().getStates())
    entry = {"depth": depth, "role": a.getRoleName(), "name": a.name, "description": a.description, "states": states}
    try:
        e = a.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        entry["extents"] = [e.x, e.y, e.width, e.height]
    except NotImplementedError:
        pass
    try:
        action = a.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    try:
        v = a.queryValue()
        entry["value"] = [v.currentValue, v.minimumValue, v.maximumValue, v.minimumIncrement]
    except NotImplementedError:
        pass
    return entry


def walk(a, depth=0):
    say("node", **describe(a, depth))
    for child in a:
        walk(child, depth + 1)


def find(app, role, name):
    return pyatspi.findDescendant(app, lambda a: a is not None and a.getRoleName() == role and a.name.startswith(name))


app = find_app()
if app is None:
    say("error", message="application not on the desktop")
    sys.exit(1)
say("app", name=app.name, toolkit=app.toolkitName, children=app.childCount)
walk(app)

events = []


def on_event(e):
    try:
        source = e.source.name
    except Exception:
        source = None
    data = e.any_data
    if not isinstance(data, (str, int, float)) and data is not None:
        try:
            data = data.name
        except Exception:
            data = str(data)
    events.append({"type": e.type, "source": source, "detail1": e.detail1, "data": data})


pyatspi.Registry.registerEventListener(on_event, "object:children-changed", "object:property-change",
                                       "object:state-changed", "focus:", "window:")


def do(name, role, action):
    target = find(app, role, name)
    if target is None:
        say("error", message=f"no {role} named {name}")
        return
    act = target.queryAction()
    names = [act.getName(i) for i in range(act.nActions)]
    say("action", target=name, action=action, result=bool(act.doAction(names.index(action))))


def when(condition, then, seconds=8):
    """Runs `then` once `condition` holds (checked every 50 ms while events are
    handled), or after `seconds`: a loaded machine may take a while to draw."""
    deadline = time.time() + seconds

    def check():
        if condition() or time.time() > deadline:
            then()
            return False
        return True
    GLib.timeout_add(50, check)


def heard(kind, source=None):
    return lambda: any(e["type"].startswith(kind) and (source is None or e["source"] == source) for e in events)


def step1():
    do("Add", "push button", "click")
    when(heard("object:property-change:accessible-name", "Count: 1"), step2)
    return False


def step2():
    label = find(app, "label", "Count")
    say("read", name=label.name if label else None)
    do("Add", "push button", "Add ten")
    do("Grid", "toggle button", "click")
    slider = find(app, "slider", "Size")
    slider.queryValue().currentValue = 0.75
    say("set", target="Size", value=0.75)
    when(lambda: heard("object:property-change:accessible-name", "Count: 11")()
         and heard("object:state-changed:checked", "Grid")() and heard("object:property-change:accessible-value", "Size")(), step3)
    return False


def step3():
    label = find(app, "label", "Count")
    say("read", name=label.name if label else None)
    toggle = find(app, "toggle button", "Grid")
    say("read", name=toggle.name, states=sorted(pyatspi.stateToString(s) for s in toggle.getState().getStates()))
    slider = find(app, "slider", "Size")
    say("read", name=slider.name, value=slider.queryValue().currentValue)
    for e in events:
        say("event", **e)
    events.clear()
    say("listening")
    when(heard("focus:"), step4)
    return False


def step4():
    for e in events:
        say("event", **e)
    focused = pyatspi.findDescendant(app, lambda a: a is not None and a.getState().contains(pyatspi.STATE_FOCUSED))
    say("focused", name=focused.name if focused else None, role=focused.getRoleName() if focused else None)
    pyatspi.Registry.stop()
    return False


GLib.timeout_add(200, step1)
GLib.timeout_add(30000, lambda: (say("error", message="timed out"), pyatspi.Registry.stop()))
pyatspi.Registry.start()
say("done")
