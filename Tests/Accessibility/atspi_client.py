"""Reads a running GTK app through AT-SPI, out of process, the way a screen reader (Orca) does.

The suite (test_accessibility.py) launches the accessibility fixture with `launch`, finds its
list, reads what AT-SPI says of the rows (roles, names, states, attributes, extents), drives the
Selection and Table interfaces, synthesizes key presses and records the events the app sends.

Needs the system python (/usr/bin/python3, whose `gi` finds the Atspi typelib), a display
(xvfb-run) and a session bus (dbus-run-session), with NO_AT_BRIDGE unset so GTK loads its bridge.
"""

import os
import queue
import re
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

Atspi.init()

# What a list may be: GtkListBox says LIST_BOX (or LIST), grids TABLE, trees TREE, tables
# over trees TREE_TABLE.
LIST_ROLES = (Atspi.Role.LIST, Atspi.Role.LIST_BOX, Atspi.Role.TABLE, Atspi.Role.TREE, Atspi.Role.TREE_TABLE)

# X keysyms of the keys the suite presses (keysymdef.h).
KEYSYMS = {
    "Up": 0xFF52,
    "Down": 0xFF54,
    "Left": 0xFF51,
    "Right": 0xFF53,
    "Page_Up": 0xFF55,
    "Page_Down": 0xFF56,
    "Home": 0xFF50,
    "End": 0xFF57,
    "Return": 0xFF0D,
    "space": 0x20,
    "KP_Add": 0xFFAB,
    "KP_Subtract": 0xFFAD,
    "x": 0x78,
    "Tab": 0xFF09,
    "Escape": 0xFF1B,
}

ITEM_TEXT = re.compile(r"^Item (\d+)(?:, detail \1)?$")
HEADER_TEXT = re.compile(r"^Section (\d+)$")
# What GTK 3 answers for the position of a widget it has not placed on screen.
UNKNOWN_COORDINATE = -(2**31)

# A warning, critical or error GLib printed (`(prog:pid): Gtk-CRITICAL **: 22:41:05.123: text`):
# the fixture's run fails on closing when it printed one, as a test of the XCTest suites does.
GLIB_COMPLAINT = re.compile(r"(?:^|: )(?:(?P<domain>[\w-]+)-)?(?P<level>WARNING|CRITICAL|ERROR) \*\*: (?:[\d:.]+: )?(?P<text>.*)$")
# The ones a fixture may print, as (its name's pattern, domain, pattern over the text, reason),
# like Tests/Support/GtkLogCheck/ExpectedLogMessages.swift: only a fault of GTK's, ATK's or its
# AT-SPI bridge's, for the suite that provokes it. The robustness suite asks every question with
# places no list has (-1, 2^31 - 1, an empty text range) and every interface of every object, as
# any client may; these are the checks of GTK 3.24 and ATK 2.46 that answer before ours does.
ROBUSTNESS = r"Robustness$"
EXPECTED_GLIB_COMPLAINTS = [
    (ROBUSTNESS, "Atk", r"^atk_table_(ref_at|get_index_at): assertion '(row|column) >= 0' failed$",
     "the AT-SPI bridge hands a reader's negative row or column to ATK's atk_table_* unchecked"),
    (ROBUSTNESS, "Atk",
     r"^atk_text_get_range_extents: assertion 'start_offset >= 0 && start_offset < end_offset' failed$",
     "the AT-SPI bridge hands a reader's empty or negative text range to ATK unchecked"),
    (ROBUSTNESS, "Gtk", r"^gtk_list_box_row_is_selected: assertion 'GTK_IS_LIST_BOX_ROW \(row\)' failed$",
     "GTK's list box accessible (gtklistboxaccessible.c, is_child_selected) does not check the index"),
    (ROBUSTNESS, "Gtk", r"^gtk_flow_box_child_is_selected: assertion 'GTK_IS_FLOW_BOX_CHILD \(child\)' failed$",
     "GTK's flow box accessible (gtkflowboxaccessible.c, is_child_selected) does not check the index"),
    (ROBUSTNESS, "Gdk", r"^gdk_window_get_origin: assertion 'GDK_IS_WINDOW \(window\)' failed$",
     "GTK's own label and entry accessibles measure text with no window (a row scrolled away, unrealized)"),
]


# MARK: - The fixture process


