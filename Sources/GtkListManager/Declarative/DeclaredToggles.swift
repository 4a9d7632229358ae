/// Flags the app declares and the user toggles, by key: which declared sections are folded
/// (by section id), which declared rows are expanded (by row identity).
///
/// A flag changes when a declaration changes its declared value, or when the user (or the
/// manager's API) toggles it, whichever happened last: declaring the same value again keeps
/// what the user chose. Keys no longer declared are forgotten.
struct DeclaredToggles<Key: Hashable> {
    private struct State {
        /// The value the last declaration gave.
        var declared: Bool
        /// The value shown.
        var current: Bool
    }

    private var states: [Key: State] = [:]

    /// Follows a new declaration: every key with its declared value (the first of a repeated
    /// key counts).
    mutating func follow(_ declarations: some Sequence<(key: Key, value: Bool)>) {
        var next: [Key: State] = [:]
        for (key, value) in declarations where next[key] == nil {
            if let known = states[key], known.declared == value {
                next[key] = known
            } else {
                next[key] = State(declared: value, current: value)
            }
        }
        states = next
    }

    /// The flag of `key`; nil when no declaration has it.
    func value(of key: Key) -> Bool? {
        states[key]?.current
    }

    /// Sets a declared key's flag; false when no declaration has it.
    mutating func set(_ value: Bool, for key: Key) -> Bool {
        guard states[key] != nil else { return false }
        states[key]?.current = value
        return true
    }
}
