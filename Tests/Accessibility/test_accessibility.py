"""What a screen reader finds in a GtkListManager list, read out of process through AT-SPI.

Each test class launches the accessibility fixture once (setUpClass) on one host and with one
set of options, then reads it as Orca would: the list's role, its rows in order with their
names, states and `posinset`/`setsize`, the Selection and Table interfaces, and the focus events
key presses send. The four hosts get the same specification; grids add the table's.

Run headless (scripts/check-accessibility.sh does all of it):

    ACCESSIBILITY_FIXTURE=.build/debug/accessibility-fixture \\
    xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \\
    /usr/bin/python3 -m unittest discover -s Tests/Accessibility -v
"""

import os
import unittest

import atspi_client as atspi

# How many rows a failure message lists before it says how many more failed.
SHOWN_FAILURES = 6
# How long a key press's focus events may take to arrive.
FOCUS_EVENT_WINDOW = 0.7


def fixture_path():
    path = os.environ.get("ACCESSIBILITY_FIXTURE")
    if not path or not os.access(path, os.X_OK):
        raise RuntimeError(
            f"ACCESSIBILITY_FIXTURE must name the built accessibility-fixture executable (it is {path!r})"
        )
    return path


# The four hosts: how each is set up, and what AT-SPI must call the list and its item rows.
HOSTS = {
    "list-box": dict(items=200, sections=10, select=[3, 150], list_roles={"list box", "list"}, item_role="list item"),
    "flow-box": dict(items=200, sections=10, select=[3, 150], list_roles={"table"}, item_role="table cell"),
    "virtual-list": dict(
        items=1_000_000, sections=1_000, select=[3, 500_000], list_roles={"list"}, item_role="list item"
    ),
    "virtual-grid": dict(
        items=1_000_000, sections=1_000, select=[3, 500_000], list_roles={"table"}, item_role="table cell"
    ),
}


def listed(failures):
    """Failure lines, the first few of them, and how many more."""
    shown = "\n  ".join(str(failure) for failure in failures[:SHOWN_FAILURES])
    more = f"\n  … and {len(failures) - SHOWN_FAILURES} more" if len(failures) > SHOWN_FAILURES else ""
    return f"\n  {shown}{more}"