class Fixture:
    """The fixture app running in a child process, its stdout read line by line in a thread."""

    def __init__(self, executable, args, name, ready_timeout=60.0):
        self.name = name
        self.args = list(args)
        command = [executable, "--name", name, *self.args]
        env = dict(os.environ)
        # The ATK bridge must load: a screen reader sees nothing of an app without it.
        env.pop("NO_AT_BRIDGE", None)
        # Kept to be read on closing: GLib's warnings and criticals fail the run.
        self._stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            bufsize=1,
            env=env,
        )
        self._lines = queue.Queue()
        self._unmatched = []  # lines a wait_for_line read past its match
        self.history = []  # every line read, for failure messages
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.early_lines = self._wait_for_ready(ready_timeout)

    def _read_stdout(self):
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)  # end of output: the process exited

    def _wait_for_ready(self, timeout):
        """The lines printed before `ready`; raises when the app exits or stays silent."""
        before = []
        deadline = time.monotonic() + timeout
        while True:
            line = self._next_line(deadline - time.monotonic())
            if line == "ready":
                return before
            if line is None:
                code = self.process.poll()
                self.close()
                raise RuntimeError(
                    f"fixture {self.args} did not print 'ready' within {timeout:.0f} s "
                    f"(exit code {code}); it printed {before}"
                )
            before.append(line)

    def _next_line(self, timeout):
        try:
            line = self._lines.get(timeout=max(timeout, 0))
        except queue.Empty:
            return None
        if line is not None:
            self.history.append(line)
        return line

    def read_lines(self):
        """The lines printed since the last read, without waiting."""
        lines, self._unmatched = self._unmatched, []
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return lines
            if line is None:
                return lines
            self.history.append(line)
            lines.append(line)

    def wait_for_line(self, prefix, timeout=3.0, pump=True):
        """The next line starting with `prefix`, pumping AT-SPI events meanwhile; None on timeout.
        Lines read past it wait for the next call."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.read_lines()
            for index, line in enumerate(lines):
                if line.startswith(prefix):
                    self._unmatched = lines[index + 1 :]
                    return line
            if pump:
                pump_events(0.05)
            else:
                time.sleep(0.05)
        return None

    def command(self, text, timeout=10.0):
        """Sends a command (`remove-all`, `scroll-to K`) and waits until the fixture says it is
        done and the list has settled; raises when it does not."""
        self.read_lines()
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        if self.wait_for_line(f"done: {text}", timeout=timeout) is None:
            raise RuntimeError(f"the fixture did not finish {text!r} within {timeout:.0f} s: {self.history[-5:]}")
        pump_events(0.2)

    @property
    def is_alive(self):
        return self.process.poll() is None

    def close(self):
        """Ends the fixture; raises when it printed a GLib warning or critical not expected."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        complaints = self.glib_complaints()
        if complaints:
            raise AssertionError(
                f"the fixture {self.args} printed {len(complaints)} GLib warning(s) or critical(s) "
                "(fix the cause, or list it with a reason in EXPECTED_GLIB_COMPLAINTS):\n  " + "\n  ".join(complaints)
            )

    def glib_complaints(self):
        """The warnings, criticals and errors GLib printed on the fixture's stderr so far that
        EXPECTED_GLIB_COMPLAINTS does not name, each once; read once (a second call gives none)."""
        if self._stderr is None:
            return []
        self._stderr.seek(0)
        lines = self._stderr.read().splitlines()
        self._stderr.close()
        self._stderr = None
        return list(dict.fromkeys(line for line in lines if is_unexpected_complaint(line, self.name)))


def is_unexpected_complaint(line, fixture_name):
    """Whether `line` is a GLib warning, critical or error EXPECTED_GLIB_COMPLAINTS does not
    name for the fixture called `fixture_name`."""
    match = GLIB_COMPLAINT.search(line)
    if match is None:
        return False
    return not any(
        re.search(scope, fixture_name) and (match["domain"] or "") == domain and re.search(pattern, match["text"])
        for scope, domain, pattern, _reason in EXPECTED_GLIB_COMPLAINTS
    )


def parse_ordinals(line, prefix):
    """`selected: 3,150` → [3, 150]; `focus: 7` → [7]."""
    text = line[len(prefix) :].strip()
    return [int(part) for part in text.split(",") if part]


# MARK: - Finding things


def find_application(name, pid=None, timeout=10.0):
    """The application called `name` (of process `pid`) on the desktop, polled until it shows."""
    deadline = time.monotonic() + timeout
    while True:
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(index)
            try:
                if app is not None and app.get_name() == name and (pid is None or app.get_process_id() == pid):
                    return app
            except GLib.Error:
                continue  # an app that went away meanwhile
        if time.monotonic() >= deadline:
            names = [safe(lambda: desktop.get_child_at_index(i).get_name()) for i in range(desktop.get_child_count())]
            raise RuntimeError(f"no application {name!r} on the AT-SPI desktop after {timeout:.0f} s; there: {names}")
        time.sleep(0.2)


