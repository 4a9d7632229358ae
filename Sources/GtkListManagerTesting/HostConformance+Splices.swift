import CGtk
import GtkListManager
import ModelStorage

extension HostConformance {
    /// Random storage changes, scrolls, selections and focus moves; after each, the host is
    /// compared with the storage through GTK (see the type's documentation).
    public func checkSplices() -> ConformanceReport {
        var report = ConformanceReport(host: name)
        withList { list in
            var changes = RandomChanges(seed: seed)
            for index in 0..<3 { changes.insertSection(at: index, count: 10 + changes.int(0..<8), into: list.storage) }
            list.manager.selectionMode = .multiple
            var state = TrackedState()
            var history: [String] = []
            list.settle()
            for step in 0..<steps {
                let name = takeStep(list, &changes, &state)
                history.append(name)
                list.settle()
                let failures = verify(list, state)
                guard failures.isEmpty else {
                    let replay = history.suffix(12).map { "    \($0)" }.joined(separator: "\n")
                    report.fail("seed \(seed), step \(step) (\(name)):\n  " + failures.joined(separator: "\n  ") + "\n  after:\n" + replay)
                    return
                }
            }
        }
        return report
    }

    /// The items the suite selected and focused, by identity: what the host must still show.
    struct TrackedState {
        var selected = Set<Int>()
        var focused: Int?
    }