class FixtureCase(unittest.TestCase):
    """One launch of the fixture for the whole class, and one reading of its list."""

    HOST = None  # a key of HOSTS; None in the abstract classes below
    OPTIONS = []  # more command-line options

    @classmethod
    def setUpClass(cls):
        if cls.HOST is None:
            raise unittest.SkipTest("abstract specification")
        cls.spec = HOSTS[cls.HOST]
        cls.items = cls.spec["items"]
        cls.sections = cls.spec["sections"]
        cls.section_size = -(-cls.items // cls.sections)
        cls.is_grid = cls.HOST in ("flow-box", "virtual-grid")
        cls.named_rows = "--named-rows" in cls.OPTIONS
        args = ["--host", cls.HOST, "--items", str(cls.items), "--sections", str(cls.sections), *cls.OPTIONS]
        cls.fixture = atspi.Fixture(fixture_path(), args, name=f"a11y-{cls.__name__}")
        try:
            cls.app = atspi.find_application(cls.fixture.name, cls.fixture.process.pid)
            cls.read_list()
        except Exception:
            cls.fixture.close()
            raise

    @classmethod
    def tearDownClass(cls):
        if hasattr(cls, "fixture"):
            cls.fixture.close()

    @classmethod
    def read_list(cls):
        """The lists (flow-box: one table per section), their rows, the section headers."""
        cls.lists = atspi.find_lists(cls.app)
        if not cls.lists:
            raise AssertionError(f"the fixture ({cls.HOST}) shows no list, table or list box through AT-SPI")
        cls.rows = atspi.read_rows(cls.lists)
        cls.item_rows = [row for row in cls.rows if row.kind == "item"]
        # Headers are rows of the list, or, where each section is a list of its own (the flow
        # box), what stands before it in its parent.
        cls.headers = [row for row in cls.rows if row.kind == "header"]
        for list_index, list_acc in enumerate(cls.lists):
            parent = list_acc.get_parent()
            siblings = atspi.children(parent) if parent is not None else []
            for index, sibling in enumerate(siblings[: list_acc.get_index_in_parent()]):
                row = atspi.safe(lambda: atspi.read_row(sibling, index, list_index))
                if row is not None and row.kind == "header":
                    cls.headers.append(row)
        cls.viewport = cls.viewport_extents(cls.lists[0])

    @staticmethod
    def viewport_extents(acc):
        """The extents of the scrolled window around `acc`: what is on screen."""
        node = acc
        while node is not None:
            if node.get_role() in (atspi.Atspi.Role.SCROLL_PANE, atspi.Atspi.Role.FRAME):
                return atspi.extents(node)
            node = node.get_parent()
        return atspi.extents(acc)

    def expected_item_name(self, ordinal):
        return f"Item {ordinal}" if self.named_rows else f"Item {ordinal}, detail {ordinal}"

    def on_screen_items(self):
        return [row for row in self.item_rows if row.on_screen(self.viewport)]

    def assertNoFailures(self, failures, message):
        """Fails with `message` and the first failures when there are any."""
        if failures:
            self.fail(f"{message} ({len(failures)} of them){listed(failures)}")

    def assertChildrenSayTheirIndexInParent(self):
        """Each child of each list (and each cell of a table row) says the index its parent gives
        it, and names that parent: Orca moves to the next and previous object by index in
        parent ± 1, so a list that counted from the other end would be read backwards."""
        failures = []
        for list_acc in self.lists:
            for index, child in enumerate(atspi.children(list_acc)):
                said = atspi.safe(lambda: child.get_index_in_parent())
                if said != index:
                    failures.append(f"child {index} {atspi.describe(child)} says {said}")
                if not atspi.same_accessible(atspi.safe(lambda: child.get_parent()), list_acc):
                    failures.append(f"child {index} {atspi.describe(child)} names another parent")
                if atspi.role_name(child) != "table row":
                    continue
                for cell_index, cell in enumerate(atspi.children(child)):
                    said = atspi.safe(lambda: cell.get_index_in_parent())
                    if said != cell_index:
                        failures.append(f"cell {cell_index} {atspi.describe(cell)} of child {index} says {said}")
        self.assertNoFailures(failures, f"{self.HOST} {self.OPTIONS}: children should say their index in parent")

    def assertOpensAndClosesThroughItsAction(self, acc, item):
        """`acc` (the row of tree item `item`, closed, or a cell of it) offers "expand or
        contract" first, as GtkTreeView's expander cell does, then "activate"; doing it opens the
        row (one expanded change, its five children shown), doing it again closes it."""
        self.assertEqual(atspi.action_names(acc), ["expand or contract", "activate"], atspi.describe(acc))
        recorder = atspi.EventRecorder(["object:state-changed:expanded"], pid=self.fixture.process.pid)
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        children = set(range(item + 1, item + 6))
        for opened in (1, 0):
            self.assertTrue(atspi.Atspi.Action.do_action(acc, 0), f"do_action(0) on {atspi.describe(acc)}")
            atspi.pump_events(FOCUS_EVENT_WINDOW)
            changes = [event.detail1 for event in recorder.take() if event.type == "object:state-changed:expanded"]
            self.assertEqual(changes, [opened], f"item {item}: one expanded change to {opened}")
            shown = self.shown_items()
            self.assertEqual(children <= shown, bool(opened), f"item {item}'s children {sorted(children)}; shown: {sorted(shown)}")

    def assertSomeItemRows(self):
        self.assertTrue(
            self.item_rows,
            f"no item rows among the {len(self.rows)} children of the list(s) "
            f"{[atspi.describe(acc) for acc in self.lists]}: {listed(self.rows)}",
        )


# MARK: - Structure: roles, order, names, states, positions


class StructureSpec(FixtureCase):
    """A list as it first shows: roles, rows in visual order, names, states, posinset/setsize."""

    # Whether the section header above the first items is on screen (scrolled to the top).
    EXPECTS_HEADER = True

    def test_list_role(self):
        roles = [atspi.role_name(acc) for acc in self.lists]
        for role in roles:
            self.assertIn(
                role,
                self.spec["list_roles"],
                f"{self.HOST}: the list's role should be one of {sorted(self.spec['list_roles'])}; AT-SPI says {roles}",
            )

    def test_item_rows_have_the_item_role(self):
        self.assertSomeItemRows()
        wrong = [row for row in self.item_rows if row.role != self.spec["item_role"]]
        self.assertNoFailures(wrong, f"item rows should have the role {self.spec['item_role']!r}; these do not")

    def test_section_headers_are_headings_that_cannot_be_selected(self):
        if self.EXPECTS_HEADER:
            self.assertTrue(
                self.headers, f"no section header row found (one showing 'Section s'); rows:{listed(self.rows)}"
            )
        wrong = [
            f"{header} role {header.role!r}, states {sorted(header.states)}"
            for header in self.headers
            if header.role != "heading" or "selectable" in header.states
        ]
        self.assertNoFailures(wrong, f"section headers should have the role 'heading' and no 'selectable' state")

    def test_section_headers_have_no_position_in_the_set(self):
        wrong = [header for header in self.headers if "posinset" in header.attributes]
        self.assertNoFailures(wrong, f"section headers are not items: they should have no 'posinset'")

    def test_section_headers_are_named_by_their_title(self):
        wrong = [
            f"{header} should be named {header.shown_text!r}"
            for header in self.headers
            if header.name != header.shown_text
        ]
        self.assertNoFailures(wrong, f"section headers should be named 'Section s'")

    def test_children_are_in_visual_order(self):
        self.assertSomeItemRows()
        rtl = "--rtl" in self.OPTIONS
        failures = []
        previous = None
        for row in self.item_rows:
            if previous is not None and row.ordinal is not None and previous.ordinal is not None:
                if row.ordinal <= previous.ordinal:
                    failures.append(f"item {row.ordinal} comes after item {previous.ordinal}: {previous} then {row}")
            previous = row
        # Geometry only where GTK knows it: rows outside the viewport of a list box or a flow
        # box say (-2147483648, -2147483648).
        placed = [row for row in self.item_rows if row.has_extents]
        for previous, row in zip(placed, placed[1:]):
            (px, py), (x, y) = previous.extents[:2], row.extents[:2]
            if y < py:
                failures.append(f"y goes back from {py} to {y}: {previous} then {row}")
            elif self.is_grid and y == py and (x >= px if rtl else x <= px):
                direction = "right to left" if rtl else "left to right"
                failures.append(f"cells of a line should go {direction}: x {px} then {x}: {previous} then {row}")
        self.assertNoFailures(failures, f"{self.HOST}: children should come in visual order")

    def test_children_say_their_index_in_parent(self):
        self.assertChildrenSayTheirIndexInParent()

    def test_item_names(self):
        self.assertSomeItemRows()
        how = "the row's own accessibleName" if self.named_rows else "its labels joined by ', '"
        wrong = [
            f"{row} should be named {self.expected_item_name(row.ordinal)!r}"
            for row in self.item_rows
            if row.name != self.expected_item_name(row.ordinal)
        ]
        self.assertNoFailures(wrong, f"{self.HOST}: item k should be named by {how}")

    def test_item_rows_are_selectable_and_focusable(self):
        self.assertSomeItemRows()
        wrong = [
            f"{row} states {sorted(row.states)}"
            for row in self.item_rows
            if not {"selectable", "focusable"} <= row.states
        ]
        self.assertNoFailures(wrong, f"item rows should be 'selectable' and 'focusable'")

    def test_only_the_selected_items_have_the_selected_state(self):
        expected = set(self.selected_ordinals())
        wrong = [
            f"{row} {'lacks' if row.ordinal in expected else 'has'} 'selected'"
            for row in self.item_rows
            if ("selected" in row.states) != (row.ordinal in expected)
        ]
        self.assertNoFailures(wrong, f"exactly the items {sorted(expected)} should be 'selected'")

    def selected_ordinals(self):
        for index, option in enumerate(self.OPTIONS):
            if option == "--select":
                return [int(part) for part in self.OPTIONS[index + 1].split(",")]
        return []

    def test_rows_on_screen_are_showing(self):
        self.assertSomeItemRows()
        shown = self.on_screen_items() + [header for header in self.headers if header.on_screen(self.viewport)]
        self.assertTrue(shown, f"no row is on screen (viewport {self.viewport}):{listed(self.rows)}")
        wrong = [f"{row} states {sorted(row.states)}" for row in shown if "showing" not in row.states]
        self.assertNoFailures(wrong, f"rows within the viewport {self.viewport} should be 'showing'")

    def test_posinset_is_the_items_place_among_items(self):
        self.assertSomeItemRows()
        wrong = [
            f"{row} shows item {row.shown_ordinal}: posinset should be {row.shown_ordinal + 1}"
            for row in self.item_rows
            if row.posinset is None or (row.shown_ordinal is not None and row.posinset != row.shown_ordinal + 1)
        ]
        self.assertNoFailures(wrong, f"item k should have the attribute posinset = k + 1 (1-based, items only)")

    def test_setsize_counts_items_only(self):
        self.assertSomeItemRows()
        list_setsizes = [atspi.attributes(acc).get("setsize") for acc in self.lists]
        wrong = []
        for row in self.item_rows:
            # As Orca reads it: the row's own setsize, else its list's.
            setsize = row.setsize
            if setsize is None:
                value = list_setsizes[row.list_index]
                setsize = int(value) if value is not None and value.lstrip("-").isdigit() else None
            if setsize != self.items:
                wrong.append(f"{row} setsize {setsize} (list says {list_setsizes[row.list_index]})")
        self.assertNoFailures(wrong, f"setsize should be {self.items:,} (the items, not the {self.sections:,} headers too)")


class GridSpec(StructureSpec):
    """A grid's table: columns on screen, and cells that know their row and column."""

    def tables(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        if not tables:
            self.fail(
                f"{self.HOST}: the grid should implement the Table interface; "
                f"its interfaces are {self.lists[0].get_interfaces()}"
            )
        return tables

    def test_table_counts_the_columns_on_screen(self):
        for table in self.tables():
            columns = atspi.Atspi.Table.get_n_columns(table)
            rows = atspi.Atspi.Table.get_n_rows(table)
            self.assertGreater(columns, 1, f"{atspi.describe(table)}: get_n_columns should count the columns on screen (> 1)")
            self.assertGreater(rows, 0, f"{atspi.describe(table)}: get_n_rows should be > 0")

    def test_cells_know_their_row_and_column(self):
        tables = self.tables()
        self.assertSomeItemRows()
        failures = []
        for row in self.item_rows:
            table = self.lists[row.list_index]
            if table not in tables:
                continue
            if not atspi.has_interface(row.acc, "TableCell"):
                failures.append(f"{row} has no TableCell interface ({row.acc.get_interfaces()})")
                continue
            position = atspi.safe(lambda: atspi.table_position(row.acc))
            if position is None:
                failures.append(f"{row}: TableCell.get_position failed")
                continue
            line, column = position
            columns = atspi.Atspi.Table.get_n_columns(table)
            index_in_section = row.ordinal % self.section_size
            if self.HOST == "virtual-grid" and columns > 0 and column != index_in_section % columns:
                failures.append(
                    f"{row} at (row {line}, column {column}): column should be {index_in_section % columns} "
                    f"(item {index_in_section} of its section, {columns} columns)"
                )
            found = atspi.safe(lambda: atspi.Atspi.Table.get_accessible_at(table, line, column))
            if not atspi.same_accessible(found, row.acc):
                failures.append(f"{row}: get_accessible_at({line}, {column}) answers {atspi.describe(found)}")
        self.assertNoFailures(failures, f"{self.HOST}: cells and the table should agree on positions")


class NamedRowsSpec(FixtureCase):
    """Rows that conform to AccessibleRow name themselves, with or without a widget."""

    OPTIONS = ["--named-rows"]

    def test_item_names_are_the_rows_own(self):
        self.assertSomeItemRows()
        wrong = [
            f"{row} should be named {self.expected_item_name(row.ordinal)!r}"
            for row in self.item_rows
            if row.name != self.expected_item_name(row.ordinal)
        ]
        self.assertNoFailures(wrong, f"{self.HOST}: with AccessibleRow, item k is named 'Item k'")

    def test_section_headers_keep_their_title(self):
        self.assertTrue(self.headers, f"no section header row found; rows:{listed(self.rows)}")
        wrong = [header for header in self.headers if header.name != header.shown_text]
        self.assertNoFailures(wrong, f"section headers should be named 'Section s'")


class ScrolledSpec(StructureSpec):
    """Half way down a million items: the same rules, and positions that count from the top."""

    OPTIONS = ["--scroll-to", "500000"]
    EXPECTS_HEADER = False

    def test_first_item_on_screen_is_item_500000(self):
        shown = self.on_screen_items()
        self.assertTrue(shown, f"no item row on screen (viewport {self.viewport}):{listed(self.rows)}")
        top = min(shown, key=lambda row: (row.extents[1], row.extents[0]))
        self.assertEqual(
            top.posinset,
            500_001,
            f"scrolled to item 500000, the top item on screen should have posinset 500001; it is {top}",
        )


class SelectionSpec(FixtureCase):
    """The Selection interface answers from the manager's selection, rows without a widget too.

    unittest runs the methods in name order: the `test_reads_*` ones before the
    `test_writes_*` ones, which change the selection.
    """

    def selected_options(self):
        return self.spec["select"]

    def selection_lists(self):
        lists = [acc for acc in self.lists if atspi.has_interface(acc, "Selection")]
        if not lists:
            self.fail(
                f"{self.HOST}: the list should implement the Selection interface; "
                f"its interfaces are {self.lists[0].get_interfaces()}"
            )
        return lists

    def selected_now(self):
        """The selected children of every list, in list order."""
        return [child for acc in self.selection_lists() for child in atspi.selected_children(acc)]

    def last_reported_selection(self):
        lines = [line for line in self.fixture.history if line.startswith("selected:")]
        return set(atspi.parse_ordinals(lines[-1], "selected:")) if lines else set()

    def test_reads_the_selected_states(self):
        expected = set(self.selected_options())
        wrong = [
            f"{row} {'lacks' if row.ordinal in expected else 'has'} 'selected'"
            for row in self.item_rows
            if ("selected" in row.states) != (row.ordinal in expected)
        ]
        self.assertNoFailures(wrong, f"exactly the items {sorted(expected)} should be 'selected'")

    def test_reads_the_selected_count_with_rows_that_have_no_widget(self):
        count = sum(atspi.Atspi.Selection.get_n_selected_children(acc) for acc in self.selection_lists())
        self.assertEqual(
            count,
            len(self.selected_options()),
            f"{self.HOST}: items {self.selected_options()} are selected (scrolled to the top): "
            f"get_n_selected_children should count every one, on screen or not; AT-SPI says {count}",
        )

    def test_reads_the_selected_children_in_list_order(self):
        names = [atspi.safe(lambda: child.get_name(), "[gone]") for child in self.selected_now()]
        expected = [f"Item {ordinal}, detail {ordinal}" for ordinal in self.selected_options()]
        self.assertEqual(
            names, expected, f"{self.HOST}: get_selected_child(i) should name the selected items in list order"
        )

    def test_writes_select_child_selects_the_item(self):
        target = next((row for row in self.on_screen_items() if row.ordinal == 5), None)
        self.assertIsNotNone(target, f"item 5 is not among the rows on screen:{listed(self.item_rows)}")
        table = self.lists[target.list_index]
        before = self.last_reported_selection()
        self.fixture.read_lines()
        answered = atspi.safe(lambda: atspi.Atspi.Selection.select_child(table, target.index), "error")
        line = self.fixture.wait_for_line("selected:")
        if line is None:
            now = atspi.safe(lambda: atspi.Atspi.Selection.is_child_selected(table, target.index), "error")
            self.fail(
                f"select_child({target.index}) on {atspi.describe(table)} (item 5 {target}) answered {answered}, "
                f"and is_child_selected now says {now}; the app heard of no selection change: the fixture "
                f"printed no 'selected:' line within 3 s (it printed {self.fixture.history[-5:]})"
            )
        self.assertEqual(
            set(atspi.parse_ordinals(line, "selected:")),
            before | {5},
            f"select_child on item 5 should add it to the selection {sorted(before)}; the fixture printed {line!r}",
        )

    def test_writes_clear_selection_empties_it(self):
        self.fixture.read_lines()
        answers = [atspi.safe(lambda: atspi.Atspi.Selection.clear_selection(acc), "error") for acc in self.selection_lists()]
        line = None
        # The flow box clears section by section: the last line tells the end state.
        while True:
            next_line = self.fixture.wait_for_line("selected:", timeout=1.5 if line else 3.0)
            if next_line is None:
                break
            line = next_line
        remaining = sum(atspi.Atspi.Selection.get_n_selected_children(acc) for acc in self.selection_lists())
        self.assertEqual(
            (line or "").strip(),
            "selected:",
            f"clear_selection answered {answers}, and get_n_selected_children now says {remaining}; the app "
            f"should hear of it: the fixture should print an empty 'selected:' (it printed {self.fixture.history[-5:]})",
        )
        self.assertEqual(remaining, 0, f"after clear_selection, get_n_selected_children says {remaining}")


class FocusSpec(FixtureCase):
    """Each key press that moves the focus sends exactly one focus event, from the new item."""

    OPTIONS = ["--focus", "0"]
    KEYS = ["Down", "Down", "Down", "Page_Down", "Page_Down", "End", "Home", "Up", "Down"]

    def test_one_focus_event_per_key_press(self):
        recorder = atspi.EventRecorder(
            ["object:state-changed:focused", "object:active-descendant-changed", "object:selection-changed"],
            pid=self.fixture.process.pid,
        )
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        self.fixture.read_lines()
        for step, key in enumerate(self.KEYS):
            with self.subTest(step=step, key=key):
                atspi.press_key(key)
                atspi.pump_events(FOCUS_EVENT_WINDOW)
                lines = self.fixture.read_lines()
                events = recorder.take()
                focused = [event for event in events if event.type == "object:state-changed:focused" and event.detail1 == 1]
                moves = [atspi.parse_ordinals(line, "focus:")[0] for line in lines if line.startswith("focus:")]
                seen = f"fixture printed {lines}; AT-SPI sent:{listed(events) if events else ' nothing'}"
                if step == 0:
                    self.assertTrue(moves, f"the first Down did not reach the app or moved no focus: {seen}")
                if moves:
                    self.assertEqual(
                        len(focused), 1, f"{key} moved the focus to item {moves[-1]}: expected one focus event; {seen}"
                    )
                    self.assertEqual(
                        focused[0].source_name,
                        self.expected_item_name(moves[-1]),
                        f"{key}: the focus event should come from the newly focused item {moves[-1]}; {seen}",
                    )
                else:
                    self.assertLessEqual(len(focused), 1, f"{key} moved no item focus: expected at most one focus event; {seen}")

    def test_reader_focusing_an_item_moves_the_keyboard_cursor_there(self):
        """A reader's grab_focus puts the keyboard where a click would: the next Down goes on
        from that item (to the item below it in a grid), as GtkTreeView's cells do."""
        rows = {row.ordinal: row for row in atspi.read_rows(atspi.find_lists(self.app)) if row.kind == "item"}
        columns = 1
        if self.is_grid:
            table = next(acc for acc in atspi.find_lists(self.app) if atspi.has_interface(acc, "Table"))
            columns = atspi.Atspi.Table.get_n_columns(table)
        target = 2 * columns + 1 if self.is_grid else 5
        self.assertIn(target, rows, f"item {target} should show: {sorted(ordinal for ordinal in rows if ordinal is not None)[:20]}")
        self.fixture.read_lines()
        self.assertTrue(atspi.Atspi.Component.grab_focus(rows[target].acc), f"grab_focus on item {target}")
        self.assertIsNotNone(self.fixture.wait_for_line(f"focus: {target}"), f"focus: {self.fixture.history[-5:]}")
        atspi.press_key("Down")
        below = target + columns
        line = self.fixture.wait_for_line("focus:")
        self.assertEqual(line, f"focus: {below}", f"Down after focusing item {target} should go to item {below}")


class RightToLeftSpec(FixtureCase):
    """Under a right-to-left locale a grid's cells run from right to left in each line."""

    OPTIONS = ["--rtl"]
    test_children_are_in_visual_order = StructureSpec.test_children_are_in_visual_order


class TreeSpec(FixtureCase):
    """A tree's rows (--tree: items 0 … 900 at the top, each with five children, 0 and 100
    open): each row's level, place among its siblings and open state, as Orca reads them; keys
    that open, close and move send the expansion change and one focus event each."""

    OPTIONS = ["--tree", "--focus", "0"]

    def test_children_say_their_index_in_parent(self):
        self.assertChildrenSayTheirIndexInParent()

    def row_of(self, item):
        rows = [row for row in atspi.read_rows(atspi.find_lists(self.app)) if row.shown_ordinal == item]
        self.assertEqual(len(rows), 1, f"item {item} should show in one row")
        return rows[0]

    def shown_items(self):
        return {row.shown_ordinal for row in atspi.read_rows(atspi.find_lists(self.app))}

    def test_the_list_is_a_tree_of_tree_items(self):
        self.assertEqual([atspi.role_name(acc) for acc in self.lists], ["tree"], "a tree on one column is a tree")
        wrong = [row for row in self.rows if row.role != "tree item"]
        self.assertNoFailures(wrong, "its rows should be tree items")

    def test_rows_open_and_close_through_their_action_and_activate(self):
        self.assertOpensAndClosesThroughItsAction(self.row_of(200).acc, 200)
        leaf = self.row_of(3).acc
        self.assertEqual(atspi.action_names(leaf), ["activate"], f"a leaf: {atspi.describe(leaf)}")
        self.fixture.read_lines()
        self.assertTrue(atspi.Atspi.Action.do_action(leaf, 0), "do_action(activate)")
        self.assertIsNotNone(self.fixture.wait_for_line("activated: 3"), f"activated: {self.fixture.history[-5:]}")

    def test_rows_say_their_level_place_among_siblings_and_open_state(self):
        expected = {
            0: ("1", "1", "10", {"expandable", "expanded"}),
            3: ("2", "3", "5", set()),
            100: ("1", "2", "10", {"expandable", "expanded"}),
            200: ("1", "3", "10", {"expandable"}),
        }
        for item, (level, posinset, setsize, states) in expected.items():
            with self.subTest(item=item):
                row = self.row_of(item)
                self.assertEqual(
                    (row.attributes.get("level"), row.attributes.get("posinset"), row.attributes.get("setsize")),
                    (level, posinset, setsize),
                    f"item {item}: {row}",
                )
                self.assertEqual(row.states & {"expandable", "expanded"}, states, f"item {item}: {row.states}")

    def test_keys_open_and_close_with_one_expansion_change_and_one_focus_event_each(self):
        recorder = atspi.EventRecorder(
            ["object:state-changed:focused", "object:state-changed:expanded"], pid=self.fixture.process.pid
        )
        self.addCleanup(recorder.close)
        atspi.pump_events(0.3)
        recorder.take()
        self.fixture.read_lines()
        # Item 0 is open and focused: keypad - closes it, keypad + opens it, Right goes to its first
        # child, Left back to it.
        steps = [("KP_Subtract", "expanded", 0), ("KP_Add", "expanded", 1), ("Right", "focus", 1), ("Left", "focus", 0)]
        for key, kind, value in steps:
            with self.subTest(key=key):
                atspi.press_key(key)
                atspi.pump_events(FOCUS_EVENT_WINDOW)
                events = recorder.take()
                lines = self.fixture.read_lines()
                seen = f"fixture printed {lines}; AT-SPI sent:{listed(events) if events else ' nothing'}"
                expanded = [event for event in events if event.type == "object:state-changed:expanded"]
                focused = [event for event in events if event.type == "object:state-changed:focused" and event.detail1 == 1]
                if kind == "expanded":
                    self.assertEqual([event.detail1 for event in expanded], [value], f"{key}: {seen}")
                    self.assertEqual(expanded[0].source_name, self.expected_item_name(0), seen)
                    self.assertEqual(focused, [], f"{key} moves no focus: {seen}")
                else:
                    self.assertEqual(len(focused), 1, f"{key}: one focus event; {seen}")
                    self.assertEqual(focused[0].source_name, self.expected_item_name(value), seen)


class TableSpec(FixtureCase):
    """A list shown as a table (--table: six columns, three on screen): a table of the items
    and the shown columns, with column headers."""

    OPTIONS = ["--table"]
    TITLES = ["Item", "Detail", "Size", "Kind", "Note", "Extra"]
    PREFIXES = ["Item", "detail", "size", "kind", "note", "extra"]
    ROLE = "table"

    def table(self):
        self.assertEqual(len(self.lists), 1, f"one table expected: {[atspi.describe(acc) for acc in self.lists]}")
        table = self.lists[0]
        self.assertTrue(atspi.has_interface(table, "Table"), f"{atspi.describe(table)}: {table.get_interfaces()}")
        return table

    def table_rows(self):
        return [row for row in self.rows if row.role == "table row"]

    def test_children_say_their_index_in_parent(self):
        self.assertChildrenSayTheirIndexInParent()

    def test_the_list_is_a_table_of_the_items_and_the_shown_columns(self):
        table = self.table()
        self.assertEqual(atspi.role_name(table), self.ROLE)
        self.assertEqual(atspi.Atspi.Table.get_n_rows(table), self.items, "rows: the items, section headers not counted")
        self.assertEqual(atspi.Atspi.Table.get_n_columns(table), len(self.TITLES))

    def test_columns_have_headers_named_by_their_titles(self):
        table = self.table()
        headers = [atspi.Atspi.Table.get_column_header(table, column) for column in range(len(self.TITLES))]
        self.assertEqual([atspi.safe(lambda: header.get_name()) for header in headers], self.TITLES)
        self.assertEqual({atspi.role_name(header) for header in headers}, {"column header"})
        descriptions = [atspi.Atspi.Table.get_column_description(table, column) for column in range(len(self.TITLES))]
        self.assertEqual(descriptions, self.TITLES)


class FlatTableSpec(TableSpec):
    """Its rows are table rows of cells, each knowing its row and column (rowindex and colindex
    too), cells without a widget included, down the list or sideways."""

    def cell_name(self, column, item):
        return f"{self.PREFIXES[column]} {item}"

    def test_item_rows_are_table_rows_of_cells_that_know_their_place(self):
        rows = self.table_rows()
        self.assertTrue(rows, f"no child of the table is a 'table row':{listed(self.rows)}")
        failures = []
        for row in rows:
            item = row.posinset - 1 if row.posinset is not None else None
            if item is None or row.attributes.get("rowindex") != str(item + 1):
                failures.append(f"{row}: rowindex should be posinset ({row.posinset})")
                continue
            cells = atspi.children(row.acc)
            if len(cells) < 3:
                failures.append(f"{row}: the three columns on screen should be cells, it has {len(cells)} children")
            for column, cell in enumerate(cells):
                described = atspi.describe(cell)
                if atspi.role_name(cell) != "table cell" or cell.get_name() != self.cell_name(column, item):
                    failures.append(f"{described} should be the table cell {self.cell_name(column, item)!r}")
                    continue
                if atspi.table_position(cell) != (item, column):
                    failures.append(f"{described}: TableCell position {atspi.table_position(cell)} should be {(item, column)}")
                attributes = atspi.attributes(cell)
                if (attributes.get("rowindex"), attributes.get("colindex")) != (str(item + 1), str(column + 1)):
                    failures.append(f"{described}: rowindex/colindex should be {item + 1}/{column + 1}")
                headers = atspi.Atspi.TableCell.get_column_header_cells(cell)
                if [header.get_name() for header in headers] != [self.TITLES[column]]:
                    failures.append(f"{described}: its column header should be {self.TITLES[column]!r}")
                found = atspi.Atspi.Table.get_accessible_at(self.lists[0], item, column)
                if not atspi.same_accessible(found, cell):
                    failures.append(f"{described}: get_accessible_at({item}, {column}) answers {atspi.describe(found)}")
        self.assertNoFailures(failures, "table rows and their cells")

    def test_cells_without_a_widget_say_their_place_and_name(self):
        table = self.table()
        last = self.items - 1
        # Far down the list (no row widget), then sideways (a bound row, a column off screen).
        for item, column in [(last, 0), (last, 4), (0, 5)]:
            with self.subTest(item=item, column=column):
                cell = atspi.Atspi.Table.get_accessible_at(table, item, column)
                self.assertIsNotNone(cell, f"get_accessible_at({item}, {column})")
                self.assertEqual(atspi.role_name(cell), "table cell", atspi.describe(cell))
                self.assertEqual(cell.get_name(), self.cell_name(column, item), atspi.describe(cell))
                self.assertEqual(atspi.table_position(cell), (item, column), atspi.describe(cell))
                attributes = atspi.attributes(cell)
                self.assertEqual(
                    (attributes.get("rowindex"), attributes.get("colindex")), (str(item + 1), str(column + 1)), attributes
                )
                headers = atspi.Atspi.TableCell.get_column_header_cells(cell)
                self.assertEqual([header.get_name() for header in headers], [self.TITLES[column]])
        self.assertIsNone(atspi.safe(lambda: atspi.Atspi.Table.get_accessible_at(table, self.items, 0)))
        self.assertIsNone(atspi.safe(lambda: atspi.Atspi.Table.get_accessible_at(table, 0, len(self.TITLES))))


class TreeTableSpec(TableSpec):
    """A tree shown as a table (ten top-level items with five children each, 0 and 100 open):
    a tree table of the 20 rows that show, its rows with their level and open state."""

    OPTIONS = ["--table", "--tree"]
    ROLE = "tree table"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.items = 20

    def test_rows_say_their_level_and_open_state(self):
        by_first_cell = {}
        for row in self.table_rows():
            cells = atspi.children(row.acc)
            by_first_cell[cells[0].get_name() if cells else None] = row
        expected = {"Item 0": ("1", {"expandable", "expanded"}), "Item 3": ("2", set()), "Item 200": ("1", {"expandable"})}
        for name, (level, states) in expected.items():
            with self.subTest(row=name):
                self.assertIn(name, by_first_cell, f"no table row starts with the cell {name!r}: {list(by_first_cell)}")
                row = by_first_cell[name]
                self.assertEqual(row.attributes.get("level"), level, str(row))
                self.assertEqual(row.states & {"expandable", "expanded"}, states, str(row))

    def shown_items(self):
        names = [atspi.safe(lambda: atspi.children(row.acc)[0].get_name()) for row in atspi.read_rows(atspi.find_lists(self.app))]
        return {int(name.split()[1]) for name in names if name and name.startswith("Item ")}

    def row_starting_with(self, name):
        for row in atspi.read_rows(atspi.find_lists(self.app)):
            cells = atspi.children(row.acc)
            if cells and cells[0].get_name() == name:
                return row.acc, cells
        self.fail(f"no table row starts with the cell {name!r}")

    def test_a_sort_orders_every_level_and_rows_keep_their_level_and_place(self):
        self.fixture.command("sort item desc")
        try:
            shown = [row for row in atspi.read_rows(atspi.find_lists(self.app)) if row.role == "table row"]
            rows = [(atspi.children(row.acc)[0].get_name(), row) for row in shown]
            names = [name for name, _ in rows]
            self.assertEqual(names[:3], ["Item 900", "Item 800", "Item 700"], names)
            self.assertEqual(names[names.index("Item 100") + 1 : names.index("Item 100") + 3], ["Item 105", "Item 104"], names)
            by_name = dict(rows)
            self.assertEqual(by_name["Item 900"].attributes.get("level"), "1")
            self.assertEqual(by_name["Item 900"].attributes.get("posinset"), "1")
            self.assertEqual(by_name["Item 105"].attributes.get("level"), "2")
            self.assertEqual(by_name["Item 105"].attributes.get("posinset"), "1")
            self.assertEqual(by_name["Item 100"].states & {"expandable", "expanded"}, {"expandable", "expanded"})
        finally:
            self.fixture.command("sort item asc")

    def test_rows_and_their_cells_open_and_close_through_their_action(self):
        row, _ = self.row_starting_with("Item 200")
        self.assertOpensAndClosesThroughItsAction(row, 200)
        _, cells = self.row_starting_with("Item 200")
        self.assertOpensAndClosesThroughItsAction(cells[0], 200)
        _, leaf_cells = self.row_starting_with("Item 3")
        self.assertEqual(atspi.action_names(leaf_cells[0]), ["activate"])


# MARK: - The hosts


class ListBoxStructure(StructureSpec):
    HOST = "list-box"


class ListBoxNamedRows(NamedRowsSpec):
    HOST = "list-box"


class ListBoxSelection(SelectionSpec):
    HOST = "list-box"
    OPTIONS = ["--select", "3,150", "--scroll-to", "0"]


class ListBoxFocus(FocusSpec):
    HOST = "list-box"


class FlowBoxStructure(GridSpec):
    HOST = "flow-box"


class FlowBoxNamedRows(NamedRowsSpec):
    HOST = "flow-box"


class FlowBoxSelection(SelectionSpec):
    HOST = "flow-box"
    OPTIONS = ["--select", "3,150", "--scroll-to", "0"]


class FlowBoxFocus(FocusSpec):
    HOST = "flow-box"


class FlowBoxRightToLeft(RightToLeftSpec):
    HOST = "flow-box"


class VirtualListStructure(StructureSpec):
    HOST = "virtual-list"


class VirtualListNamedRows(NamedRowsSpec):
    HOST = "virtual-list"


class VirtualListSelection(SelectionSpec):
    HOST = "virtual-list"
    OPTIONS = ["--select", "3,500000", "--scroll-to", "0"]


class VirtualListScrolled(ScrolledSpec):
    HOST = "virtual-list"


class VirtualListFocus(FocusSpec):
    HOST = "virtual-list"


class ListBoxTree(TreeSpec):
    HOST = "list-box"


class VirtualListTree(TreeSpec):
    HOST = "virtual-list"


class VirtualListPinnedParent(FixtureCase):
    """A tree whose parent rows stay pinned at the top (--pin-parents): item 0 open with 60
    children, scrolled to its 30th child. The pinned parent is the tree item it is, once, first
    in the tree, at the top of the viewport: its level, place and open state as Orca reads
    them, no copy of it among the list's children."""

    HOST = "virtual-list"
    OPTIONS = ["--tree", "--children", "60", "--pin-parents", "--scroll-to", "30"]

    def test_the_pinned_parent_is_read_as_the_tree_item_it_is(self):
        parents = [row for row in self.rows if row.shown_ordinal == 0]
        self.assertEqual(len(parents), 1, f"item 0 should be one child of the tree: {listed(parents)}")
        parent = parents[0]
        self.assertEqual(parent.role, "tree item", str(parent))
        self.assertEqual(
            (parent.attributes.get("level"), parent.attributes.get("posinset"), parent.attributes.get("setsize")),
            ("1", "1", "10"),
            str(parent),
        )
        self.assertEqual(parent.states & {"expandable", "expanded"}, {"expandable", "expanded"}, str(parent))
        self.assertIn("showing", parent.states, str(parent))
        self.assertEqual(parent.index, 0, "the tree's first child: the rows' order is the tree's")
        list_top = atspi.extents(self.lists[0])[1]
        self.assertEqual(parent.extents[1], list_top, f"pinned at the top of the list ({list_top}): {parent}")

    def test_the_rows_under_it_follow_in_order_and_say_their_index(self):
        self.assertChildrenSayTheirIndexInParent()
        ordinals = [row.shown_ordinal for row in self.rows]
        self.assertEqual(ordinals, sorted(ordinals), f"in the tree's order: {ordinals}")
        self.assertIn(30, ordinals, "the child scrolled to, under the pinned parent")
        child = next(row for row in self.rows if row.shown_ordinal == 30)
        self.assertEqual(child.attributes.get("level"), "2", str(child))


class VirtualGridStructure(GridSpec):
    HOST = "virtual-grid"


class VirtualGridNamedRows(NamedRowsSpec):
    HOST = "virtual-grid"


class VirtualGridSelection(SelectionSpec):
    HOST = "virtual-grid"
    OPTIONS = ["--select", "3,500000", "--scroll-to", "0"]


class VirtualGridScrolled(ScrolledSpec):
    HOST = "virtual-grid"


class VirtualGridFocus(FocusSpec):
    HOST = "virtual-grid"


class VirtualGridRightToLeft(RightToLeftSpec):
    HOST = "virtual-grid"


class ListBoxTable(FlatTableSpec):
    HOST = "list-box"


class VirtualListTable(FlatTableSpec):
    HOST = "virtual-list"


class VirtualListTreeTable(TreeTableSpec):
    HOST = "virtual-list"


class ListBoxTreeTable(TreeTableSpec):
    HOST = "list-box"


# What a scale changes: where rows are on screen and which show. At GDK_SCALE=2 only the
# classes that read extents run again; names, states, selection, focus events, trees and tables
# are answered by the same code at every scale.
SCALED_CASES = {"ListBoxStructure", "FlowBoxStructure", "FlowBoxRightToLeft", "VirtualListStructure",
                "VirtualListScrolled", "VirtualGridStructure", "VirtualGridScrolled", "VirtualGridRightToLeft"}  # fmt: skip


def at_scale_one(loader, cases):
    """A suite of `cases` at scale 1, none at another scale: for specifications answered by the
    same code at every scale (what is asked, not where rows are)."""
    suite = unittest.TestSuite()
    if os.environ.get("GDK_SCALE", "1") == "1":
        for case in cases:
            suite.addTests(loader.loadTestsFromTestCase(case))
    return suite


def load_tests(loader, standard_tests, pattern):
    """Only the host classes: the specifications above them are abstract."""
    scaled = os.environ.get("GDK_SCALE", "1") != "1"
    suite = unittest.TestSuite()
    for case in (
        ListBoxStructure, ListBoxNamedRows, ListBoxSelection, ListBoxFocus, ListBoxTree,
        FlowBoxStructure, FlowBoxNamedRows, FlowBoxSelection, FlowBoxFocus, FlowBoxRightToLeft,
        VirtualListStructure, VirtualListNamedRows, VirtualListSelection, VirtualListScrolled, VirtualListFocus,
        VirtualListTree, ListBoxTable, VirtualListTable, VirtualListTreeTable, ListBoxTreeTable,
        VirtualGridStructure, VirtualGridNamedRows, VirtualGridSelection, VirtualGridScrolled, VirtualGridFocus,
        VirtualGridRightToLeft,
    ):  # fmt: skip
        if not scaled or case.__name__ in SCALED_CASES:
            suite.addTests(loader.loadTestsFromTestCase(case))
    return suite
