/// What a big-list mode of the viewer shows: items in sections, and which match a search. Its
/// type may be named off the main actor (a window reads a slow source on another thread).
@MainActor
protocol BigListSource: SendableMetatype {
    /// An item: a value the search tests off the main thread.
    associatedtype Item: Sendable
    /// Where the items come from, for the window's subtitle.
    var origin: String { get }
    /// The number of items.
    var count: Int { get }
    /// Every item, in sections: a title and the items, in order.
    var sections: [(title: String, items: [Item])] { get }
    /// Whether an item matches a search (not empty); called off the main thread.
    nonisolated static var matches: @Sendable (Item, String) -> Bool { get }
    /// Why the source has no items, for the window to say; nil when it read what it was given.
    var problem: String? { get }
}

extension BigListSource {
    var problem: String? { nil }

    /// The filter of `search`: nil (every item) when it is empty.
    nonisolated static func filter(for search: String) -> (@Sendable (Item) -> Bool)? {
        guard !search.isEmpty else { return nil }
        let matches = Self.matches
        return { matches($0, search) }
    }
}
