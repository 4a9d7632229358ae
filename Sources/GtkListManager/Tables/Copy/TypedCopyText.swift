import ModelStorage

/// A declared column's copy text with its model type kept (``ModelColumn`` sets it beside
/// ``TableColumn/copyText``). A copy of many rows reads all such columns of one model type
/// after one cast of each row's model: a cast copies the model out of its box, so casting per
/// cell cost as much as the rest of the copy (CONTRIBUTING, Hot paths: 5).
@MainActor
protocol TypedCopyText: AnyObject, Sendable {
    /// The reader of a row's cells for `columns` (this one among them), or nil when one of
    /// them reads another model type.
    func rowReader(for columns: [any TypedCopyText]) -> (any RowCopyReader)?
}

/// Reads a row's copied cells, in their columns' order.
@MainActor
protocol RowCopyReader {
    /// Appends the text of every cell of the row showing `model` to `line`; false, with
    /// nothing appended, when `model` is not of the reader's model type.
    func append(textsOf model: Any, at indexPath: IndexPath, to line: inout [String]) -> Bool
}

/// The copy text of a column declared for `Model`.
@MainActor
final class ModelCopyText<Model>: TypedCopyText {
    let text: @MainActor (Model, IndexPath) -> String

    init(_ text: @escaping @MainActor (Model, IndexPath) -> String) {
        self.text = text
    }

    func rowReader(for columns: [any TypedCopyText]) -> (any RowCopyReader)? {
        var texts: [@MainActor (Model, IndexPath) -> String] = []
        texts.reserveCapacity(columns.count)
        for column in columns {
            guard let typed = column as? ModelCopyText<Model> else { return nil }
            texts.append(typed.text)
        }
        return ModelRowCopyReader(texts: texts)
    }
}

/// Every column of a row declared for `Model`: one cast a row.
@MainActor
struct ModelRowCopyReader<Model>: RowCopyReader {
    let texts: [@MainActor (Model, IndexPath) -> String]

    func append(textsOf model: Any, at indexPath: IndexPath, to line: inout [String]) -> Bool {
        guard let model = model as? Model else { return false }
        for text in texts { line.append(text(model, indexPath)) }
        return true
    }
}
