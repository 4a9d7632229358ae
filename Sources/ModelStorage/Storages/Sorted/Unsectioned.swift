/// The section key of a ``SortedStorage`` without sections: every item has the same key, so
/// the storage shows one section (while it holds items).
public enum Unsectioned: Hashable, Comparable, Sendable {
    /// The one section.
    case all
}
