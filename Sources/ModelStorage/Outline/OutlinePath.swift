/// A model at one place of a tree whose models repeat: the models from the top of the tree down
/// to it. Its identity is the whole path, so the same model under two parents is two items, each
/// with its own row, its own expanded flag and its own selection — a package under each package
/// that depends on it, a search result under each folder that holds it.
///
/// An ``OutlineSnapshot`` of paths keeps items unique while models repeat; its rows show the
/// last model (``RowModelWrapper``): register rows for `Package`, not for paths.
///
/// ```swift
/// storage.childrenProvider = .immediate(mayHaveChildren: { !$0.closesACycle && !$0.model.depends.isEmpty }) { path in
///     path.model.depends.map(path.appending)
/// }
/// ```
///
/// Read lazily, a tree with cycles stays finite: it grows only as far as it is opened, and
/// ``closesACycle`` tells a path that comes back to a model above it, to show it without
/// children.
public struct OutlinePath<Model: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible, RowModelWrapper {
    /// The models from the top down, this path's model last; never empty.
    public let models: [Model]

    /// A top-level item showing `model`.
    public init(_ model: Model) {
        models = [model]
    }

    private init(models: [Model]) {
        self.models = models
    }

    /// The model this path leads to.
    public var model: Model { models[models.count - 1] }

    /// The path of `child` under this one.
    public func appending(_ child: Model) -> OutlinePath {
        OutlinePath(models: models + [child])
    }

    /// The path of the parent; nil at the top.
    public var parent: OutlinePath? {
        models.count > 1 ? OutlinePath(models: Array(models.dropLast())) : nil
    }

    /// How deep the path is: 0 at the top.
    public var depth: Int { models.count - 1 }

    /// Whether the model comes back to a model above it: under it, the tree would repeat.
    public var closesACycle: Bool {
        models.dropLast().contains(model)
    }

    public var rowModel: Any { model }

    public var description: String {
        models.map { "\($0)" }.joined(separator: " ▸ ")
    }
}
