import Foundation

/// The editing (issue 55): 200 Tabs through a cell editor; ours, against the 4 ms goal.
extension BigTableReport {
    func printEdit() {
        let edit = result(Self.ours, .edit)
        printTable(
            "Big tables: editing, 1,000,000 rows × 20 declared columns (12 editable: text, number, choice), an editor opened in the middle row, then 200 Tab key presses, each committing its cell (the text ones typed into: the row replaced in the storage) and opening the next editable cell, across the row and on down (ours; main thread CPU per Tab)",
            [
                "rows", "to the frame p50 / p95 / max", "until idle p50 / p95 / max", "… Tabs that scrolled neither way, p50 / p95",
                "wall to the frame p50 / p95",
                "Tabs that scrolled sideways / down",
                "wrong editors / commits",
            ],
            edit.map { r in
                [
                    [
                        "1,000,000", "\(cell(r, "tab_cpu_p50_ms")) / \(cell(r, "tab_cpu_p95_ms")) / \(cell(r, "tab_cpu_max_ms"))",
                        "\(cell(r, "tab_settled_cpu_p50_ms")) / \(cell(r, "tab_settled_cpu_p95_ms")) / \(cell(r, "tab_settled_cpu_max_ms"))",
                        "\(cell(r, "tab_in_place_cpu_p50_ms")) / \(cell(r, "tab_in_place_cpu_p95_ms"))",
                        "\(cell(r, "tab_frame_p50_ms")) / \(cell(r, "tab_frame_p95_ms"))",
                        "\(cell(r, "sideways_tabs", count)) / \(cell(r, "down_tabs", count))",
                        "\(cell(r, "tab_wrong", count)) of 201 / \(cell(r, "commit_wrong", count))",
                    ]
                ]
            } ?? [])
        let finished = finished(Self.ours, .edit)
        printTable(
            "Issue 55's goal for editing (same run)", ["goal", "measured", ""],
            [
                [
                    "Tab from cell to cell ≤ 4 ms of main thread (p95 until idle, every editor right)",
                    cell(edit, "tab_settled_cpu_p95_ms"),
                    finished.map { $0["tab_settled_cpu_p95_ms"] <= 4 && $0["tab_wrong"] + $0["commit_wrong"] == 0 ? "met" : "**missed**" }
                        ?? "not measured",
                ]
            ])
    }
}
