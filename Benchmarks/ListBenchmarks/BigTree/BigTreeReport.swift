import Foundation

/// The big-tree benchmark's tables, one an operation, every side side by side, then issue 33's
/// goals with the ratios measured in the same run. A cell reads "timeout > N s" when its process
/// ran out of time, "–" when the side does not measure it.
@MainActor
struct BigTreeReport {
    let results: [BigTreeResult]
    let runs: Int

    private static let ours = BigTreeScenario.side

    /// The sides in the order of the tables.
    private var sides: [String] {
        results.reduce(into: [String]()) { sides, result in
            if !sides.contains(result.side) { sides.append(result.side) }
        }
    }

    private func result(_ side: String, _ part: BigTreePart, _ count: Int) -> BigTreeResult? {
        results.first { $0.side == side && $0.part == part && $0.count == count }
    }

    /// The table's name for a side.
    private func label(_ side: String) -> String {
        switch side {
        case Self.ours: "virtualized host, OutlineStorage"
        case "gtk3-treestore-fixed": "GtkTreeView + GtkTreeStore, fixed height (C)"
        case "gtk3-treestore-autosize": "GtkTreeView + GtkTreeStore, autosize (C)"
        case "gtk3-treestore": "GtkTreeStore (C)"
        case "gtk4-treelist": "GtkTreeListModel of GtkStringLists (C)"
        default:
            side.hasPrefix("gtk4-treelist-")
                ? "GTK 4 ListView + GtkTreeListModel (C), \(side.dropFirst("gtk4-treelist-".count))" : side
        }
    }

    /// One figure of a result: "timeout > N s" for one a run out of time had not measured yet,
    /// "–" when not measured.
    private func cell(_ result: BigTreeResult?, _ key: String, _ format: (Double) -> String = ms) -> String {
        guard let result else { return "–" }
        if !result[key].isNaN { return format(result[key]) }
        return result.timedOutAfter.map { "timeout > \($0) s" } ?? "–"
    }

    private func megabytes(_ value: Double) -> String { String(format: "%.1f MB", value) }

    func print() {
        let title = "(medians of \(runs) run\(runs == 1 ? "" : "s"), a 400×600 window, one label a row"
        printTableIfAny(
            "Big trees: expand and collapse one parent \(title); wall time to the frame; memory is resident memory the expand added, the models made before)",
            ["side", "children", "expand → frame", "expand → main loop idle", "memory added", "collapse → frame"],
            sides.flatMap { side in
                [100_000, 1_000_000].compactMap { count in
                    result(side, .expand, count).map { r in
                        [
                            label(side), count.formatted(), cell(r, "expand_ms"), cell(r, "expand_idle_ms"),
                            cell(r, "expand_mb", megabytes),
                            cell(r, "collapse_ms"),
                        ]
                    }
                }
            })
        printTableIfAny(
            "Big trees: scrolling an expanded parent of 100,000 and 1,000,000 children, and our flat list of 1,000,000 rows \(title); CPU is the process's, per step to its frame)",
            ["side", "rows", "jump CPU p50 / p95", "wheel CPU p50 / p95", "jumps showing blank or wrong rows"],
            sides.flatMap { side in
                [
                    (BigTreePart.scroll, 100_000, ""), (.scroll, 1_000_000, ""), (.flatScroll, 1_000_000, ", flat list"),
                    (.pinnedScroll, 1_000_000, ", parent pinned"),
                ].compactMap {
                    part, count, suffix in
                    result(side, part, count).map { r in
                        [
                            label(side) + suffix, count.formatted(), "\(cell(r, "jump_cpu_p50_ms")) / \(cell(r, "jump_cpu_p95_ms"))",
                            "\(cell(r, "wheel_cpu_p50_ms")) / \(cell(r, "wheel_cpu_p95_ms"))",
                            cell(r, "wrong_rows") { "\(Int($0)) of \(ScrollSampling.jumps)" },
                        ]
                    }
                }
            })
        printTableIfAny(
            "Big trees: expand all, 10,000 parents × 100 children (1,010,000 rows) \(title); wall time to the frame)",
            ["side", "expand all → frame", "collapse all → frame", "other ways to open everything"],
            sides.compactMap { side in
                result(side, .expandAll, 1_000_000).map { r in
                    [label(side), cell(r, "expand_all_ms"), cell(r, "collapse_all_ms"), otherExpandAll(r)]
                }
            })
        printTableIfAny(
            "Big trees: select all over 100,000 expanded children, and 100,000 children appended to a collapsed parent one at a time \(title); wall time to the frame)",
            [
                "side", "select all → frame", "through AtkSelection", "rows selected", "fill one at a time → frame",
                "fill in one call → frame",
            ],
            sides.compactMap { side in
                let select = result(side, .selectAll, 100_000), fill = result(side, .fill, 100_000)
                guard select != nil || fill != nil else { return nil }
                let atk = select?.values["select_all_atk_ms"] == nil ? "–" : cell(select, "select_all_atk_ms")
                return [
                    label(side), cell(select, "select_all_ms"), atk, cell(select, "selected") { Int($0).formatted() },
                    cell(fill, "fill_ms"), cell(result(side, .fillBatch, 100_000), "fill_batch_ms"),
                ]
            })
        printMemory()
        printGoals()
    }

    /// A table, unless no part of it ran (parts named on the command line run alone).
    private func printTableIfAny(_ title: String, _ header: [String], _ rows: [[String]]) {
        if !rows.isEmpty { printTable(title, header, rows) }
    }

