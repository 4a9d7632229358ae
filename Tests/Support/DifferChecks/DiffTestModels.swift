import ModelStorage

/// An item of the differ specifications: `id` says which item it is, `content` what its row
/// shows. Two cards with the same id and different content are one item that changed.
public struct Card: Diffable, Equatable, CustomStringConvertible {
    public let id: Int
    public var content = 0

    public init(_ id: Int, content: Int = 0) {
        self.id = id
        self.content = content
    }

    public var diffIdentifier: Int { id }
    public func isContentEqual(to other: Card) -> Bool { content == other.content }
    public var description: String { content == 0 ? "\(id)" : "\(id)·\(content)" }
}

/// A section model of the specifications: `id` matches sections across states, `title` is the
/// section's own content (its header).
public struct Shelf: Diffable, Equatable, CustomStringConvertible {
    public let id: Int
    public var title = 0

    public init(_ id: Int, title: Int = 0) {
        self.id = id
        self.title = title
    }

    public var diffIdentifier: Int { id }
    public func isContentEqual(to other: Shelf) -> Bool { title == other.title }
    public var description: String { title == 0 ? "§\(id)" : "§\(id)·\(title)" }
}

/// One state of a sectioned list in the specifications.
public typealias ShelfState = [DiffSection<Shelf, Card>]

/// Cards with the given ids and no content: `cards(1, 2, 3)`.
public func cards(_ ids: Int...) -> [Card] {
    ids.map { Card($0) }
}

/// A section `id` holding cards with the given ids.
public func shelf(_ id: Int, _ ids: [Int], title: Int = 0) -> DiffSection<Shelf, Card> {
    DiffSection(Shelf(id, title: title), items: ids.map { Card($0) })
}
