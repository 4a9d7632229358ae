"""A table's toggle, icon, progress and spinner cells, read out of process as a screen reader
reads GtkTreeView's and GTK's own widgets.

The fixture's `--table --cells` table (Tests/Probes/AccessibilityFixture/TableCells.swift) has
a text column, then toggle columns: "Done" (check boxes, on for even items), "Pick" (radio
buttons, item 1 on), "Mixed" (inconsistent for items divisible by 3) and "Locked" (on, not
toggleable). Each toggle cell is a table cell that says its value (checkable, checked,
indeterminate) and offers "toggle" first, the action name Orca recognizes checkable cells by,
holding a check box (or radio button) that says the same, sensitive only when it may be
toggled; a row far down a virtualized table, without a widget, says the same. A reader's
"toggle" reaches the app's `didToggle` with the state asked for, and the new value is told by
exactly one `object:state-changed:checked` event.

Then an icon column ("icon", named by its description "icon k"), a progress column (k % 101
percent: a progress bar named "k %", as GTK writes it, whose Value goes from 0 to 100) and a spinner column (GTK's
"Spinner" animation, busy for k divisible by 3): each a table cell named as its content, holding
an icon, a progress bar or an animation, bound or far down a virtualized table.
"""

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FOCUS_EVENT_WINDOW, FixtureCase, at_scale_one

T = Atspi.Table

DONE, PICK, MIXED, LOCKED = 1, 2, 3, 4
ICON, PROGRESS, SPINNER = 5, 6, 7
VALUE_STATES = {"checkable", "checked", "indeterminate"}


