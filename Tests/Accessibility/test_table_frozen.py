"""A table's frozen columns, read out of process as a screen reader reads them.

The fixture's `--table --frozen 1` table has six columns 160 pixels wide in a 480-pixel window,
the first frozen. Scrolled sideways (`scroll-sideways PX`), the frozen column's cells keep their
place on the screen while the others move by the scroll: a reader (and a magnifier following
it) finds each cell where it shows.
"""

import atspi_client as atspi
from atspi_client import Atspi
from test_accessibility import FixtureCase

T = Atspi.Table


class FrozenColumnsSpec(FixtureCase):
    OPTIONS = ["--table", "--frozen", "1"]

    def table(self):
        tables = [acc for acc in self.lists if atspi.has_interface(acc, "Table")]
        self.assertEqual(len(tables), 1, f"one table expected: {[atspi.describe(acc) for acc in self.lists]}")
        return tables[0]

    def x_of(self, item, column):
        cell = atspi.safe(lambda: T.get_accessible_at(self.table(), item, column))
        self.assertIsNotNone(cell, f"get_accessible_at({item}, {column})")
        return atspi.extents(cell)[0]

    def test_frozen_cells_keep_their_place_while_the_others_move(self):
        frozen_before, scrolled_before = self.x_of(1, 0), self.x_of(1, 2)
        self.fixture.command("scroll-sideways 200")
        try:
            self.assertEqual(self.x_of(1, 0), frozen_before, "the frozen cell stays")
            # 200 logical pixels: as many device pixels at scale 1, twice as many at scale 2.
            self.assertIn(self.x_of(1, 2) - scrolled_before, (-200, -400), "the scrolled cell moves")
        finally:
            self.fixture.command("scroll-sideways 0")


class VirtualListFrozenColumns(FrozenColumnsSpec):
    HOST = "virtual-list"


def load_tests(loader, standard_tests, pattern):
    """The virtualized list only: the list box cannot pin columns (they scroll there)."""
    suite = loader.suiteClass()
    suite.addTests(loader.loadTestsFromTestCase(VirtualListFrozenColumns))
    return suite
