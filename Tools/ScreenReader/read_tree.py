"""Prints what a screen reader finds in an application: its AT-SPI tree, one line
per object, read the way Orca speaks an object it lands on (name, role, value,
states that matter, description). Scripts/screen-reader.sh runs it against a
gallery scene in a window. Usage: read_tree.py APP-NAME [--act ROLE:NAME:ACTION]...
"""
import sys
import time

import pyatspi

app_name = sys.argv[1]
acts = [a.split(":", 2) for a, flag in zip(sys.argv[3:], sys.argv[2:]) if flag == "--act"]


def find_app():
    deadline = time.time() + 10
    while time.time() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == app_name:
                return app
        time.sleep(0.1)
    sys.exit(f"{app_name} is not on the AT-SPI desktop")


def reading(a):
    """Orca's default order for an object: name, role, value or state, description."""
    role = a.getRoleName()
    states = a.getState()
    words = [a.name] if a.name else []
    words.append(role)
    if states.contains(pyatspi.STATE_CHECKABLE) or role in ("toggle button", "check box"):
        words.append("pressed" if states.contains(pyatspi.STATE_CHECKED) else "not pressed")
    try:
        v = a.queryValue()
        words.append(f"{v.currentValue:g}")
    except NotImplementedError:
        pass
    if states.contains(pyatspi.STATE_SELECTED):
        words.append("selected")
    if states.contains(pyatspi.STATE_FOCUSED):
        words.append("focused")
    if role != "application" and not states.contains(pyatspi.STATE_ENABLED):
        words.append("grayed")
    if a.description:
        words.append(a.description)
    return " ".join(words)


def walk(a, depth=0):
    extra = ""
    try:
        action = a.queryAction()
        extra = "  actions: " + ", ".join(action.getName(i) for i in range(action.nActions))
    except NotImplementedError:
        pass
    print("  " * depth + reading(a) + extra)
    for child in a:
        walk(child, depth + 1)


app = find_app()
walk(app)
for role, name, action_name in acts:
    target = pyatspi.findDescendant(app, lambda a: a is not None and a.getRoleName() == role and a.name.startswith(name))
    if target is None:
        sys.exit(f"no {role} named {name}")
    action = target.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(names.index(action_name))
    time.sleep(0.5)
    print(f"\n-- after {action_name} on {role} {name!r} --")
    walk(app)
