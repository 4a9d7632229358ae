/// The values of a group with their multiplicities, answering the smallest and the largest:
/// what a group's minimum and maximum totals read. Adding or removing a value costs O(log n),
/// amortized; reading either end O(1). Never rescans the group.
///
/// Two binary heaps hold the distinct values, a dictionary their counts. A value whose count
/// falls to 0 stays in the heaps until it reaches a top, where the removal drops it (lazy
/// deletion: a top is always a live value);
/// the heaps are rebuilt from the counts when they hold more than twice the live values.
struct ValueMultiset<Value: Hashable & Comparable & Sendable>: Sendable {
    private var counts: [Value: Int] = [:]
    private var low = Heap<Value>(largestFirst: false)
    private var high = Heap<Value>(largestFirst: true)

    var isEmpty: Bool { counts.isEmpty }

    mutating func insert(_ value: Value) {
        let count = counts[value, default: 0]
        counts[value] = count + 1
        guard count == 0 else { return }
        low.push(value)
        high.push(value)
        if low.count > 2 * counts.count + 16 { rebuild() }
    }

    /// Adds every value of `values` at once: sorted, then one count per distinct value, the
    /// heaps made again (a regrouping's build, where one insertion each would hash every value).
    mutating func insert(contentsOf values: [Value]) {
        guard !values.isEmpty else { return }
        let sorted = values.sorted()
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count, sorted[end] == sorted[start] { end += 1 }
            counts[sorted[start], default: 0] += end - start
            start = end
        }
        rebuild()
    }

    mutating func remove(_ value: Value) {
        guard let count = counts[value] else { return }
        counts[value] = count > 1 ? count - 1 : nil
        guard count == 1 else { return }
        // Both tops stay live, so reading them changes nothing (a layout shared with a copy
        // is read on the main thread without copying its groups).
        while let top = low.top, counts[top] == nil { low.pop() }
        while let top = high.top, counts[top] == nil { high.pop() }
    }

    /// The smallest value; nil when empty.
    func minimum() -> Value? { low.top }

    /// The largest value; nil when empty.
    func maximum() -> Value? { high.top }

    private mutating func rebuild() {
        low = Heap(largestFirst: false, counts.keys)
        high = Heap(largestFirst: true, counts.keys)
    }
}

/// A binary heap: `top` is the smallest element, or the largest.
struct Heap<Element: Comparable & Sendable>: Sendable {
    private var elements: [Element] = []
    private let largestFirst: Bool

    init(largestFirst: Bool) {
        self.largestFirst = largestFirst
    }

    init<Elements: Sequence>(largestFirst: Bool, _ elements: Elements) where Elements.Element == Element {
        self.largestFirst = largestFirst
        self.elements = Array(elements)
        for index in stride(from: self.elements.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var count: Int { elements.count }

    private func before(_ lhs: Element, _ rhs: Element) -> Bool { largestFirst ? rhs < lhs : lhs < rhs }
    var top: Element? { elements.first }

    mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !elements.isEmpty else { return }
        elements.swapAt(0, elements.count - 1)
        elements.removeLast()
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < elements.count, before(elements[left], elements[first]) { first = left }
            if right < elements.count, before(elements[right], elements[first]) { first = right }
            guard first != parent else { return }
            elements.swapAt(parent, first)
            parent = first
        }
    }
}
