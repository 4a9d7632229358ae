"""The Table interface reads and writes the same selection as the Selection interface.

Orca counts a table's selected children through the Table interface whenever one is present
(`get_n_selected_rows` against `get_n_rows`), so the two must agree, as GtkTreeView's do. A
list shown as a table has a row per item: a row is selected when its item is. A plain list (or
tree) whose accessible has the interface answers the same way, as a table of one column whose
cells are its items' own accessibles, keeping its role. A grid's table has a row per line of
cells: a line is selected when every cell in it is (as a spreadsheet's row), and selecting a
line selects its cells. Columns are never selected as a whole. Rows written through the table
are selected as the user selects them: the app hears of it.
"""


import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FixtureCase, at_scale_one

T = Atspi.Table


class TableSelectionSpec(FixtureCase):
    """One scenario per fixture: it starts from no selection and writes as it goes."""

    OPTIONS = ["--table"]

    def table(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        self.assertTrue(tables, f"{self.HOST} {self.OPTIONS}: no list has the Table interface")
        return tables[0]

    def selected_items(self):
        """What the app last said is selected."""
        lines = [line for line in self.fixture.history if line.startswith("selected:")]
        return set(atspi.parse_ordinals(lines[-1], "selected:")) if lines else set()

    def wait_for_selection(self, expected, after):
        line = self.fixture.wait_for_line("selected:")
        self.assertIsNotNone(line, f"{after}: the app heard of no selection change ({self.fixture.history[-5:]})")
        while True:  # a flow box reports section by section: the last line tells the end state
            more = self.fixture.wait_for_line("selected:", timeout=0.5)
            if more is None:
                break
            line = more
        self.assertEqual(set(atspi.parse_ordinals(line, "selected:")), set(expected), f"{after}: the app says {line!r}")

    def clear(self):
        self.fixture.read_lines()
        for acc in self.lists:
            if atspi.has_interface(acc, "Selection"):
                Atspi.Selection.clear_selection(acc)
        atspi.pump_events(0.3)
        self.fixture.read_lines()

    def assertTableSays(self, table, rows, message):
        """The table's every answer about rows agrees with `rows` being the selected ones."""
        self.assertEqual(list(T.get_selected_rows(table)), sorted(rows), f"{message}: get_selected_rows")
        self.assertEqual(T.get_n_selected_rows(table), len(rows), f"{message}: get_n_selected_rows")
        for row in sorted(rows | {0, 1, 2, 5}):
            self.assertEqual(T.is_row_selected(table, row), row in rows, f"{message}: is_row_selected({row})")
        self.assertEqual(list(T.get_selected_columns(table)), [], f"{message}: no column is selected as a whole")
        self.assertFalse(T.is_column_selected(table, 0), f"{message}: is_column_selected(0)")

    def child_at(self, table, row, column):
        """The index among the table's children of the child showing `row`, `column`."""
        target = atspi.safe(lambda: T.get_accessible_at(table, row, column))
        for index, child in enumerate(atspi.children(table)):
            if atspi.same_accessible(child, target):
                return index
            if atspi.has_interface(child, "TableCell") and atspi.safe(lambda: atspi.table_position(child)) == (row, column):
                return index
            attributes = atspi.attributes(child)
            if atspi.role_name(child) == "table row" and attributes.get("rowindex") == str(row + 1):
                return index
        self.fail(f"no child of {atspi.describe(table)} shows row {row}, column {column}")


class ListTableSelection(TableSelectionSpec):
    """A list shown as a table: a row per item."""

    def test_rows_read_and_written_through_the_table_are_the_selection(self):
        table = self.table()
        self.clear()
        self.assertTableSays(table, set(), "nothing selected")

        Atspi.Selection.select_child(table, self.child_at(table, 2, 0))
        self.wait_for_selection({2}, "Selection.select_child(row 2)")
        self.assertTableSays(table, {2}, "row 2 selected through the Selection interface")
        last = T.get_n_columns(table) - 1
        self.assertTrue(T.is_selected(table, 2, last), f"is_selected(2, {last}): a cell of a selected row")

        self.assertTrue(T.add_row_selection(table, 5), "add_row_selection(5)")
        self.wait_for_selection({2, 5}, "add_row_selection(5)")
        self.assertTableSays(table, {2, 5}, "rows 2 and 5")

        last = T.get_n_rows(table) - 1
        self.assertTrue(T.add_row_selection(table, last), f"add_row_selection({last}), a row with no widget")
        self.wait_for_selection({2, 5, last}, f"add_row_selection({last})")
        self.assertTableSays(table, {2, 5, last}, "rows 2, 5 and the last")

        self.assertTrue(T.remove_row_selection(table, 2), "remove_row_selection(2)")
        self.wait_for_selection({5, last}, "remove_row_selection(2)")
        self.assertTableSays(table, {5, last}, "row 2 removed")
        self.assertEqual(Atspi.Selection.get_n_selected_children(table), 2, "the Selection interface agrees")

        self.assertFalse(T.add_column_selection(table, 0), "columns are not selected as a whole")
        self.assertFalse(T.add_row_selection(table, last + 1), "no row past the last")


class PlainListTableSelection(ListTableSelection):
    """A list that is no table keeps its role and answers as a table of one column."""

    OPTIONS = []
    ROLES = {"list-box": ["list box"], "virtual-list": ["list"]}

    def test_it_keeps_its_role_and_its_cells_are_its_items(self):
        table = self.table()
        expected = ["tree"] if "--tree" in self.OPTIONS else self.ROLES[self.HOST]
        self.assertEqual([atspi.role_name(table)], expected, "a list stays what it is")
        self.assertEqual(T.get_n_columns(table), 1)
        children = atspi.children(table)
        item = next(child for child in children if atspi.role_name(child) in ("list item", "tree item"))
        row = int(atspi.attributes(item).get("posinset", "0")) - 1 if "--tree" not in self.OPTIONS else None
        if row is not None:
            self.assertTrue(atspi.same_accessible(T.get_accessible_at(table, row, 0), item), atspi.describe(item))
        far = T.get_accessible_at(table, T.get_n_rows(table) - 1, 0)
        self.assertIn(atspi.role_name(far), ("list item", "tree item"), atspi.describe(far))
        self.assertIsNone(atspi.safe(lambda: T.get_accessible_at(table, 0, 1)))
        self.assertIsNone(atspi.safe(lambda: T.get_column_header(table, 0)))


class GridTableSelection(TableSelectionSpec):
    """A grid: a row per line of cells, selected when every cell of it is."""

    OPTIONS = []

    def test_lines_read_and_written_through_the_table_are_the_selection(self):
        table = self.table()
        columns = T.get_n_columns(table)
        self.assertGreater(columns, 1, "a grid of several columns")
        self.clear()
        self.assertTableSays(table, set(), "nothing selected")

        Atspi.Selection.select_child(table, self.child_at(table, 0, 1))
        self.wait_for_selection({1}, "Selection.select_child(line 0, column 1)")
        self.assertTableSays(table, set(), "one cell of line 0 is not the line")
        self.assertTrue(T.is_selected(table, 0, 1), "is_selected(0, 1)")

        line = set(range(columns, 2 * columns))
        self.assertTrue(T.add_row_selection(table, 1), "add_row_selection(1)")
        self.wait_for_selection({1} | line, "add_row_selection(1)")
        self.assertTableSays(table, {1}, "line 1, every cell of it")
        self.assertEqual(Atspi.Selection.get_n_selected_children(table), columns + 1, "the Selection interface agrees")

        self.assertTrue(T.remove_row_selection(table, 1), "remove_row_selection(1)")
        self.wait_for_selection({1}, "remove_row_selection(1)")
        self.assertTableSays(table, set(), "line 1 removed")
        self.assertFalse(T.add_column_selection(table, 0), "columns are not selected as a whole")


class ListBoxTableSelection(ListTableSelection):
    HOST = "list-box"


class VirtualListTableSelection(ListTableSelection):
    HOST = "virtual-list"


class ListBoxTreeTableSelection(ListTableSelection):
    HOST = "list-box"
    OPTIONS = ["--table", "--tree"]


class VirtualListTreeTableSelection(ListTableSelection):
    HOST = "virtual-list"
    OPTIONS = ["--table", "--tree"]


class ListBoxPlainSelection(PlainListTableSelection):
    HOST = "list-box"


class VirtualListPlainSelection(PlainListTableSelection):
    HOST = "virtual-list"


class VirtualListTreePlainSelection(PlainListTableSelection):
    HOST = "virtual-list"
    OPTIONS = ["--tree"]


class VirtualGridTableSelection(GridTableSelection):
    HOST = "virtual-grid"


class FlowBoxTableSelection(GridTableSelection):
    HOST = "flow-box"


def load_tests(loader, standard_tests, pattern):
    """The host classes, at scale 1 only: a scale changes where rows are, not which are selected."""
    cases = (
        ListBoxTableSelection, VirtualListTableSelection, ListBoxTreeTableSelection,
        VirtualListTreeTableSelection, VirtualGridTableSelection, FlowBoxTableSelection,
        ListBoxPlainSelection, VirtualListPlainSelection, VirtualListTreePlainSelection,
    )  # fmt: skip
    return at_scale_one(loader, cases)
