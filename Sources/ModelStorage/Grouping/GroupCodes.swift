/// One grouped column's group of every item, read in one pass for a regrouping: each item's
/// group as a small number (the order the values first came in), and each number's value.
/// Made by code specialized for the app's types (``ColumnGroupings``' inlinable declarations),
/// so a million items cost a million reads of a concrete value and dictionary look-ups of it,
/// no boxing: a value is boxed once per group.
@usableFromInline
struct GroupCodes: Sendable {
    /// Reads the codes of `handles`' models (in that order); nil once the cancellation is raised.
    @usableFromInline typealias Reader<Item> = @Sendable (_ models: [Item?], _ handles: [Int], ScanCancellation?) -> GroupCodes?

    /// Per handle given, its group's number; -1 for a handle without a model.
    @usableFromInline var codes: [Int32]
    /// Per number, the group's value.
    @usableFromInline var values: [GroupValue]

    /// The codes of `handles`' models by `value`; nil once `cancellation` is raised.
    @inlinable
    init?<Item, Value: Hashable>(
        of models: [Item?], _ handles: [Int], _ cancellation: ScanCancellation?, value: (Item) -> Value
    ) {
        var numbers: [Value: Int32] = [:]
        var values: [GroupValue] = []
        var codes = [Int32](repeating: -1, count: handles.count)
        // Neighbours often share their group (a base sorted by the column): one look-up a run.
        var last: (value: Value, code: Int32)?
        for (place, handle) in handles.enumerated() {
            if place % 65_536 == 0, cancellation?.isRaised == true { return nil }
            guard let model = models[handle] else { continue }
            let item = value(model)
            if let last, last.value == item {
                codes[place] = last.code
                continue
            }
            let code: Int32
            if let known = numbers[item] {
                code = known
            } else {
                code = Int32(values.count)
                numbers[item] = code
                values.append(GroupValue(item))
            }
            codes[place] = code
            last = (item, code)
        }
        self.codes = codes
        self.values = values
    }
}

/// One total's value of every item, read in one pass for a regrouping (0 for a handle without
/// a model), by code specialized for the app's types, as ``GroupCodes`` are.
@usableFromInline
enum TotalValues: Sendable {
    /// Reads the values of `handles`' models, in that order.
    @usableFromInline typealias Reader<Item> = @Sendable (_ models: [Item?], _ handles: [Int]) -> TotalValues

    case integers([Int])
    case reals([Double])

    /// `value` of each of `handles`' models, `zero` for none.
    @inlinable
    static func read<Item, Value>(_ models: [Item?], _ handles: [Int], zero: Value, _ value: (Item) -> Value) -> [Value] {
        var values = [Value](repeating: zero, count: handles.count)
        for (place, handle) in handles.enumerated() {
            if let model = models[handle] { values[place] = value(model) }
        }
        return values
    }
}
