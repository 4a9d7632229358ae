/// A model the differ can follow from one state of a list to the next.
///
/// Identity and content are separate questions. The ``diffIdentifier`` says *which* item a model
/// is: two states holding models with equal identifiers hold the same item, perhaps at another
/// position (a move). ``isContentEqual(to:)`` says whether that item still looks the same: when it
/// does not, its existing row is refreshed in place (an update), never recreated.
///
/// Most models need no code:
/// - an `Identifiable & Equatable` model is identified by its `id` and compared with `==`;
/// - any other `Hashable` model is its own identifier (a changed value is a different item).
///
/// ```swift
/// struct Package: Identifiable, Equatable, Diffable {
///     let id: String        // the name: identity
///     var version: String   // content: a new version refreshes the row
/// }
/// ```
public protocol Diffable {
    /// What stays the same while the item's content changes.
    associatedtype DiffIdentifier: Hashable

    /// The item's identity across states. Identifiers are unique within one state.
    var diffIdentifier: DiffIdentifier { get }

    /// Whether `other`, an item with the same identifier, shows the same content.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Hashable {
    /// A hashable model is its own identity.
    public var diffIdentifier: Self { self }

    public func isContentEqual(to other: Self) -> Bool { self == other }
}

extension Diffable where Self: Identifiable & Equatable {
    /// An identifiable model is identified by its `id`.
    public var diffIdentifier: ID { id }

    public func isContentEqual(to other: Self) -> Bool { self == other }
}

extension Diffable where Self: Identifiable & Hashable {
    /// A model that is both identifiable and hashable is identified by its `id`, so a changed
    /// value with the same `id` is an update, not a delete and an insert.
    public var diffIdentifier: ID { id }

    public func isContentEqual(to other: Self) -> Bool { self == other }
}