    private func bytes(_ value: Double) -> String { String(format: "%.0f B", value) }

    /// The models alone: build time and resident bytes per item, every side.
    private func printMemory() {
        let shapes: [(BigTreePart, String)] = [(.memory, "1 × 1,000,000"), (.memoryWide, "10,000 × 100")]
        printTableIfAny(
            "Big trees: the model alone, built before anything is shown, String items \"child i\" (medians of \(runs) run\(runs == 1 ? "" : "s"); resident memory after malloc_trim, after the build less before, per item)",
            ["side", "parents × children", "build", "bytes per item", "memory"],
            sides.flatMap { side in
                shapes.compactMap { part, shape in
                    result(side, part, 1_000_000).map { r in
                        [
                            label(side), shape, cell(r, "build_ms"), cell(r, "bytes_per_item", bytes),
                            cell(r, "bytes_per_item") { megabytes($0 * r["items"] / 1_048_576) },
                        ]
                    }
                }
            })
    }

    /// What a side has besides expanding every parent: GTK 4's autoexpand model, our
    /// expandDescendants.
    private func otherExpandAll(_ result: BigTreeResult) -> String {
        if !result["autoexpand_ms"].isNaN { return "a new model with autoexpand=TRUE: \(ms(result["autoexpand_ms"]))" }
        if !result["expand_descendants_ms"].isNaN {
            return "expand(_:) of the 10,000 ids: \(ms(result["expand_listed_ms"])); "
                + "expandDescendants(of:) one top item: \(ms(result["expand_descendants_ms"]))"
        }
        return "–"
    }

    // MARK: - Goals

    /// Issue 57's: bytes per item against GtkTreeStore's at 1M children, the build against
    /// GTK 4's.
    private func printMemoryGoals(_ goal: (String, String, Bool?) -> Void) {
        for (part, shape) in [(BigTreePart.memory, "1 × 1M"), (.memoryWide, "10,000 × 100")] {
            guard let ours = result(Self.ours, part, 1_000_000), ours.timedOutAfter == nil else { continue }
            if let store = result("gtk3-treestore", part, 1_000_000), !store["bytes_per_item"].isNaN {
                let share = ours["bytes_per_item"] / store["bytes_per_item"]
                goal("bytes per item \(shape) ≤ 1.0× GtkTreeStore's (≤ 0.5× stretch)", ratio(share), share <= 1.0)
            }
            if let gtk4 = result("gtk4-treelist", part, 1_000_000), !gtk4["build_ms"].isNaN {
                let share = ours["build_ms"] / gtk4["build_ms"]
                goal("build \(shape) ≤ 1.0× GTK 4's time", ratio(share), share <= 1.0)
            }
        }
    }

    private func printGoals() {
        var rows: [[String]] = []
        func goal(_ text: String, _ measured: String, _ met: Bool?) {
            rows.append([text, measured, met.map { $0 ? "met" : "**not met**" } ?? "not measured"])
        }
        let expand = result(Self.ours, .expand, 1_000_000)
        let finished = expand.flatMap { $0.timedOutAfter == nil ? $0 : nil }
        goal("expand 1M children ≤ 20 ms to the frame", cell(expand, "expand_ms"), finished.map { $0["expand_ms"] <= 20 })
        goal("… and ≤ 1 MB more memory", cell(expand, "expand_mb", megabytes), finished.map { $0["expand_mb"] <= 1 })
        goal("… collapse the same ≤ 20 ms", cell(expand, "collapse_ms"), finished.map { $0["collapse_ms"] <= 20 })
        let all = result(Self.ours, .expandAll, 1_000_000).flatMap { $0.timedOutAfter == nil ? $0 : nil }
        goal("expand all 10,000 × 100 ≤ 50 ms to the frame", cell(all, "expand_all_ms"), all.map { $0["expand_all_ms"] <= 50 })
        let select = result(Self.ours, .selectAll, 100_000).flatMap { $0.timedOutAfter == nil ? $0 : nil }
        goal("select all 100k ≤ 50 ms", cell(select, "select_all_ms"), select.map { $0["select_all_ms"] <= 50 })
        if let tree = result(Self.ours, .scroll, 1_000_000), let flat = result(Self.ours, .flatScroll, 1_000_000),
            tree.timedOutAfter == nil, flat.timedOutAfter == nil
        {
            let jumps = tree["jump_cpu_p95_ms"] / flat["jump_cpu_p95_ms"], wheel = tree["wheel_cpu_p95_ms"] / flat["wheel_cpu_p95_ms"]
            goal("jump CPU p95 in the 1M tree ≤ 1.1× the flat 1M list's", ratio(jumps), jumps <= 1.1)
            goal("wheel CPU p95 in the 1M tree ≤ 1.1× the flat 1M list's", ratio(wheel), wheel <= 1.1)
        }
        // No goal against the peers: their figures say what the same expand costs there.
        for (side, name) in [("gtk3-treestore-fixed", "GtkTreeView's (fixed height)"), ("gtk4-treelist-cairo", "GTK 4's (cairo)")] {
            guard let theirs = result(side, .expand, 1_000_000), let finished, !theirs["expand_ms"].isNaN else { continue }
            rows.append(["expand 1M to the frame against \(name)", ratio(finished["expand_ms"] / theirs["expand_ms"]), "for comparison"])
        }
        printMemoryGoals(goal)
        printTableIfAny("Issue 33's and 57's goals for trees (same run)", ["goal", "measured", ""], rows)
    }
}
