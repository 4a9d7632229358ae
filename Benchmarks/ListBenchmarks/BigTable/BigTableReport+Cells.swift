import Foundation

/// The mixed cells (issue 55): every side's table of text, toggle, icon, progress and number
/// cells, then the goals against the peers of the same run.
extension BigTableReport {
    func printCells() {
        printTable(
            "Big tables: mixed cells, 20 columns cycling text, toggle, icon, progress and number, 8 in view, 1,000,000 rows (ours: TextCell, ToggleCell, IconCell, ProgressCell, a right-aligned TextCell; GtkTreeView: the text, toggle, pixbuf, progress and spin renderers; GtkColumnView: GtkLabel, GtkCheckButton, GtkImage, GtkProgressBar, a right-aligned GtkLabel)",
            [
                "side", "model set → first frame", "jump CPU p50 / p95", "horizontal step CPU p50 / p95", "memory", "cell widgets alive",
                "wrong rows / columns",
            ],
            ([Self.ours] + peerSides).compactMap { side in
                result(side, .cells).map { r in
                    [
                        label(side), cell(r, "first_frame_ms"), "\(cell(r, "jump_cpu_p50_ms")) / \(cell(r, "jump_cpu_p95_ms"))",
                        "\(cell(r, "hstep_cpu_p50_ms")) / \(cell(r, "hstep_cpu_p95_ms"))", cell(r, "memory_mib", mebibytes),
                        cell(r, "live_cells", count), "\(cell(r, "wrong_rows", count)) of 200 / \(cell(r, "wrong_columns", count)) of 200",
                    ]
                }
            })
    }

    /// Issue 55's goals for the mixed cells: ≤ 1.0× GtkTreeView's, ≤ 0.5× GtkColumnView's.
    func printCellsGoals() {
        var rows: [[String]] = []
        let ours = finished(Self.ours, .cells)
        let figures = [
            ("first_frame_ms", "first frame"), ("jump_cpu_p95_ms", "vertical jump CPU p95"), ("hstep_cpu_p95_ms", "sideways step CPU p95"),
        ]
        for (key, name) in figures {
            for (side, limit) in zip(peerSides, [1.0, 0.5, 0.5]) {
                let value = ours.flatMap { ours in finished(side, .cells).map { ours[key] / $0[key] } }
                rows.append([
                    "mixed cells: \(name) ≤ \(String(format: "%.1f", limit))× \(peerName(side))", value.map(ratio) ?? "–",
                    value.map { $0 <= limit ? "met" : "**missed**" } ?? "not measured",
                ])
            }
        }
        let wrong = ours.map { $0["wrong_rows"] + $0["wrong_columns"] }
        rows.append([
            "mixed cells: no wrong row or column shown", wrong.map(count) ?? "–",
            wrong.map { $0 == 0 ? "met" : "**missed**" } ?? "not measured",
        ])
        printTable("Issue 55's goals for mixed cells (same run)", ["goal", "measured", ""], rows)
    }
}

/// The copy (issue 55): ours alone, no GTK widget copies its rows.
extension BigTableReport {
    func printCopy() {
        let copy = result(Self.ours, .copy, 100_000)
        printTable(
            "Big tables: copy, 100,000 selected rows × 8 declared text columns, `copySelection()` (what Ctrl+C calls) to the text `gtk_clipboard_wait_for_text` receives (ours)",
            ["rows", "copy → pasted text", "… copySelection itself", "CPU", "wrong text"],
            copy.map { r in
                [["100,000", cell(r, "copy_ms"), cell(r, "copy_call_ms"), cell(r, "copy_cpu_ms"), cell(r, "copy_wrong", count)]]
            } ?? [])
        let finished = finished(Self.ours, .copy, 100_000)
        printTable(
            "Issue 55's goal for copy (same run)", ["goal", "measured", ""],
            [
                [
                    "copy 100,000 selected rows × 8 columns ≤ 200 ms (and the text right)", cell(copy, "copy_ms"),
                    finished.map { $0["copy_ms"] <= 200 && $0["copy_wrong"] == 0 ? "met" : "**missed**" } ?? "not measured",
                ]
            ])
    }
}

/// The grouping (issue 55): ours alone, no GTK widget groups rows.
extension BigTableReport {
    func printGroup() {
        let group = result(Self.ours, .group)
        printTable(
            "Big tables: 1,000,000 rows grouped by a column of 1,000 values with a sum and a maximum (`table.grouping = [\"group\"]`, what the header menu sets), to the frame showing the groups; then one row's size changed, to the frame showing its group's new sum (ours)",
            ["rows", "group → frame", "longest main-loop block", "one row changed → total on screen", "wrong frames"],
            group.map { r in
                [
                    [
                        "1,000,000", cell(r, "group_ms"), cell(r, "group_block_ms"), cell(r, "update_ms"),
                        "\(cell(r, "group_wrong", count)) / \(cell(r, "update_wrong", count))",
                    ]
                ]
            } ?? [])
        let finished = finished(Self.ours, .group)
        func goal(_ text: String, _ key: String, _ limit: Double) -> [String] {
            [
                text, cell(group, key),
                finished.map { $0[key] <= limit && $0["group_wrong"] + $0["update_wrong"] == 0 ? "met" : "**missed**" }
                    ?? "not measured",
            ]
        }
        printTable(
            "Issue 55's goals for grouping (same run)", ["goal", "measured", ""],
            [
                goal("group 1,000,000 rows into 1,000 groups with two totals ≤ 500 ms to the frame", "group_ms", 500),
                goal("… main loop never blocked > 8 ms meanwhile", "group_block_ms", 8),
                goal("one row's value changed → its group's total on screen ≤ 16 ms", "update_ms", 16),
            ])
    }
}
