"""A table that selects ranges of cells (ListTable.selectsCells), read as a screen reader reads a
spreadsheet's selection.

The fixture's `--table --selects-cells` table (six text columns, item k's cell in a column
showing "<prefix> k") starts with item 2 focused. Shift+Right and Shift+Down, sent as key events
through AT-SPI as a reader's user types them, make a range of cells: the Table interface's
`is_selected(row, column)` is true for the cells in it and false beside it, in its rows too,
while its rows are the selected ones (`is_row_selected`, `get_selected_rows`); each cell says
`selected` in its states alike, rows scrolled away (no widget) included. Ctrl+C copies the range
to the clipboard as tab-separated text, which the fixture prints.
"""

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FixtureCase, at_scale_one

T = Atspi.Table
SHIFT, CONTROL = 1 << 0, 1 << 2


def press_with(mask, keysym):
    """Presses and releases `keysym` with the modifiers of `mask` held, as a user types it."""
    Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)
    finally:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)
    atspi.pump_events(0.3)


class TableCellRangeSpec(FixtureCase):
    OPTIONS = ["--table", "--selects-cells", "--focus", "2"]
    # A command that takes the rows of the range off screen: none on the list box.
    SCROLL_AWAY = None

    def table(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        self.assertEqual(len(tables), 1, f"one table expected: {[atspi.describe(acc) for acc in self.lists]}")
        return tables[0]

    def assertRangeIs(self, table, rows, columns, message):
        failures = []
        for row in range(1, 6):
            for column in range(0, 5):
                expected = row in rows and column in columns
                if T.is_selected(table, row, column) != expected:
                    failures.append(f"is_selected({row}, {column}) is not {expected}")
                cell = atspi.safe(lambda: T.get_accessible_at(table, row, column))
                if cell is None or ("selected" in atspi.states(cell)) != expected:
                    failures.append(f"the cell at ({row}, {column}) says {sorted(atspi.states(cell)) if cell else None}")
            if T.is_row_selected(table, row) != (row in rows):
                failures.append(f"is_row_selected({row}) is not {row in rows}")
        self.assertNoFailures(failures, message)
        self.assertEqual(list(T.get_selected_rows(table)), sorted(rows), f"{message}: get_selected_rows")

    def test_a_range_made_with_keys_is_selected_cell_by_cell_and_ctrl_c_copies_it(self):
        table = self.table()
        press_with(SHIFT, atspi.KEYSYMS["Right"])
        press_with(SHIFT, atspi.KEYSYMS["Right"])
        press_with(SHIFT, atspi.KEYSYMS["Down"])
        self.assertRangeIs(table, {2, 3}, {0, 1, 2}, "Shift+Right twice and Shift+Down from item 2")

        press_with(CONTROL, ord("c"))
        self.fixture.command("clipboard UTF8_STRING")
        lines = [line for line in self.fixture.history if line.startswith("clipboard:")]
        self.assertEqual(lines[-1], "clipboard: Item 2\\tdetail 2\\tsize 2\\nItem 3\\tdetail 3\\tsize 3\\n")
        self.fixture.command("clipboard text/csv")
        lines = [line for line in self.fixture.history if line.startswith("clipboard:")]
        self.assertEqual(lines[-1], "clipboard: Item 2,detail 2,size 2\\r\\nItem 3,detail 3,size 3\\r\\n")

        if self.SCROLL_AWAY is not None:
            self.fixture.command(self.SCROLL_AWAY)
            self.assertRangeIs(table, {2, 3}, {0, 1, 2}, "the range's rows scrolled away")


class ListBoxTableCellRange(TableCellRangeSpec):
    HOST = "list-box"


class VirtualListTableCellRange(TableCellRangeSpec):
    HOST = "virtual-list"
    SCROLL_AWAY = "scroll-to 5000"


def load_tests(loader, standard_tests, pattern):
    """The host classes, at scale 1 only: what is asked, not where rows are."""
    return at_scale_one(loader, [ListBoxTableCellRange, VirtualListTableCellRange])
