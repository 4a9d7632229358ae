"""No question a client asks ends the app: every interface with out-of-range and stale arguments.

A screen reader, Accerciser or any AT-SPI client may send any argument: an index of -1 or far
past the end, a point off the screen, a row that scrolled away or was deleted since it was
handed out. Each class launches the fixture on one host and in one mode, asks every Table,
TableCell, Selection, Component, Text and Action question it can with such arguments, of the
list, its rows, their cells and their labels, and of the rows without a widget the list hands
out, then again after the list scrolled and after every row was removed; after each question
the app must still run, and at the end still answer.

Only questions are asked: arguments that would change a list (a valid row to select, a valid
action) are left out, so a class's answers do not depend on the order of its calls.
"""

import time

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FixtureCase, at_scale_one, listed

# Indexes no list has: before the first, the largest 32-bit one, and far past any end.
BAD_INDEXES = [-1, -(2**31), 999_999, 2**31 - 1]
# Points off every screen.
BAD_POINTS = [(-1, -1), (-(2**31), -(2**31)), (2**31 - 1, 2**31 - 1)]
COORDINATES = [Atspi.CoordType.SCREEN, Atspi.CoordType.WINDOW]
# Unbound row accessibles handed out before the questions: more than the list keeps (64), so
# the first ones are gone from the app when they are asked about.
UNBOUND_ROWS_ASKED_FOR = 70