class TableCellsSpec(FixtureCase):
    OPTIONS = ["--table", "--cells"]
    # Items far from the rows on screen: none on the list box (every row is bound).
    FAR = None

    def table(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        self.assertEqual(len(tables), 1, f"one table expected: {[atspi.describe(acc) for acc in self.lists]}")
        return tables[0]

    def cell(self, item, column):
        cell = atspi.safe(lambda: T.get_accessible_at(self.table(), item, column))
        self.assertIsNotNone(cell, f"get_accessible_at({item}, {column})")
        return cell

    def content(self, cell):
        self.assertEqual(cell.get_child_count(), 1, f"{atspi.describe(cell)} holds its check box")
        return cell.get_child_at_index(0)

    def expected(self, item, column):
        """The role of the cell's content, its value states, and whether it may be toggled."""
        if column == DONE:
            return "check box", {"checkable"} | ({"checked"} if item % 2 == 0 else set()), True
        if column == PICK:
            return "radio button", {"checkable"} | ({"checked"} if item == 1 else set()), True
        if column == MIXED:
            return "check box", {"checkable"} | ({"indeterminate"} if item % 3 == 0 else set()), True
        return "check box", {"checkable", "checked"}, False

    def test_toggle_cells_are_check_boxes_in_table_cells_that_say_their_value(self):
        items = [0, 1, 3, 4] + ([self.FAR, self.FAR + 1] if self.FAR is not None else [])
        failures = []
        for item in items:
            for column in (DONE, PICK, MIXED, LOCKED):
                role, value, toggleable = self.expected(item, column)
                cell = self.cell(item, column)
                where = f"item {item}, column {column}: {atspi.describe(cell)}"
                if atspi.role_name(cell) != "table cell" or atspi.table_position(cell) != (item, column):
                    failures.append(f"{where}: a table cell at ({item}, {column})")
                if atspi.states(cell) & VALUE_STATES != value:
                    failures.append(f"{where}: the cell says {atspi.states(cell) & VALUE_STATES}, not {value}")
                if atspi.action_names(cell)[:1] != ["toggle"]:
                    failures.append(f"{where}: actions {atspi.action_names(cell)}, 'toggle' first")
                box = self.content(cell)
                if atspi.role_name(box) != role:
                    failures.append(f"{where}: its content is a {atspi.role_name(box)}, not a {role}")
                states = atspi.states(box)
                if states & VALUE_STATES != value or ({"sensitive", "enabled"} <= states) != toggleable:
                    failures.append(f"{where}: its {role} says {sorted(states)}")
                if atspi.action_names(box) != ["toggle"]:
                    failures.append(f"{where}: its {role} offers {atspi.action_names(box)}")
        self.assertNoFailures(failures, "toggle cells")

    def expected_content(self, item, column):
        """The role and name of the cell's content."""
        if column == ICON:
            return "icon", f"icon {item}"
        if column == PROGRESS:
            return "progress bar", f"{item % 101}\u200a%"  # GTK's message: a hair space before the sign
        return "animation", "Spinner"

    def test_icon_progress_and_spinner_cells_say_what_gtk_says_of_its_widgets(self):
        items = [0, 1, 3, 4] + ([self.FAR, self.FAR + 1, self.FAR + 3] if self.FAR is not None else [])
        failures = []
        for item in items:
            for column in (ICON, PROGRESS, SPINNER):
                role, name = self.expected_content(item, column)
                cell = self.cell(item, column)
                where = f"item {item}, column {column}: {atspi.describe(cell)}"
                if atspi.role_name(cell) != "table cell" or atspi.table_position(cell) != (item, column):
                    failures.append(f"{where}: a table cell at ({item}, {column})")
                if cell.get_name() != name:
                    failures.append(f"{where}: the cell is named {cell.get_name()!r}, not {name!r}")
                content = self.content(cell)
                if atspi.role_name(content) != role or content.get_name() != name:
                    failures.append(f"{where}: its content is {atspi.describe(content)}, not a {role} named {name!r}")
                if column == PROGRESS:
                    value = atspi.safe(
                        lambda: (
                            Atspi.Value.get_current_value(content),
                            Atspi.Value.get_minimum_value(content),
                            Atspi.Value.get_maximum_value(content),
                        )
                    )
                    if value != (item % 101, 0, 100):
                        failures.append(f"{where}: its value (current, minimum, maximum) is {value}")
                if column == SPINNER and ("busy" in atspi.states(content)) != (item % 3 == 0):
                    failures.append(f"{where}: its animation says {sorted(atspi.states(content))}")
        self.assertNoFailures(failures, "icon, progress and spinner cells")

    def toggle(self, item, column, through_content=False):
        """Does the "toggle" action of the cell (or its check box); the app's line, and the
        `checked` changes told meanwhile."""
        recorder = atspi.EventRecorder(["object:state-changed:checked"], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        self.fixture.read_lines()
        cell = self.cell(item, column)
        target = self.content(cell) if through_content else cell
        self.assertTrue(Atspi.Action.do_action(target, atspi.action_names(target).index("toggle")), atspi.describe(target))
        line = self.fixture.wait_for_line("toggled:", timeout=1.5)
        atspi.pump_events(FOCUS_EVENT_WINDOW)
        changes = [event for event in recorder.take() if event.type == "object:state-changed:checked"]
        return line, changes, cell

    def test_a_readers_toggle_reaches_the_app_and_is_told_once(self):
        cases = [(8, DONE, False, False), (9, DONE, True, True), (6, MIXED, False, True)]
        if self.FAR is not None:
            cases += [(self.FAR + 2, DONE, False, False), (self.FAR + 3, DONE, True, True)]
        for item, column, through_content, now_on in cases:
            with self.subTest(item=item, column=column, through_content=through_content):
                line, changes, cell = self.toggle(item, column, through_content)
                name = {DONE: "done", MIXED: "mixed"}[column]
                self.assertEqual(line, f"toggled: {item} {name} {str(now_on).lower()}", self.fixture.history[-5:])
                self.assertEqual(len(changes), 1, f"one checked change: {[str(event) for event in changes]}")
                self.assertEqual(changes[0].detail1, int(now_on), str(changes[0]))
                self.assertEqual("checked" in atspi.states(cell), now_on, atspi.describe(cell))
                again = self.cell(item, column)
                self.assertEqual("checked" in atspi.states(again), now_on, f"asked again: {atspi.describe(again)}")

    def test_a_cell_that_may_not_be_toggled_stays_as_it_is(self):
        # AT-SPI answers do_action before the app performs it: what counts is what happens.
        for item in [2] + ([self.FAR + 4] if self.FAR is not None else []):
            with self.subTest(item=item):
                line, changes, cell = self.toggle(item, LOCKED)
                self.assertIsNone(line, self.fixture.history[-3:])
                self.assertEqual(changes, [], "no change told")
                self.assertIn("checked", atspi.states(cell))


class ListBoxTableCells(TableCellsSpec):
    HOST = "list-box"


class VirtualListTableCells(TableCellsSpec):
    HOST = "virtual-list"
    FAR = 500_000


def load_tests(loader, standard_tests, pattern):
    """The host classes, at scale 1 only: what is asked, not where rows are."""
    return at_scale_one(loader, [ListBoxTableCells, VirtualListTableCells])