    private func takeStep(_ list: ConformanceList, _ changes: inout RandomChanges, _ state: inout TrackedState) -> String {
        let storage = list.storage
        switch changes.int(0..<12) {
        case 0:
            let adjustment = list.adjustment
            let range = max(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment), 0)
            let value = (range * Double(changes.int(0..<1001)) / 1000).rounded(.down)
            gtk_adjustment_set_value(adjustment, value)
            return "scroll to \(Int(value))"
        case 1:
            guard let path = changes.itemPath(in: storage), let item = storage.item(at: path) as? ConformanceItem else {
                return "nothing to select"
            }
            if state.selected.contains(item.id) {
                list.manager.deselectItem(at: path)
                state.selected.remove(item.id)
                return "deselect \(path.section).\(path.item)"
            }
            list.manager.selectItem(at: path)
            state.selected.insert(item.id)
            return "select \(path.section).\(path.item)"
        case 2:
            guard let path = changes.itemPath(in: storage), let item = storage.item(at: path) as? ConformanceItem,
                let position = list.position(of: .item(path))
            else { return "nothing to focus" }
            list.host.scrollTo(position: position, alignment: .nearest)
            list.settle()
            guard list.host.focusRow(at: position) else { return "focus \(path.section).\(path.item) refused" }
            state.focused = item.id
            return "focus \(path.section).\(path.item)"
        default:
            return changes.change(storage)
        }
    }

    /// What is wrong with the list now; nothing when the host shows the storage.
    private func verify(_ list: ConformanceList, _ state: TrackedState) -> [String] {
        let host = list.host, manager = list.manager
        let expected = ExpectedRow.rows(of: list.storage)
        var failures: [String] = []
        guard host.rowCount == expected.count else {
            return ["the host has \(host.rowCount) positions; the storage implies \(expected.count)"]
        }
        for (position, row) in expected.enumerated() where manager.location(ofPosition: position) != row.location {
            failures.append(
                "position \(position) is \(manager.location(ofPosition: position).map(String.init(describing:)) ?? "nothing"), not \(row)")
            break
        }
        failures += boundRowFailures(list, expected)
        failures += screenFailures(list)
        failures += list.ledger.violations + list.ledger.balanceViolations(of: host)
        failures += selectionFailures(list, state)
        failures += focusFailures(list, state)
        return failures
    }

    /// Every bound row shows its position's model, inside the host's widget.
    private func boundRowFailures(_ list: ConformanceList, _ expected: [ExpectedRow]) -> [String] {
        var failures: [String] = []
        list.host.forEachBoundRow { position, row in
            guard failures.count < 5 else { return }
            guard position < expected.count else { return failures.append("a row is bound at \(position), past the end") }
            let want = expected[position]
            if shownText(of: row) != want.text {
                failures.append("position \(position) shows \"\(shownText(of: row) ?? "?")\", not \(want)")
            }
            guard let hostWidget = row.hostWidget else { return failures.append("the row at \(position) has no hostWidget") }
            if hostWidget != row.widget, gtk_widget_is_ancestor(row.widget, hostWidget) == 0 {
                failures.append("the row at \(position) is not inside its hostWidget")
            }
            if gtk_widget_is_ancestor(hostWidget, list.host.widget) == 0 {
                failures.append("the row at \(position) is not inside the host's widget")
            }
        }
        return failures
    }

    /// The positions the host says are on screen are bound, show in the viewport, and sit where
    /// the host's frames say, as GTK allocated them.
    private func screenFailures(_ list: ConformanceList) -> [String] {
        let host = list.host
        guard let visible = host.positionsOnScreen else { return host.rowCount > 0 ? ["a shown list with rows has no visible range"] : [] }
        var failures: [String] = []
        for position in visible where failures.count < 5 {
            guard let row = host.boundRow(at: position), let hostWidget = row.hostWidget else {
                failures.append("position \(position) is on screen with no row bound")
                continue
            }
            guard let span = list.shownSpan(of: hostWidget) else {
                failures.append("position \(position) is on screen, its row not mapped")
                continue
            }
            if span.bottom <= 0 || span.top >= list.pageHeight {
                failures.append(
                    "position \(position) is said to be on screen; GTK shows it at \(span.top)...\(span.bottom) of \(list.pageHeight)")
            }
            var x: Int32 = 0, y: Int32 = 0
            if let frame = host.rowFrame(at: position), gtk_widget_translate_coordinates(hostWidget, host.widget, 0, 0, &x, &y) != 0,
                abs(frame.y - Double(y)) > 1 || abs(frame.height - Double(gtk_widget_get_allocated_height(hostWidget))) > 1
            {
                failures.append(
                    "rowFrame(at: \(position)) is \(frame); GTK allocated y \(y), height \(gtk_widget_get_allocated_height(hostWidget))")
            }
        }
        return failures
    }

    /// The manager's selection is the selected items still in the storage, and the host shows
    /// it on every bound item row.
    private func selectionFailures(_ list: ConformanceList, _ state: TrackedState) -> [String] {
        let storage = list.storage
        let present = Set(
            (0..<storage.numberOfSections).flatMap { storage.models(inSection: $0).compactMap { ($0 as? ConformanceItem)?.id } })
        let selected = Set(list.manager.selectedIndexPaths.compactMap { (storage.item(at: $0) as? ConformanceItem)?.id })
        var failures: [String] = []
        if selected != state.selected.intersection(present) {
            failures.append("the selection is items \(selected.sorted()), not \(state.selected.intersection(present).sorted())")
        }
        list.host.forEachBoundRow { position, row in
            guard failures.count < 5, let item = row.model as? ConformanceItem, let hostWidget = row.hostWidget else { return }
            let shown = gtk_widget_get_state_flags(hostWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
            if shown != selected.contains(item.id) {
                failures.append("position \(position) (item \(item.id)) shows \(shown ? "selected" : "not selected")")
            }
        }
        return failures
    }

    /// The focused item, while it is in the list and bound, has the window's keyboard focus.
    private func focusFailures(_ list: ConformanceList, _ state: TrackedState) -> [String] {
        guard let focused = state.focused else { return [] }
        var found: (Int, BoundRow)?
        list.host.forEachBoundRow { position, row in
            if (row.model as? ConformanceItem)?.id == focused { found = (position, row) }
        }
        guard let (position, row) = found, let hostWidget = row.hostWidget else { return [] }
        let focus = gtk_window_get_focus(gcast(list.window))
        guard let focus, focus == hostWidget || gtk_widget_is_ancestor(focus, hostWidget) != 0 else {
            return ["item \(focused) at \(position) lost the keyboard focus"]
        }
        return list.host.focusedPosition == position
            ? [] : ["focusedPosition is \(list.host.focusedPosition.map(String.init) ?? "nil"), not \(position)"]
    }
}
