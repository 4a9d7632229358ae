/// One total of one group, kept as items come, go and change: sum and count in O(1), minimum
/// and maximum through a ``ValueMultiset`` in O(log n). Never rescans the group.
struct GroupAccumulator: Sendable {
    let kind: GroupTotal.Kind
    private(set) var count = 0
    private var integerSum = 0
    private var realSum = 0.0
    private var integers: ValueMultiset<Int>?
    private var reals: ValueMultiset<Double>?

    init(kind: GroupTotal.Kind) {
        self.kind = kind
        if kind == .minimum || kind == .maximum {
            integers = ValueMultiset()
            reals = ValueMultiset()
        }
    }

    mutating func add<Item>(_ item: Item, reader: ColumnGroupings<Item>.Total.Reader) {
        switch reader {
        case let .integer(read): add(integer: read(item))
        case let .real(read): add(real: read(item))
        }
    }

    mutating func add(integer value: Int) {
        count += 1
        integerSum &+= value
        integers?.insert(value)
    }

    mutating func add(real value: Double) {
        count += 1
        realSum += value
        if !value.isNaN { reals?.insert(value) }
    }

    /// Adds `values` at once (a regrouping's build).
    mutating func add(integers values: [Int]) {
        count += values.count
        for value in values { integerSum &+= value }
        integers?.insert(contentsOf: values)
    }

    /// Adds `values` at once (a regrouping's build); NaN counts and sums, but is no minimum
    /// or maximum.
    mutating func add(reals values: [Double]) {
        count += values.count
        for value in values { realSum += value }
        if reals != nil { reals?.insert(contentsOf: values.filter { !$0.isNaN }) }
    }

    /// Whether the total keeps its values (a minimum or a maximum).
    var keepsValues: Bool { integers != nil }

    mutating func remove<Item>(_ item: Item, reader: ColumnGroupings<Item>.Total.Reader) {
        count -= 1
        switch reader {
        case let .integer(read):
            let value = read(item)
            integerSum &-= value
            integers?.remove(value)
        case let .real(read):
            let value = read(item)
            realSum -= value
            if !value.isNaN { reals?.remove(value) }
            // A sum of reals drifts as values come and go: an empty group starts from 0 again.
            if count == 0 { realSum = 0 }
        }
    }

    /// The total shown; nil for a minimum, maximum or average of an empty group.
    func value<Item>(reader: ColumnGroupings<Item>.Total.Reader) -> GroupTotal.Value? {
        let isInteger: Bool
        if case .integer = reader { isInteger = true } else { isInteger = false }
        switch kind {
        case .count:
            return .integer(count)
        case .sum:
            return isInteger ? .integer(integerSum) : .real(realSum)
        case .average:
            guard count > 0 else { return nil }
            return .real((isInteger ? Double(integerSum) : realSum) / Double(count))
        case .minimum:
            return isInteger ? integers?.minimum().map(GroupTotal.Value.integer) : reals?.minimum().map(GroupTotal.Value.real)
        case .maximum:
            return isInteger ? integers?.maximum().map(GroupTotal.Value.integer) : reals?.maximum().map(GroupTotal.Value.real)
        }
    }
}
