"""Editing a table's cells, read out of process as a screen reader reads GtkTreeView's editable
cells.

The fixture's `--table --editable` table makes its second column ("detail k") editable
(ListTable.commitTextEdit). Each of its cells offers the action "edit", which no cell of the
other columns offers; performing it opens the cell's editor: the focus goes to a `text` (the
entry) and nowhere else, holding the cell's text. Enter in it commits (`committed: K TEXT`),
and the focus goes back to the row. A cell whose row is off screen (no widget on the
virtualized host) offers it too: its row scrolls into view with the editor open. Tab commits
and moves the editing to the next row's cell: the focus goes from the editor straight to the
next cell's editor (the table moves its editors from cell to cell), a `text` holding that
cell's text, never to the row in between.
"""

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FOCUS_EVENT_WINDOW, FixtureCase, at_scale_one

T = Atspi.Table
DETAIL = 1


class TableCellEditingSpec(FixtureCase):
    OPTIONS = ["--table", "--editable"]

    def table(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        self.assertEqual(len(tables), 1, f"one table expected: {[atspi.describe(acc) for acc in self.lists]}")
        return tables[0]

    def cell(self, item, column):
        cell = atspi.safe(lambda: T.get_accessible_at(self.table(), item, column))
        self.assertIsNotNone(cell, f"get_accessible_at({item}, {column})")
        return cell

    def test_editable_cells_offer_edit_and_others_do_not(self):
        for item in (0, 2, 5):
            self.assertIn("edit", atspi.action_names(self.cell(item, DETAIL)), f"item {item}'s detail")
            self.assertNotIn("edit", atspi.action_names(self.cell(item, 0)), f"item {item}'s first column")

    def test_edit_focuses_a_text_in_the_cell_and_enter_commits(self):
        recorder = atspi.EventRecorder(["object:state-changed:focused"], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        self.fixture.read_lines()
        cell = self.cell(3, DETAIL)
        self.assertTrue(Atspi.Action.do_action(cell, atspi.action_names(cell).index("edit")), atspi.describe(cell))
        atspi.pump_events(FOCUS_EVENT_WINDOW)
        events = recorder.take()
        focused = [event for event in events if event.detail1 == 1]
        # GTK 3's entry tells its focus twice when it takes it from another entry (the fixture's
        # search field): what counts is that the focus goes to a text, and nowhere else.
        self.assertTrue(focused, f"a focus event expected: {events}")
        self.assertEqual({event.source_role for event in focused}, {"text"}, f"the editor is an entry: {events}")
        atspi.press_key("End")
        atspi.press_key("x")
        atspi.press_key("Return")
        line = self.fixture.wait_for_line("committed:")
        self.assertEqual(line, "committed: 3 detail 3x", self.fixture.history[-5:])

    def test_a_cell_off_screen_offers_edit_and_its_editor_opens_in_view(self):
        item = 150  # of the fixture's 200 items, far below the viewport
        cell = self.cell(item, DETAIL)
        names = atspi.action_names(cell)
        self.assertIn("edit", names, atspi.describe(cell))
        self.assertNotIn("edit", atspi.action_names(self.cell(item, 0)))
        self.fixture.read_lines()
        self.assertTrue(Atspi.Action.do_action(cell, names.index("edit")), atspi.describe(cell))
        atspi.pump_events(FOCUS_EVENT_WINDOW)
        atspi.press_key("End")
        atspi.press_key("x")
        atspi.press_key("Return")
        line = self.fixture.wait_for_line("committed:")
        self.assertEqual(line, f"committed: {item} detail {item}x", self.fixture.history[-5:])

    def test_tab_moves_the_focus_to_an_editor_holding_the_next_cells_text(self):
        recorder = atspi.EventRecorder(["object:state-changed:focused"], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        cell = self.cell(2, DETAIL)
        self.assertTrue(Atspi.Action.do_action(cell, atspi.action_names(cell).index("edit")), atspi.describe(cell))
        atspi.pump_events(FOCUS_EVENT_WINDOW)
        recorder.take()
        self.fixture.read_lines()
        for item in (3, 4):
            atspi.press_key("Tab")
            line = self.fixture.wait_for_line("committed:")
            self.assertEqual(line, f"committed: {item - 1} detail {item - 1}", self.fixture.history[-5:])
            atspi.pump_events(FOCUS_EVENT_WINDOW)
            events = recorder.take()
            focused = [event for event in events if event.detail1 == 1]
            self.assertTrue(focused, f"Tab to item {item}: a focus event expected: {events}")
            self.assertEqual({event.source_role for event in focused}, {"text"}, f"Tab to item {item}: only the editor: {events}")
            self.assertEqual(focused[-1].source_text, f"detail {item}", f"Tab to item {item}: the next cell's text: {events}")
        atspi.press_key("Return")
        line = self.fixture.wait_for_line("committed:")
        self.assertEqual(line, "committed: 4 detail 4", self.fixture.history[-5:])


class ListBoxTableCellEditing(TableCellEditingSpec):
    HOST = "list-box"


class VirtualListTableCellEditing(TableCellEditingSpec):
    HOST = "virtual-list"


def load_tests(loader, standard_tests, pattern):
    """The host classes, at scale 1 only: what is asked, not where rows are."""
    return at_scale_one(loader, [ListBoxTableCellEditing, VirtualListTableCellEditing])