def calls_for(acc):
    """(description, call) for every question with bad arguments that `acc`'s interfaces take."""
    interfaces = set(acc.get_interfaces() or [])
    calls = [
        ("get_name", lambda: acc.get_name()),
        ("get_role", lambda: acc.get_role()),
        ("get_state_set", lambda: atspi.states(acc)),
        ("get_attributes", lambda: acc.get_attributes()),
        ("get_index_in_parent", lambda: acc.get_index_in_parent()),
        ("get_parent", lambda: acc.get_parent()),
        ("get_child_count", lambda: acc.get_child_count()),
        ("get_relation_set", lambda: acc.get_relation_set()),
    ]
    calls += [(f"get_child_at_index({i})", lambda i=i: acc.get_child_at_index(i)) for i in BAD_INDEXES]
    if "Table" in interfaces:
        t = Atspi.Table
        calls += [
            ("Table.get_n_rows", lambda: t.get_n_rows(acc)),
            ("Table.get_n_columns", lambda: t.get_n_columns(acc)),
            ("Table.get_selected_rows", lambda: t.get_selected_rows(acc)),
            ("Table.get_selected_columns", lambda: t.get_selected_columns(acc)),
            ("Table.get_n_selected_rows", lambda: t.get_n_selected_rows(acc)),
            ("Table.get_n_selected_columns", lambda: t.get_n_selected_columns(acc)),
            ("Table.get_caption", lambda: t.get_caption(acc)),
            ("Table.get_summary", lambda: t.get_summary(acc)),
        ]
        for i in BAD_INDEXES:
            calls += [
                (f"Table.get_accessible_at({i}, 0)", lambda i=i: t.get_accessible_at(acc, i, 0)),
                (f"Table.get_accessible_at(0, {i})", lambda i=i: t.get_accessible_at(acc, 0, i)),
                (f"Table.get_index_at({i}, {i})", lambda i=i: t.get_index_at(acc, i, i)),
                (f"Table.get_row_at_index({i})", lambda i=i: t.get_row_at_index(acc, i)),
                (f"Table.get_column_at_index({i})", lambda i=i: t.get_column_at_index(acc, i)),
                (f"Table.get_row_column_extents_at_index({i})", lambda i=i: t.get_row_column_extents_at_index(acc, i)),
                (f"Table.get_row_description({i})", lambda i=i: t.get_row_description(acc, i)),
                (f"Table.get_column_description({i})", lambda i=i: t.get_column_description(acc, i)),
                (f"Table.get_row_extent_at({i}, 0)", lambda i=i: t.get_row_extent_at(acc, i, 0)),
                (f"Table.get_column_extent_at(0, {i})", lambda i=i: t.get_column_extent_at(acc, 0, i)),
                (f"Table.get_row_header({i})", lambda i=i: t.get_row_header(acc, i)),
                (f"Table.get_column_header({i})", lambda i=i: t.get_column_header(acc, i)),
                (f"Table.is_row_selected({i})", lambda i=i: t.is_row_selected(acc, i)),
                (f"Table.is_column_selected({i})", lambda i=i: t.is_column_selected(acc, i)),
                (f"Table.is_selected({i}, {i})", lambda i=i: t.is_selected(acc, i, i)),
                (f"Table.add_row_selection({i})", lambda i=i: t.add_row_selection(acc, i)),
                (f"Table.remove_row_selection({i})", lambda i=i: t.remove_row_selection(acc, i)),
                (f"Table.add_column_selection({i})", lambda i=i: t.add_column_selection(acc, i)),
                (f"Table.remove_column_selection({i})", lambda i=i: t.remove_column_selection(acc, i)),
            ]
    if "TableCell" in interfaces:
        c = Atspi.TableCell
        calls += [
            ("TableCell.get_position", lambda: c.get_position(acc)),
            ("TableCell.get_row_column_span", lambda: c.get_row_column_span(acc)),
            ("TableCell.get_row_span", lambda: c.get_row_span(acc)),
            ("TableCell.get_column_span", lambda: c.get_column_span(acc)),
            ("TableCell.get_table", lambda: c.get_table(acc)),
            ("TableCell.get_column_header_cells", lambda: c.get_column_header_cells(acc)),
            ("TableCell.get_row_header_cells", lambda: c.get_row_header_cells(acc)),
        ]
    if "Selection" in interfaces:
        s = Atspi.Selection
        calls.append(("Selection.get_n_selected_children", lambda: s.get_n_selected_children(acc)))
        for i in BAD_INDEXES:
            calls += [
                (f"Selection.select_child({i})", lambda i=i: s.select_child(acc, i)),
                (f"Selection.deselect_child({i})", lambda i=i: s.deselect_child(acc, i)),
                (f"Selection.deselect_selected_child({i})", lambda i=i: s.deselect_selected_child(acc, i)),
                (f"Selection.is_child_selected({i})", lambda i=i: s.is_child_selected(acc, i)),
                (f"Selection.get_selected_child({i})", lambda i=i: s.get_selected_child(acc, i)),
            ]
    if "Component" in interfaces:
        k = Atspi.Component
        for coords in COORDINATES:
            calls += [
                (f"Component.get_extents({coords.value_nick})", lambda coords=coords: k.get_extents(acc, coords)),
                (f"Component.get_position({coords.value_nick})", lambda coords=coords: k.get_position(acc, coords)),
            ]
            for x, y in BAD_POINTS:
                calls += [
                    (
                        f"Component.get_accessible_at_point({x}, {y}, {coords.value_nick})",
                        lambda x=x, y=y, coords=coords: k.get_accessible_at_point(acc, x, y, coords),
                    ),
                    (
                        f"Component.contains({x}, {y}, {coords.value_nick})",
                        lambda x=x, y=y, coords=coords: k.contains(acc, x, y, coords),
                    ),
                ]
        calls += [
            ("Component.get_size", lambda: k.get_size(acc)),
            ("Component.get_layer", lambda: k.get_layer(acc)),
            ("Component.get_mdi_z_order", lambda: k.get_mdi_z_order(acc)),
            ("Component.get_alpha", lambda: k.get_alpha(acc)),
        ]
    if "Text" in interfaces:
        x = Atspi.Text
        calls += [
            ("Text.get_character_count", lambda: x.get_character_count(acc)),
            ("Text.get_caret_offset", lambda: x.get_caret_offset(acc)),
            ("Text.get_n_selections", lambda: x.get_n_selections(acc)),
        ]
        for i in BAD_INDEXES:
            calls += [
                (f"Text.get_text({i}, -1)", lambda i=i: x.get_text(acc, i, -1)),
                (f"Text.get_text(0, {i})", lambda i=i: x.get_text(acc, 0, i)),
                (f"Text.get_character_at_offset({i})", lambda i=i: x.get_character_at_offset(acc, i)),
                (
                    f"Text.get_string_at_offset({i}, word)",
                    lambda i=i: x.get_string_at_offset(acc, i, Atspi.TextGranularity.WORD),
                ),
                (
                    f"Text.get_character_extents({i})",
                    lambda i=i: x.get_character_extents(acc, i, Atspi.CoordType.SCREEN),
                ),
                (
                    f"Text.get_range_extents({i}, 1)",
                    lambda i=i: x.get_range_extents(acc, i, 1, Atspi.CoordType.SCREEN),
                ),
                (f"Text.get_selection({i})", lambda i=i: x.get_selection(acc, i)),
                (f"Text.add_selection({i}, 1)", lambda i=i: x.add_selection(acc, i, 1)),
                (f"Text.remove_selection({i})", lambda i=i: x.remove_selection(acc, i)),
                (f"Text.set_selection({i}, 0, {i})", lambda i=i: x.set_selection(acc, i, 0, i)),
                (f"Text.set_caret_offset({i})", lambda i=i: x.set_caret_offset(acc, i)),
                (f"Text.get_attribute_run({i})", lambda i=i: x.get_attribute_run(acc, i, False)),
            ]
        calls += [
            (
                f"Text.get_offset_at_point({px}, {py})",
                lambda px=px, py=py: x.get_offset_at_point(acc, px, py, Atspi.CoordType.SCREEN),
            )
            for px, py in BAD_POINTS
        ]
    if "Action" in interfaces:
        a = Atspi.Action
        calls.append(("Action.get_n_actions", lambda: a.get_n_actions(acc)))
        for i in BAD_INDEXES:
            calls += [
                (f"Action.get_action_name({i})", lambda i=i: a.get_action_name(acc, i)),
                (f"Action.get_action_description({i})", lambda i=i: a.get_action_description(acc, i)),
                (f"Action.get_key_binding({i})", lambda i=i: a.get_key_binding(acc, i)),
                (f"Action.do_action({i})", lambda i=i: a.do_action(acc, i)),
            ]
    return calls


