/// What a group row adds up for one column: its kind, and the value it shows.
public enum GroupTotal {
    /// How the values of a group's items are added up.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The values added; an empty group's sum is 0.
        case sum
        /// The smallest value; none for an empty group.
        case minimum
        /// The largest value; none for an empty group.
        case maximum
        /// The sum divided by the number of items, as a real number; none for an empty group.
        case average
        /// The number of items, whatever their values.
        case count
    }

    /// A total: a whole number for sums, minima, maxima and counts of `Int` values, a real
    /// number for `Double` values and for averages.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// A whole number.
        case integer(Int)
        /// A real number.
        case real(Double)

        /// The value as a real number.
        public var doubleValue: Double {
            switch self {
            case let .integer(value): Double(value)
            case let .real(value): value
            }
        }

        public var description: String {
            switch self {
            case let .integer(value): String(value)
            case let .real(value): String(value)
            }
        }
    }
}