def children(acc, limit=None):
    """The children of `acc` in order; only the first `limit` when given."""
    count = acc.get_child_count()
    return [acc.get_child_at_index(index) for index in range(count if limit is None else min(count, limit))]


def find_lists(root, max_depth=12):
    """Every list-like accessible under `root` in document order, not looking inside one found."""
    found = []

    def visit(acc, depth):
        if acc is None or depth > max_depth:
            return
        if acc.get_role() in LIST_ROLES:
            found.append(acc)
            return
        for child in children(acc):
            visit(child, depth + 1)

    visit(root, 0)
    return found


def find_list(root):
    lists = find_lists(root)
    if not lists:
        raise RuntimeError(f"no accessible with a role in {[r.value_nick for r in LIST_ROLES]} under {describe(root)}")
    return lists[0]


def safe(read, default=None):
    """`read()`, or `default` when the object went away (a row unbound between two calls)."""
    try:
        return read()
    except GLib.Error:
        return default


# MARK: - Reading one accessible


def role_name(acc):
    return acc.get_role_name()


def states(acc):
    """The state nicks, e.g. {'selectable', 'focusable', 'showing'}."""
    state_set = acc.get_state_set()
    return {state.value_nick for state in Atspi.StateType.__enum_values__.values() if state_set.contains(state)}


def attributes(acc):
    return dict(acc.get_attributes() or {})


def extents(acc):
    """(x, y, width, height) on the screen."""
    rect = acc.get_extents(Atspi.CoordType.SCREEN)
    return (rect.x, rect.y, rect.width, rect.height)


def texts(acc, max_depth=6):
    """The names of the labels and text leaves under `acc`, in order: what the row shows."""
    found = []

    def visit(node, depth):
        if node is None or depth > max_depth:
            return
        if node.get_child_count() == 0:
            # A label's text, whatever role and name the library gave it (a heading's title).
            shown = text_content(node)
            if shown is None and node.get_role() in (Atspi.Role.LABEL, Atspi.Role.STATIC):
                shown = node.get_name()
            if shown:
                found.append(shown)
            return
        for child in children(node):
            visit(child, depth + 1)

    # A row that is a label itself (a flow-box section title) shows its own name.
    visit(acc, 0)
    return found


def text_content(acc):
    """The whole text of the Text interface, or None without one."""
    if not has_interface(acc, "Text"):
        return None
    return Atspi.Text.get_text(acc, 0, -1)


def describe(acc):
    """One line for failure messages: role, name, attributes."""
    if acc is None:
        return "None"
    return safe(lambda: f"[{role_name(acc)} {acc.get_name()!r} {attributes(acc)}]", "[gone]")


def same_accessible(first, second):
    """Whether two proxies are the same object in the app (same bus name and object path)."""
    if first is None or second is None:
        return False
    if first is second:
        return True
    return (first.path, first.app) == (second.path, second.app) if hasattr(first, "path") else first == second


@dataclass
class RowInfo:
    """What AT-SPI says of one child of a list, read once."""

    index: int  # in its parent
    list_index: int  # which list it is in (flow-box sections: one table each)
    acc: object
    role: str
    name: str
    states: set
    attributes: dict
    extents: tuple
    texts: list = field(default_factory=list)

    @property
    def shown_text(self):
        """What the row shows: its labels joined as the library joins them."""
        return ", ".join(self.texts)

    @property
    def kind(self):
        """'item', 'header' or 'other', from what the row shows (whatever AT-SPI calls it)."""
        if ITEM_TEXT.match(self.shown_text) or ITEM_TEXT.match(self.name or ""):
            return "item"
        if HEADER_TEXT.match(self.shown_text) or HEADER_TEXT.match(self.name or ""):
            return "header"
        return "other"

    @property
    def shown_ordinal(self):
        """The item's number as its labels (or name) show it."""
        match = ITEM_TEXT.match(self.shown_text) or ITEM_TEXT.match(self.name or "")
        return int(match.group(1)) if match else None

    @property
    def posinset(self):
        value = self.attributes.get("posinset")
        return int(value) if value is not None and value.lstrip("-").isdigit() else None

    @property
    def setsize(self):
        value = self.attributes.get("setsize")
        return int(value) if value is not None and value.lstrip("-").isdigit() else None

    @property
    def ordinal(self):
        """k for item k: posinset − 1 when the row has a posinset, else what its labels show."""
        return self.posinset - 1 if self.posinset is not None else self.shown_ordinal

    @property
    def has_extents(self):
        """False where GTK gives no position (G_MININT): a widget outside the drawn area."""
        return self.extents[0] != UNKNOWN_COORDINATE and self.extents[1] != UNKNOWN_COORDINATE

    def on_screen(self, viewport):
        """Whether the row's extents overlap the viewport's (x, y, width, height)."""
        x, y, width, height = self.extents
        vx, vy, vwidth, vheight = viewport
        return width > 0 and height > 0 and x < vx + vwidth and x + width > vx and y < vy + vheight and y + height > vy

    def __str__(self):
        return f"[{self.role} {self.name!r} shows {self.shown_text!r} {self.attributes} at {self.extents[:2]}]"


