import CGtk
import GtkListManager
import ModelStorage

extension HostConformance {
    /// Scrolls to items, headers and footers with every alignment, from the top, the middle
    /// and the end of a list whose second section's rows are twice as high as the first's, and
    /// reads from GTK where each row ends up.
    public func checkScrolling() -> ConformanceReport {
        var report = ConformanceReport(host: name)
        withList { list in
            let storage = list.storage
            storage.performUpdates {
                for (section, lines) in [1, 2].enumerated() {
                    let items = (0..<60).map { ConformanceItem(id: section * 100 + $0, lines: lines) as Any }
                    storage.insertSection(SectionModel(items: items), at: section)
                    storage.setSupplementaryModel(ConformanceTitle(text: "header \(section)"), ofKind: .header, forSection: section)
                    storage.setSupplementaryModel(ConformanceTitle(text: "footer \(section)"), ofKind: .footer, forSection: section)
                }
            }
            list.settle()
            let targets: [RowLocation] = [
                .item(IndexPath(item: 30, section: 0)), .item(IndexPath(item: 15, section: 1)), .item(IndexPath(item: 59, section: 1)),
                .item(IndexPath(item: 0, section: 0)), .supplementary(.header, inSection: 1), .supplementary(.footer, inSection: 0),
                .supplementary(.footer, inSection: 1),
            ]
            let starts: [(String, Double)] = [("the top", 0), ("the middle", 0.5), ("the end", 1)]
            for (startName, fraction) in starts {
                for target in targets {
                    for alignment in [ScrollAlignment.top, .center, .bottom, .nearest] {
                        guard report.failures.count < 8 else { return }
                        scroll(list, toFraction: fraction)
                        if let failure = scrollFailure(list, to: target, alignment: alignment) {
                            report.fail("from \(startName), \(alignment) to \(target): \(failure)")
                        }
                    }
                }
            }
        }
        return report
    }

    /// Scrolls the viewport to `fraction` of the scrollable range, the way the scrollbar does.
    private func scroll(_ list: ConformanceList, toFraction fraction: Double) {
        var framed = false
        for _ in 0..<3 {  // estimates met on the way change the range: until it holds
            let adjustment = list.adjustment
            let range = max(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment), 0)
            let value = (range * fraction).rounded(.down)
            // There after a frame, the range unchanged by it: no frame more to wait for.
            if framed, gtk_adjustment_get_value(adjustment) == value { return }
            gtk_adjustment_set_value(adjustment, value)
            list.settle()
            framed = true
        }
    }

    /// What is wrong with where the row at `target` shows after the scroll; nil when right.
    private func scrollFailure(_ list: ConformanceList, to target: RowLocation, alignment: ScrollAlignment) -> String? {
        guard let position = list.position(of: target) else { return "the list has no such row" }
        let before = list.host.boundRow(at: position)?.hostWidget.flatMap(list.shownSpan(of:))
        let valueBefore = gtk_adjustment_get_value(list.adjustment)
        list.host.scrollTo(position: position, alignment: alignment)
        list.settle()
        list.settle()
        guard let row = list.host.boundRow(at: position), let hostWidget = row.hostWidget else {
            return "no row is bound there after the scroll"
        }
        guard let span = list.shownSpan(of: hostWidget) else { return "its row is not mapped after the scroll" }
        let page = list.pageHeight
        let adjustment = list.adjustment
        let value = gtk_adjustment_get_value(adjustment)
        let atStart = value <= gtk_adjustment_get_lower(adjustment) + 0.5
        let atEnd = value >= gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) - 0.5
        let shown = "it shows at \(span.top)...\(span.bottom) of a \(page) px viewport (scrolled to \(value))"
        let fullyVisible = span.top >= -0.5 && span.bottom <= page + 0.5
        guard fullyVisible else { return "not fully on screen: " + shown }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1 }
        switch alignment {
        case .top:
            return near(span.top, 0) || atEnd ? nil : "its top is not at the viewport's top: " + shown
        case .bottom:
            return near(span.bottom, page) || atStart ? nil : "its bottom is not at the viewport's bottom: " + shown
        case .center:
            let centre = (span.top + span.bottom) / 2
            return abs(centre - page / 2) <= 1 || (atStart && centre < page / 2) || (atEnd && centre > page / 2)
                ? nil : "it is not centred: " + shown
        case .nearest:
            if let before, before.top >= 0, before.bottom <= page {
                return near(value, valueBefore) ? nil : "it was on screen already, yet the list scrolled: " + shown
            }
            return near(span.top, 0) || near(span.bottom, page) ? nil : "it is not at the nearer edge: " + shown
        }
    }
}
