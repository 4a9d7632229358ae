import ModelStorage

/// A table's grouping apart from its state: the reactions to a new grouping, the columns a
/// followed storage groups by, and how group rows' default cells read.
@MainActor
final class TableGrouping {
    /// Called with the grouping whenever it changes.
    var reactions: [([String]) -> Void] = []
    /// The columns the followed storage's groupings declare: groupable from the header menu.
    var declaredColumns: Set<String> = []
    /// The columns that have a total, in the followed storage's groupings.
    var totalColumns: Set<String> = []
    /// The default cells of group rows, one mapping per column.
    var cellMappings: [String: any AnyRowMapping] = [:]
}

extension GroupTotal.Value {
    /// The total as a group row shows it: a whole number as is, a real one with up to two
    /// decimals.
    var cellText: String {
        switch self {
        case let .integer(value):
            return String(value)
        case let .real(value):
            guard value.isFinite else { return String(value) }
            let hundredths = (value * 100).rounded()
            if hundredths == hundredths.rounded(.towardZero), hundredths.truncatingRemainder(dividingBy: 100) == 0 {
                return String(Int(hundredths / 100))
            }
            let whole = Int((abs(hundredths) / 100).rounded(.towardZero))
            let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
            let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : String(fraction))
            return (hundredths < 0 ? "-" : "") + "\(whole).\(digits)"
        }
    }
}