def read_row(acc, index, list_index=0):
    return RowInfo(
        index=index,
        list_index=list_index,
        acc=acc,
        role=role_name(acc),
        name=acc.get_name() or "",
        states=states(acc),
        attributes=attributes(acc),
        extents=extents(acc),
        texts=texts(acc),
    )


def read_rows(lists, limit=None):
    """Every child of every list, in order; only the first `limit` of each when given (a list
    box's thousands of rows take seconds over D-Bus)."""
    rows = []
    for list_index, list_acc in enumerate(lists):
        for index, child in enumerate(children(list_acc, limit)):
            row = safe(lambda: read_row(child, index, list_index))
            if row is not None:
                rows.append(row)
    return rows


# MARK: - Interfaces


def selected_children(acc):
    """The Selection interface's selected children, in its order."""
    count = Atspi.Selection.get_n_selected_children(acc)
    return [Atspi.Selection.get_selected_child(acc, index) for index in range(count)]


def table_position(cell):
    """(row, column) from the TableCell interface."""
    found, row, column = Atspi.TableCell.get_position(cell)
    if not found:
        raise RuntimeError(f"TableCell.get_position failed for {describe(cell)}")
    return row, column


def action_names(acc):
    """The names of the actions `acc` offers (Action interface), in order; none without one."""
    if not has_interface(acc, "Action"):
        return []
    return [Atspi.Action.get_action_name(acc, index) for index in range(Atspi.Action.get_n_actions(acc))]


def has_interface(acc, name):
    return name in (acc.get_interfaces() or [])


# MARK: - Input


def press_key(name):
    """Presses and releases a key as the X server's XTest would: to the focused window."""
    Atspi.generate_keyboard_event(KEYSYMS[name], None, Atspi.KeySynthType.SYM)


def click(x, y):
    """A left click at screen (x, y)."""
    Atspi.generate_mouse_event(x, y, "b1c")


# MARK: - Events


def pump_events(seconds):
    """Dispatches AT-SPI's D-Bus traffic (events) for `seconds`."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while context.iteration(False):
            pass
        time.sleep(0.005)


@dataclass
class Event:
    time: float
    type: str
    source_name: str
    source_role: str
    detail1: int
    detail2: int
    any_data: object
    # What the source holds when it is a text (an entry), read as the event came.
    source_text: object = None

    def __str__(self):
        return f"{self.type}({self.detail1}) from [{self.source_role} {self.source_name!r}] data={self.any_data!r}"


class EventRecorder:
    """Records the events of some types from one application, with their sources read at once."""

    def __init__(self, types, pid=None):
        self.events = []
        self.pid = pid
        self.types = list(types)
        self._listener = Atspi.EventListener.new(self._record)
        for event_type in self.types:
            self._listener.register(event_type)

    def _record(self, event):
        source = event.source
        if self.pid is not None and safe(lambda: source.get_process_id()) != self.pid:
            return
        any_data = event.any_data
        if isinstance(any_data, Atspi.Accessible):
            any_data = safe(lambda: any_data.get_name())
        self.events.append(
            Event(
                time=time.monotonic(),
                type=event.type,
                source_name=safe(lambda: source.get_name(), "?"),
                source_role=safe(lambda: source.get_role_name(), "?"),
                detail1=event.detail1,
                detail2=event.detail2,
                any_data=any_data,
                source_text=safe(lambda: Atspi.Text.get_text(source, 0, -1) if has_interface(source, "Text") else None),
            )
        )

    def take(self):
        """The events recorded since the last take."""
        taken, self.events = self.events, []
        return taken

    def close(self):
        for event_type in self.types:
            self._listener.deregister(event_type)
