"""A grouped table, read out of process as a screen reader reads it.

The fixture's `--table --grouped 4` table shows 2,000 numbers grouped by their remainder modulo
4 (a GroupedStorage the table follows): each group is a row of the tree table, level 1,
expandable and open, whose first cell says the group and how many rows it holds and whose Size
cell says their sum; the rows inside are level 2, placed within their group. A group closed
through its action hides its rows from the reader too.
"""

import atspi_client as atspi
from test_accessibility import FixtureCase

ITEMS = 2_000
GROUPS = 4


class GroupedTableSpec(FixtureCase):
    OPTIONS = ["--table", "--grouped", str(GROUPS), "--items", str(ITEMS), "--sections", "0"]

    def shown_rows(self):
        """The first rows the reader finds: the specs read no further (and a list box holds
        every one of its 2,004 rows)."""
        shown = [row for row in atspi.read_rows(atspi.find_lists(self.app), limit=12) if row.role == "table row"]
        return [([atspi.safe(cell.get_name) for cell in atspi.children(row.acc)], row) for row in shown]

    def test_the_table_is_a_tree_table(self):
        roles = {atspi.role_name(acc) for acc in atspi.find_lists(self.app)}
        self.assertIn("tree table", roles)

    def test_group_rows_say_their_group_count_total_level_and_open_state(self):
        rows = self.shown_rows()
        self.assertTrue(rows, "no table row")
        names, first = rows[0]
        self.assertEqual(names[0], f"group 0 ({ITEMS // GROUPS})", names)
        expected_sum = sum(range(0, ITEMS, GROUPS))
        self.assertEqual(names[2], str(expected_sum), f"the Size cell holds the group's sum: {names}")
        self.assertEqual(first.attributes.get("level"), "1", str(first))
        self.assertEqual(first.states & {"expandable", "expanded"}, {"expandable", "expanded"}, str(first))
        item_names, item = rows[1]
        self.assertEqual(item_names[0], "Item 0", item_names)
        self.assertEqual(item.attributes.get("level"), "2", str(item))
        self.assertEqual(item.attributes.get("posinset"), "1", str(item))
        self.assertEqual(rows[2][0][0], f"Item {GROUPS}", "the next row of group 0")

    def test_a_group_closed_through_its_action_hides_its_rows(self):
        _, first = self.shown_rows()[0]
        self.assertEqual(atspi.action_names(first.acc)[0], "expand or contract", atspi.describe(first.acc))
        try:
            self.assertTrue(atspi.Atspi.Action.do_action(first.acc, 0), "do_action(0) on group 0's row")
            atspi.pump_events(0.7)
            rows = self.shown_rows()
            self.assertEqual(rows[1][0][0], f"group 1 ({ITEMS // GROUPS})", [names[0] for names, _ in rows[:3]])
            self.assertEqual(rows[0][1].states & {"expandable", "expanded"}, {"expandable"}, str(rows[0][1]))
        finally:
            _, first = self.shown_rows()[0]
            if "expanded" not in first.states:
                atspi.Atspi.Action.do_action(first.acc, 0)
                atspi.pump_events(0.7)


class ListBoxGroupedTable(GroupedTableSpec):
    HOST = "list-box"


class VirtualListGroupedTable(GroupedTableSpec):
    HOST = "virtual-list"


def load_tests(loader, standard_tests, pattern):
    suite = loader.suiteClass()
    for case in (ListBoxGroupedTable, VirtualListGroupedTable):
        suite.addTests(loader.loadTestsFromTestCase(case))
    return suite
