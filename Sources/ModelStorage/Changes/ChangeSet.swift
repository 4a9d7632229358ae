/// The ordered log of what one transaction did to a storage.
///
/// Section and item operations are interleaved in the order they happened, and every entry's
/// indices are relative to the state after the entries before it. A host applies the entries one
/// by one, in order, and ends in the storage's new state. See ``StorageChange``.
///
/// Change sets compare equal entry by entry (models by value where they are `Equatable`), and
/// print one entry per line, so tests can assert exact logs.
public struct ChangeSet: Equatable, RandomAccessCollection, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The entries, in the order a host must apply them.
    public private(set) var changes: [StorageChange]

    /// A change set of `changes`, in the order a host applies them; empty by default.
    public init(_ changes: [StorageChange] = []) {
        self.changes = changes
    }

    public init(arrayLiteral elements: StorageChange...) {
        self.changes = elements
    }

    public var startIndex: Int { changes.startIndex }
    public var endIndex: Int { changes.endIndex }
    public subscript(position: Int) -> StorageChange { changes[position] }

    /// Appends an entry at the end of the log.
    public mutating func append(_ change: StorageChange) {
        changes.append(change)
    }

    /// Appends the entries of another log, which must start from this log's end state.
    public mutating func append(contentsOf other: ChangeSet) {
        changes.append(contentsOf: other.changes)
    }

    public var description: String {
        changes.isEmpty
            ? "ChangeSet(empty)"
            : "ChangeSet(\n" + changes.map { "  \($0)\n" }.joined() + ")"
    }
}