class RobustnessSpec(FixtureCase):
    """Questions with bad arguments, of fresh, scrolled-away and deleted objects."""

    def setUp(self):
        if not self.fixture.is_alive:
            self.skipTest("the fixture died in an earlier test of this class")

    def targets(self):
        """What a reader holds: the lists, the first rows, their cells and labels, and rows
        without a widget the list handed out (grids and tables)."""
        targets = [(f"list {index}", acc) for index, acc in enumerate(self.lists[:2])]
        # The first rows, whatever they are (a tree table's rows show cells, not items).
        for row in self.rows[:3]:
            targets.append((f"row {row}", row.acc))
            for depth, node in self.descendants(row.acc, limit=4):
                targets.append((f"{'  ' * depth}descendant {atspi.describe(node)} of {row}", node))
        table = next((acc for acc in self.lists if atspi.has_interface(acc, "Table")), None)
        if table is not None:
            rows = atspi.safe(lambda: Atspi.Table.get_n_rows(table), 0)
            handed_out = [
                atspi.safe(lambda index=index: Atspi.Table.get_accessible_at(table, rows - 1 - index, 0))
                for index in range(min(rows, UNBOUND_ROWS_ASKED_FOR))
            ]
            targets += [(f"far cell {index}", acc) for index, acc in enumerate(handed_out) if acc is not None][::20]
        selection = next((acc for acc in self.lists if atspi.has_interface(acc, "Selection")), None)
        if selection is not None:
            chosen = atspi.safe(lambda: Atspi.Selection.get_selected_child(selection, 0))
            if chosen is not None:
                targets.append(("selected child 0", chosen))
        return targets

    @staticmethod
    def descendants(acc, limit):
        """(depth, node) under `acc`, breadth first, at most `limit` of them."""
        found, queue = [], [(1, child) for child in atspi.safe(lambda: atspi.children(acc), [])]
        while queue and len(found) < limit:
            depth, node = queue.pop(0)
            found.append((depth, node))
            queue += [(depth + 1, child) for child in atspi.safe(lambda: atspi.children(node), [])]
        return found

    def ask_everything(self, targets, moment):
        """Asks each target every question; the failures: questions after which the app was gone."""
        asked = 0
        for label, acc in targets:
            # A target gone from the app answers nothing: its questions raise, which is fine.
            for description, call in atspi.safe(lambda: calls_for(acc), []):
                atspi.safe(call)
                asked += 1
                if not self.fixture.is_alive:
                    return asked, [
                        f"{moment}: the app ended (exit status {self.fixture.process.poll()}) after "
                        f"{description} on {label}"
                    ]
        return asked, []

    def assertStillAnswers(self, moment):
        # An app that frees memory it does not own may die a moment later.
        time.sleep(0.3)
        self.assertTrue(
            self.fixture.is_alive, f"{moment}: the app ended (exit status {self.fixture.process.poll()})"
        )
        # It answers: its window is still there (a flow box grid with no items shows no table).
        windows = atspi.safe(lambda: self.app.get_child_count(), 0)
        self.assertGreater(windows, 0, f"{moment}: the app no longer answers through AT-SPI")

    def test_bad_arguments_stale_objects_and_the_app_lives(self):
        targets = self.targets()
        self.assertGreater(len(targets), 3, f"too little to ask: {[label for label, _ in targets]}")
        asked, failures = self.ask_everything(targets, "fresh objects")
        self.assertNoFailures(failures, f"{self.HOST} {self.OPTIONS}: a question ended the app")
        self.assertStillAnswers(f"after {asked} questions of fresh objects")

        # Scrolled far: a virtualized list's rows show other items, or none.
        self.fixture.command(f"scroll-to {19 if '--tree' in self.OPTIONS else self.items - 1}")
        asked, failures = self.ask_everything(targets, "after scrolling away")
        self.assertNoFailures(failures, f"{self.HOST} {self.OPTIONS}: a question ended the app")
        self.assertStillAnswers(f"after {asked} questions of scrolled-away objects")

        # Every row removed: what the reader holds is stale.
        self.fixture.command("remove-all")
        asked, failures = self.ask_everything(targets, "after every row was removed")
        self.assertNoFailures(failures, f"{self.HOST} {self.OPTIONS}: a question ended the app")
        self.assertStillAnswers(f"after {asked} questions of removed objects")


