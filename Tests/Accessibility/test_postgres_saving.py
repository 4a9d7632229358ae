"""Saving a cell edit of a table over PostgreSQL, read out of process as a screen reader reads it.

The fixture's `--postgres TABLE --editable` table shows the rows of a PostgreSQL table (their
ids and titles, paged by PostgresStorage: PostgresTable.swift) and saves a title edited in
place through a PostgresTableWriter (ListTable.saveTextEdit). The suite starts a server of its
own (scripts/postgres-test-server.sh, a folder and a socket of its own) with a table whose
check constraint refuses titles longer than 9 characters.

- While another session holds the edited row's lock (`SELECT … FOR UPDATE` in an open
  transaction), the save waits on the server: the editor, a `text` that keeps the focus, is
  described "Saving…", and a reader is told so (its description changes). When the lock goes,
  the title is saved and the editor goes.
- A title the constraint refuses leaves the editor open with the text typed, described by the
  server's message (`new row for relation … violates check constraint "title_short"`), which a
  reader is told too.
"""

import os
import subprocess
import time
import unittest

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FOCUS_EVENT_WINDOW, fixture_path

T = Atspi.Table
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER_SCRIPT = os.path.join(ROOT, "scripts", "postgres-test-server.sh")
FOLDER = "/tmp/glm-postgres-a11y"
PORT = "54341"
TABLE = "a11y_tickets"
TITLE = 1
SAVING = "Saving…"
DESCRIPTION_CHANGED = "object:property-change:accessible-description"


class FocusWatch:
    """The last accessible of an application that took the focus, as a reader follows it."""

    def __init__(self, pid):
        self.pid = pid
        self.source = None
        self._listener = Atspi.EventListener.new(self._record)
        self._listener.register("object:state-changed:focused")

    def _record(self, event):
        if event.detail1 == 1 and atspi.safe(lambda: event.source.get_process_id()) == self.pid:
            self.source = event.source

    def close(self):
        self._listener.deregister("object:state-changed:focused")


