/// What the differ decides about a new item (or a new section) before it emits any step.
@usableFromInline
struct DiffMarks: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable
    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// It stays in place: in the longest increasing subsequence of its container.
    static let kept = DiffMarks(rawValue: 1)
    /// It is matched and its content changed: it gets an update.
    @usableFromInline static let contentChanged = DiffMarks(rawValue: 2)
}
