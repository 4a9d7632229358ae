/// Which group a group row shows: the grouped columns' values, outermost first. A group of the
/// second level has two values, its parent's and its own.
public struct GroupPath: Hashable, Sendable, CustomStringConvertible {
    /// The values, outermost first.
    public var values: [AnyHashable] { storage.map(\.value) }
    private let storage: [GroupValue]

    /// The path of `values`, outermost first.
    public init(_ values: [AnyHashable]) {
        storage = values.map(GroupValue.init)
    }

    init(storage: [GroupValue]) {
        self.storage = storage
    }

    /// How many values the path has: the group's level plus one.
    public var count: Int { storage.count }

    /// The path of the group holding this one; nil for a top-level group.
    public var parent: GroupPath? {
        storage.count > 1 ? GroupPath(storage: Array(storage.dropLast())) : nil
    }

    /// This path followed by `value`.
    func appending(_ value: GroupValue) -> GroupPath {
        GroupPath(storage: storage + [value])
    }

    public var description: String { storage.map { "\($0.value)" }.joined(separator: " › ") }
}

/// A group's value. The values come from `Hashable & Sendable` key paths
/// (``ColumnGroupings/column(_:by:title:)``), so sharing the box across threads is safe.
@usableFromInline
struct GroupValue: Hashable, @unchecked Sendable {
    @usableFromInline let value: AnyHashable

    @usableFromInline
    init(_ value: AnyHashable) {
        self.value = value
    }
}
