import CGtk
import GtkListManager
import ModelStorage

extension HostConformance {
    /// Reads every bound row through ATK, in process, as a screen reader would over AT-SPI: in a
    /// list of three sections of 20 items with headers and footers, each item is a list item
    /// (or a table cell) named by its label, `selectable`, at `posinset` its place among the
    /// 60 items with `setsize` 60; each header is a heading and each footer a footer, neither
    /// in the set. A host passes by describing its rows with `RowAccessibility`.
    public func checkAccessibility() -> ConformanceReport {
        var report = ConformanceReport(host: name)
        withList { list in
            let storage = list.storage
            storage.performUpdates {
                for section in 0..<3 {
                    let items = (0..<20).map { ConformanceItem(id: section * 20 + $0) as Any }
                    storage.insertSection(SectionModel(items: items), at: section)
                    storage.setSupplementaryModel(ConformanceTitle(text: "header \(section)"), ofKind: .header, forSection: section)
                    storage.setSupplementaryModel(ConformanceTitle(text: "footer \(section)"), ofKind: .footer, forSection: section)
                }
            }
            list.settle()
            var checked = 0
            list.host.forEachBoundRow { position, row in
                guard report.failures.count < 8, let location = list.manager.location(ofPosition: position) else { return }
                guard let hostWidget = row.hostWidget, let accessible = gtk_widget_get_accessible(hostWidget) else {
                    return report.fail("the row at \(position) (\(location)) has no host widget to read")
                }
                checked += 1
                if let failure = Self.accessibilityFailure(of: accessible, at: location, showing: row, in: list) {
                    report.fail("the row at \(position) (\(location)): \(failure)")
                }
            }
            if checked == 0 { report.fail("no row is bound to read") }
        }
        return report
    }

    /// What a reader would be told wrong about the row; nil when right.
    private static func accessibilityFailure(
        of accessible: UnsafeMutablePointer<AtkObject>, at location: RowLocation, showing row: BoundRow, in list: ConformanceList
    ) -> String? {
        let role = atk_object_get_role(accessible)
        let attributes = Self.attributes(of: accessible)
        let name = atk_object_get_name(accessible).map { String(cString: $0) } ?? ""
        let expectedName = shownText(of: row) ?? ""
        let said = "ATK says role \(String(cString: atk_role_get_name(role))), name \"\(name)\", attributes \(attributes)"
        guard name == expectedName else { return "its name should be its label's text \"\(expectedName)\"; " + said }
        switch location.role {
        case .item:
            guard role == ATK_ROLE_LIST_ITEM || role == ATK_ROLE_TABLE_CELL else {
                return "an item should be a list item or a table cell; " + said
            }
            let ordinal = location.indexPath.section * 20 + location.indexPath.item
            guard attributes["posinset"] == "\(ordinal + 1)", attributes["setsize"] == "60" else {
                return "an item should be at posinset \(ordinal + 1) of setsize 60 (items only); " + said
            }
            let states = atk_object_ref_state_set(accessible)
            defer { g_object_unref(states) }
            guard atk_state_set_contains_state(states, ATK_STATE_SELECTABLE) != 0 else { return "an item should be selectable; " + said }
        case .header:
            guard role == ATK_ROLE_HEADING, attributes["posinset"] == nil else {
                return "a header should be a heading outside the set; " + said
            }
        case .supplementary:
            guard role == ATK_ROLE_FOOTER, attributes["posinset"] == nil else {
                return "a footer should be a footer outside the set; " + said
            }
        }
        return nil
    }

    /// The ATK attributes of `accessible` by name.
    private static func attributes(of accessible: UnsafeMutablePointer<AtkObject>) -> [String: String] {
        let set = atk_object_get_attributes(accessible)
        defer { atk_attribute_set_free(set) }
        var found: [String: String] = [:]
        for attribute in GListSequence(set, of: AtkAttribute.self) {
            if let name = attribute.pointee.name, let value = attribute.pointee.value, String(cString: name) != "toolkit" {
                found[String(cString: name)] = String(cString: value)
            }
        }
        return found
    }
}