class PostgresSavingSpec(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        server = dict(os.environ, GLM_POSTGRES_DIR=FOLDER, GLM_POSTGRES_PORT=PORT)
        subprocess.run(["bash", SERVER_SCRIPT, "start"], env=server, check=True, stdout=subprocess.DEVNULL)
        cls.addClassCleanup(
            lambda: subprocess.run(["bash", SERVER_SCRIPT, "stop"], env=server, stdout=subprocess.DEVNULL)
        )
        cls.pg = {"PGHOST": FOLDER, "PGPORT": PORT, "PGUSER": "postgres", "PGDATABASE": "postgres"}
        cls.psql(
            f"CREATE TABLE {TABLE} (id bigint PRIMARY KEY, title text NOT NULL "
            "CONSTRAINT title_short CHECK (length(title) <= 9)); "
            f"INSERT INTO {TABLE} SELECT i, 'ticket ' || i FROM generate_series(1, 99) i"
        )
        # The fixture reads the server's place from libpq's variables.
        saved = {name: os.environ.get(name) for name in cls.pg}
        os.environ.update(cls.pg)
        try:
            cls.fixture = atspi.Fixture(
                fixture_path(),
                ["--host", "virtual-list", "--items", "0", "--table", "--postgres", TABLE, "--editable"],
                name="a11y-PostgresSaving",
            )
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        cls.addClassCleanup(cls.fixture.close)
        cls.app = atspi.find_application(cls.fixture.name, cls.fixture.process.pid)
        cls.focus = FocusWatch(cls.fixture.process.pid)
        cls.addClassCleanup(cls.focus.close)

    @classmethod
    def psql(cls, sql):
        result = subprocess.run(
            ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql],
            env=dict(os.environ, **cls.pg), check=True, capture_output=True, text=True,
        )
        return result.stdout.strip()

    def table(self):
        tables = [acc for acc in atspi.find_lists(self.app) if atspi.has_interface(acc, "Table")]
        self.assertEqual(len(tables), 1, "one table expected")
        return tables[0]

    def title_cell(self, item):
        """The title cell of item `item`, once its row is read from the server."""
        deadline = time.monotonic() + 10
        while True:
            cell = atspi.safe(lambda: T.get_accessible_at(self.table(), item, TITLE))
            shown = cell is not None and (atspi.text_content(cell) or atspi.safe(lambda: cell.get_name()) or "")
            if shown and shown.startswith("ticket "):
                return cell
            if time.monotonic() > deadline:
                self.fail(f"item {item}'s title never read: {cell and atspi.describe(cell)}")
            atspi.pump_events(0.1)

    def focused_text(self):
        """The accessible of role `text` that took the focus last (the open editor) while it
        keeps it, or None."""
        atspi.pump_events(0.05)
        editor = self.focus.source
        if editor is None or atspi.role_name(editor) != "text" or "focused" not in atspi.states(editor):
            return None
        return editor

    def edit(self, item, keys):
        """Opens item `item`'s title editor (the cell's "edit" action), types `keys` at its end
        and presses Enter; the fixture then says it saves."""
        cell = self.title_cell(item)
        names = atspi.action_names(cell)
        self.assertIn("edit", names, atspi.describe(cell))
        self.fixture.read_lines()
        self.assertTrue(Atspi.Action.do_action(cell, names.index("edit")), atspi.describe(cell))
        atspi.pump_events(FOCUS_EVENT_WINDOW)
        atspi.press_key("End")
        for key in keys:
            atspi.press_key(key)
        atspi.press_key("Return")
        return self.fixture.wait_for_line("saving:", timeout=5)

    def wait_for_description(self, expected, timeout=5.0):
        """The focused text's description once it is `expected` (or the last one read)."""
        deadline = time.monotonic() + timeout
        description = None
        while time.monotonic() < deadline:
            editor = self.focused_text()
            description = editor is not None and atspi.safe(lambda: editor.get_description())
            if description == expected:
                break
            atspi.pump_events(0.1)
        return description

    def test_a_save_held_by_a_lock_reads_saving_then_the_row_is_saved(self):
        recorder = atspi.EventRecorder([DESCRIPTION_CHANGED], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        # Another session locks ticket 4's row: its update waits.
        locker = subprocess.Popen(
            ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            env=dict(os.environ, **self.pg), text=True,
        )
        self.addCleanup(locker.wait, 10)
        self.addCleanup(lambda: locker.stdin.closed or locker.stdin.close())
        locker.stdin.write(f"BEGIN;\nSELECT id FROM {TABLE} WHERE id = 4 FOR UPDATE;\n")
        locker.stdin.flush()
        deadline = time.monotonic() + 10
        while self.psql(f"SELECT count(*) FROM pg_locks WHERE relation = '{TABLE}'::regclass AND granted") == "0":
            self.assertLess(time.monotonic(), deadline, "the other session never took its lock")
            time.sleep(0.05)
        atspi.pump_events(0.3)
        recorder.take()

        line = self.edit(3, ["x"])  # item 3 is ticket 4 (ordered by id)
        self.assertEqual(line, "saving: 4 ticket 4x", self.fixture.history[-5:])
        self.assertEqual(self.wait_for_description(SAVING), SAVING, "the waiting editor's description")
        atspi.pump_events(0.3)
        told = [event.any_data for event in recorder.take()]
        self.assertIn(SAVING, told, f"a reader is told the editor saves: {told}")
        self.assertEqual(self.psql(f"SELECT title FROM {TABLE} WHERE id = 4"), "ticket 4", "not written while locked")

        # The lock goes: the save ends, and the row holds the title.
        locker.stdin.write("ROLLBACK;\n")
        locker.stdin.close()
        self.assertEqual(self.fixture.wait_for_line("saved:", timeout=10), "saved: 4", self.fixture.history[-5:])
        self.assertEqual(self.psql(f"SELECT title FROM {TABLE} WHERE id = 4"), "ticket 4x")
        deadline = time.monotonic() + 5
        while self.focused_text() is not None and time.monotonic() < deadline:
            atspi.pump_events(0.1)
        self.assertIsNone(self.focused_text(), "the editor went once saved")

    def test_a_refused_save_reads_the_servers_message_in_the_open_editor(self):
        recorder = atspi.EventRecorder([DESCRIPTION_CHANGED], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        line = self.edit(5, ["x", "x"])  # ticket 6: "ticket 6xx" is 10 characters
        self.assertEqual(line, "saving: 6 ticket 6xx", self.fixture.history[-5:])
        refused = self.fixture.wait_for_line("refused:", timeout=10)
        self.assertIn('violates check constraint "title_short"', refused)
        message = refused.removeprefix("refused: 6 ")
        self.assertEqual(self.wait_for_description(message), message, "the open editor's description")
        editor = self.focused_text()
        self.assertEqual(atspi.text_content(editor), "ticket 6xx", "the text typed stays")
        atspi.pump_events(0.3)
        told = [event.any_data for event in recorder.take()]
        self.assertIn(message, told, f"a reader is told why: {told}")
        self.assertEqual(self.psql(f"SELECT title FROM {TABLE} WHERE id = 6"), "ticket 6")
        # Escape drops the edit: the editor goes.
        atspi.press_key("Escape")
        deadline = time.monotonic() + 5
        while self.focused_text() is not None and time.monotonic() < deadline:
            atspi.pump_events(0.1)
        self.assertIsNone(self.focused_text(), "the editor went on Escape")


if __name__ == "__main__":
    unittest.main()
