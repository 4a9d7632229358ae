import ModelStorage

/// Writes the cells of a copied row showing a model at an index path; false, with nothing
/// written, when the model is not of the writer's model type.
@usableFromInline
typealias CopyRowWriter = @MainActor (Any, IndexPath, inout CopyTextWriter) -> Bool

/// A declared column's copy text with its model type kept (``ModelColumn`` sets it beside
/// ``TableColumn/copyText``). A copy of many rows writes all such columns of one model type
/// after one cast of each row's model: a cast copies the model out of its box, so casting per
/// cell cost as much as the rest of the copy (CONTRIBUTING, Hot paths: 5).
@MainActor
@usableFromInline
protocol TypedCopyText: AnyObject, Sendable {
    /// The writer of a row's cells for `columns` (this one among them), or nil when one of
    /// them reads another model type.
    func rowWriter(for columns: [any TypedCopyText]) -> CopyRowWriter?
}

/// The copy text of a column declared for `Model`.
@MainActor
@usableFromInline
final class ModelCopyText<Model>: TypedCopyText {
    @usableFromInline
    let text: @MainActor (Model, IndexPath) -> String
    /// Where the text sits in a model, when it is a stored `String` property of a struct
    /// (`MemoryLayout.offset(of:)`): a copy reads it there, where a key path's read costs a
    /// generic look-up each (a fourth of a copy's text).
    @usableFromInline
    let storedOffset: Int?
    /// Makes the writer of a row from its columns.
    private let makeRowWriter: @MainActor ([ModelCopyText<Model>]) -> CopyRowWriter

    @usableFromInline
    init(
        _ text: @escaping @MainActor (Model, IndexPath) -> String, storedOffset: Int?,
        makeRowWriter: @escaping @MainActor ([ModelCopyText<Model>]) -> CopyRowWriter
    ) {
        self.text = text
        self.storedOffset = storedOffset
        self.makeRowWriter = makeRowWriter
    }

    /// The copy text `text` of each model, a stored `String` at `storedOffset` in it when not
    /// nil. Inlinable: called from a declaration in the app's module (``ModelColumn``'s), the
    /// row writer compiles there for the app's model type, so a row costs one cast and no
    /// generic look-ups (CONTRIBUTING, Hot paths: 19).
    @inlinable
    static func reading(_ text: @escaping @MainActor (Model, IndexPath) -> String, storedAt storedOffset: Int? = nil)
        -> ModelCopyText<Model>
    {
        ModelCopyText(text, storedOffset: storedOffset) { columns in
            // Per column, its stored text's offset, or -1 and its text.
            var offsets: [Int] = []
            var texts: [(@MainActor (Model, IndexPath) -> String)?] = []
            for column in columns {
                offsets.append(column.storedOffset ?? -1)
                texts.append(column.storedOffset == nil ? column.text : nil)
            }
            return { model, indexPath, writer in
                guard let model = model as? Model else { return false }
                withUnsafePointer(to: model) { pointer in
                    let base = UnsafeRawPointer(pointer)
                    for (offset, text) in zip(offsets, texts) {
                        if let text {
                            writer.appendCell(text(model, indexPath))
                        } else {
                            writer.appendCell((base + offset).assumingMemoryBound(to: String.self).pointee)
                        }
                    }
                }
                return true
            }
        }
    }

    @usableFromInline
    func rowWriter(for columns: [any TypedCopyText]) -> CopyRowWriter? {
        var typed: [ModelCopyText<Model>] = []
        typed.reserveCapacity(columns.count)
        for column in columns {
            guard let column = column as? ModelCopyText<Model> else { return nil }
            typed.append(column)
        }
        return makeRowWriter(typed)
    }
}
