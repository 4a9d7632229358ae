/// What a big-list mode of the viewer shows: items in sections, and which match a search.
@MainActor
protocol BigListSource {
    /// Where the items come from, for the window's subtitle.
    var origin: String { get }
    /// The number of items.
    var count: Int { get }
    /// The sections of the items that match `search` (all for an empty search): a title and
    /// the items, in order.
    func sections(matching search: String) -> [(title: String, items: [Any])]
    /// Why the source has no items, for the window to say; nil when it read what it was given.
    var problem: String? { get }
}

extension BigListSource {
    var problem: String? { nil }
}