# The hosts and the modes; fewer items than the structure specs (the questions, not the
# length, are what is tried).
class ListBoxRobustness(RobustnessSpec):
    HOST = "list-box"


class FlowBoxRobustness(RobustnessSpec):
    HOST = "flow-box"


class VirtualListRobustness(RobustnessSpec):
    HOST = "virtual-list"


class VirtualGridRobustness(RobustnessSpec):
    HOST = "virtual-grid"


class ListBoxTreeRobustness(RobustnessSpec):
    HOST = "list-box"
    OPTIONS = ["--tree"]


class VirtualListTreeRobustness(RobustnessSpec):
    HOST = "virtual-list"
    OPTIONS = ["--tree"]


class ListBoxTableRobustness(RobustnessSpec):
    HOST = "list-box"
    OPTIONS = ["--table"]


class VirtualListTableRobustness(RobustnessSpec):
    HOST = "virtual-list"
    OPTIONS = ["--table"]


class VirtualListTreeTableRobustness(RobustnessSpec):
    HOST = "virtual-list"
    OPTIONS = ["--table", "--tree"]


def load_tests(loader, standard_tests, pattern):
    """The host classes, at scale 1 only: a scale changes where rows are, not what is asked."""
    cases = (
        ListBoxRobustness, FlowBoxRobustness, VirtualListRobustness, VirtualGridRobustness,
        ListBoxTreeRobustness, VirtualListTreeRobustness, ListBoxTableRobustness,
        VirtualListTableRobustness, VirtualListTreeTableRobustness,
    )  # fmt: skip
    return at_scale_one(loader, cases)
