import CGtk
import GtkListManager
import ModelStorage

extension HostConformance {
    /// The user's clicks and keys on the host's rows, delivered as the window system delivers
    /// them (X events sent to the window, through GDK and GTK's own handling): the host must
    /// report them to its delegate as the built-in hosts do.
    ///
    /// - a click selects its row alone, as the user's choice: the manager's `didSelect` runs
    ///   for it, the manager and the host show it selected, and the row takes the keyboard
    ///   focus;
    /// - in multiple selection mode, Ctrl+click adds a row to the selection and a second
    ///   Ctrl+click takes it out again;
    /// - with `ListHost.activatesOnSingleClick` off, a double click activates its row
    ///   (`didActivate`), and so does Enter on the focused row.
    public func checkUserInput() -> ConformanceReport {
        var report = ConformanceReport(host: name)
        withList { list in
            var changes = RandomChanges(seed: seed)
            changes.insertSection(at: 0, count: 8, into: list.storage)
            list.settle()
            var selected: [IndexPath] = [], activated: [IndexPath] = []
            list.manager.didSelect(ConformanceRow<ConformanceItem>.self) { _, _, indexPath in selected.append(indexPath) }
            list.manager.didActivate(ConformanceRow<ConformanceItem>.self) { _, _, indexPath in activated.append(indexPath) }
            list.manager.selectionMode = .single
            // A double click activates, a single click selects (GTK's file chooser's way).
            list.host.activatesOnSingleClick = false
            list.settle()

            @MainActor func expect(_ what: String, _ condition: Bool, _ detail: @autoclosure () -> String) {
                if !condition { report.fail("\(what): \(detail())") }
            }
            @MainActor func click(_ item: Int, count: Int = 1, modifiers: GdkModifierType = GdkModifierType(0)) -> Bool {
                guard let widget = rowWidget(of: item, in: list) else {
                    report.fail("item \(item) has no row on screen to click")
                    return false
                }
                SimulatedInput.click(widget, count: count, modifiers: modifiers)
                list.settle()
                return true
            }

            guard click(1) else { return }
            expect(
                "a click on item 1", list.manager.selectedIndexPaths == [IndexPath(item: 1, section: 0)],
                "the selection is \(list.manager.selectedIndexPaths)")
            expect("a click on item 1", selected == [IndexPath(item: 1, section: 0)], "didSelect ran for \(selected)")
            expect("a click on item 1", shownSelected(in: list) == [1], "the host shows items \(shownSelected(in: list)) selected")
            expect(
                "a click on item 1", focusedItem(in: list) == 1,
                "the keyboard focus is on item \(focusedItem(in: list).map(String.init) ?? "none")")

            guard click(3) else { return }
            expect(
                "a click on item 3 after item 1", list.manager.selectedIndexPaths == [IndexPath(item: 3, section: 0)],
                "the selection is \(list.manager.selectedIndexPaths)")
            expect(
                "a click on item 3 after item 1", shownSelected(in: list) == [3], "the host shows items \(shownSelected(in: list)) selected"
            )

            list.manager.selectionMode = .multiple
            list.settle()
            guard click(5, modifiers: GDK_CONTROL_MASK) else { return }
            expect(
                "Ctrl+click on item 5 in multiple mode", Set(list.manager.selectedIndexPaths.map(\.item)) == [3, 5],
                "the selection is \(list.manager.selectedIndexPaths)")
            expect(
                "Ctrl+click on item 5 in multiple mode", shownSelected(in: list) == [3, 5],
                "the host shows items \(shownSelected(in: list)) selected")
            guard click(5, modifiers: GDK_CONTROL_MASK) else { return }
            expect(
                "a second Ctrl+click on item 5", list.manager.selectedIndexPaths.map(\.item) == [3],
                "the selection is \(list.manager.selectedIndexPaths)")

            guard click(2, count: 2) else { return }
            expect("a double click on item 2", activated == [IndexPath(item: 2, section: 0)], "didActivate ran for \(activated)")
            activated = []
            SimulatedInput.press(UInt32(GDK_KEY_Return), in: list.window)
            list.settle()
            expect("Enter on the focused item 2", activated == [IndexPath(item: 2, section: 0)], "didActivate ran for \(activated)")
        }
        return report
    }

    /// The host widget of the bound row of the `item`-th item of the first section.
    private func rowWidget(of item: Int, in list: ConformanceList) -> UnsafeMutablePointer<GtkWidget>? {
        guard let position = list.position(of: .item(IndexPath(item: item, section: 0))) else { return nil }
        return list.host.boundRow(at: position)?.hostWidget
    }

    /// The items of the first section whose bound rows GTK shows selected.
    private func shownSelected(in list: ConformanceList) -> [Int] {
        var items: [Int] = []
        list.host.forEachBoundRow { position, row in
            guard let location = list.manager.location(ofPosition: position), location.role == .item,
                let hostWidget = row.hostWidget,
                gtk_widget_get_state_flags(hostWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
            else { return }
            items.append(location.indexPath.item)
        }
        return items.sorted()
    }

    /// The item whose bound row holds the window's keyboard focus.
    private func focusedItem(in list: ConformanceList) -> Int? {
        guard let focus = gtk_window_get_focus(gcast(list.window)) else { return nil }
        var item: Int?
        list.host.forEachBoundRow { position, row in
            guard let hostWidget = row.hostWidget, focus == hostWidget || gtk_widget_is_ancestor(focus, hostWidget) != 0,
                let location = list.manager.location(ofPosition: position), location.role == .item
            else { return }
            item = location.indexPath.item
        }
        return item
    }
}
