/// The models of a run of inserted items, read when asked for: a ``ChangeSet`` entry that
/// inserts a million rows holds no million models.
///
/// A storage whose content is already laid out (a tree's children, a query's result) hands a
/// run that reads from a frozen copy of it: copying a Swift array is O(1) until one side
/// changes, and the change set is gone by then unless an observer keeps it.
///
/// ```swift
/// let children: [FileItem] = folder.children
/// changes.appendInsertion(of: ModelRun(children), at: IndexPath(item: row + 1, section: 0))
/// ```
public struct ModelRun: RandomAccessCollection {
    /// The number of models.
    public let count: Int
    private let read: (Int) -> Any

    /// A run of `count` models; `model(offset)` is the model at `offset`, from 0.
    ///
    /// `model` must keep answering the same for as long as the run lives: read from a copy of
    /// the storage's state, never from the storage itself.
    public init(count: Int, model: @escaping (Int) -> Any) {
        self.count = count
        self.read = model
    }

    /// A run of the models of `models`, in order.
    public init<Models: RandomAccessCollection>(_ models: Models) where Models.Index == Int {
        let start = models.startIndex
        self.init(count: models.count) { models[start + $0] }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(offset: Int) -> Any {
        precondition(offset >= 0 && offset < count, "ModelRun offset \(offset) out of 0..<\(count)")
        return read(offset)
    }

    /// The models from `offset` on.
    public func dropping(first offset: Int) -> ModelRun {
        let read = self.read
        return ModelRun(count: count - offset) { read(offset + $0) }
    }
}
