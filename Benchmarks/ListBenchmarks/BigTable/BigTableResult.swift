import Foundation

/// What a big-table process measures: one part at one row count. The C peers measure `load`,
/// with a line that names no part, and `text-sort`.
enum BigTablePart: String, CaseIterable, BenchmarkPart {
    /// 20 fixed 160 px columns as the peers': first frame, vertical jumps, horizontal steps,
    /// memory, and the widths read before and after the jumps and steps.
    case load
    /// The same rows with a fit-content and a share column among six fixed ones, filling the
    /// window: widths read after each of the random jumps.
    case widths
    /// Column 3 widened by `setWidth`, as a drag of its header's edge does, a frame each step.
    case resize
    /// A click on a header re-sorting a `SortedStorage`, then a second click reversing it.
    case sort
    /// Clicks sorting a text column with the documented default comparison, reversing it, going
    /// back to column 0 and sorting by the text again (`BigTableTextSort`); the C peers measure
    /// it too, with GTK's default text comparisons, and name it.
    case textSort = "text-sort"
    /// The load part's table of 20 columns cycling through text, toggle, icon, progress and
    /// number cells (`BigTableCells`); the C peers measure it with GTK's equivalents and name it.
    case cells
    /// Every row of 8 declared text columns selected and copied (`BigTableCopy`), to the text a
    /// paste receives; ours alone.
    case copy
    /// Rows grouped by a column of 1,000 values with two totals, then one row changed
    /// (`BigTableGroup`); ours alone.
    case group
    /// 200 Tabs moving a cell editor across 12 editable columns of 20 and on down the rows
    /// (`BigTableEdit`); ours alone.
    case edit

    /// A C peer's `load` line names no part.
    static var unnamed: Self? { .load }
}

/// One side's figures for one part of the big-table benchmark at one size.
typealias BigTableResult = PartResult<BigTablePart>
