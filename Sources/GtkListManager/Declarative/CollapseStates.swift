/// Which declared sections are collapsed, by section id.
///
/// A section's state changes when a declaration changes its ``Section/isCollapsed`` value, or
/// when the manager is told (``ListManager/setCollapsed(_:forSection:animated:)``), whichever
/// happened last: declaring the same sections again keeps a section the user collapsed
/// collapsed. Sections that are no longer declared are forgotten.
struct CollapseStates {
    private struct State {
        /// The value the last declaration gave.
        var declared: Bool
        /// The state shown.
        var current: Bool
    }

    private var states: [AnyHashable: State] = [:]

    /// Follows a new declaration.
    mutating func follow(_ sections: [Section]) {
        var next: [AnyHashable: State] = [:]
        for section in sections where next[section.id] == nil {
            if let known = states[section.id], known.declared == section.isCollapsed {
                next[section.id] = known
            } else {
                next[section.id] = State(declared: section.isCollapsed, current: section.isCollapsed)
            }
        }
        states = next
    }

    /// Whether the section is collapsed; nil when no section has this id.
    func isCollapsed(_ id: AnyHashable) -> Bool? {
        states[id]?.current
    }

    /// Sets a declared section's state; false when no section has this id.
    mutating func setCollapsed(_ collapsed: Bool, for id: AnyHashable) -> Bool {
        guard states[id] != nil else { return false }
        states[id]?.current = collapsed
        return true
    }
}
