/// A section for the differ: the section's own model (its identity and header content) and its
/// items.
public struct DiffSection<Model: Diffable, Item: Diffable> {
    /// The section's model: its identifier matches sections across states, its content covers
    /// what the section shows itself (a header, a footer), never its items.
    public var model: Model
    /// The items, in order.
    public var items: [Item]

    /// The section `model` holding `items`, in order.
    public init(_ model: Model, items: [Item]) {
        self.model = model
        self.items = items
    }
}

extension DiffSection: Sendable where Model: Sendable, Item: Sendable {}
extension DiffSection: Equatable where Model: Equatable, Item: Equatable {}
