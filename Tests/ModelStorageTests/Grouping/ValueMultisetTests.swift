import SeededRandom
import Testing

@testable import ModelStorage

/// ValueMultiset: a group's minimum and maximum kept through insertions and removals, one by one
/// or many at once, against the values themselves.
@Suite("ValueMultiset: the ends of a group's values")
struct ValueMultisetTests {
    @Test("Random insertions, batches and removals: the ends are the live values' ends", arguments: [UInt64(1), 8, 77])
    func endsFollowTheValues(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var multiset = ValueMultiset<Int>()
        // A batch first, as a regrouping's build adds a group's values; then changes one by one.
        var values = (0..<50).map { _ in Int.random(in: -10...10, using: &rng) }
        multiset.insert(contentsOf: values)
        for step in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let value = Int.random(in: -10...10, using: &rng)
                multiset.insert(value)
                values.append(value)
            case 4:
                let batch = (0..<Int.random(in: 0..<6, using: &rng)).map { _ in Int.random(in: -10...10, using: &rng) }
                for value in batch { multiset.insert(value) }
                values += batch
            default:
                guard let index = values.indices.randomElement(using: &rng) else { continue }
                multiset.remove(values.remove(at: index))
            }
            #expect(multiset.minimum() == values.min(), "step \(step)")
            #expect(multiset.maximum() == values.max(), "step \(step)")
            #expect(multiset.isEmpty == values.isEmpty)
        }
    }

    @Test("Many values at once, then removed down to none")
    func batchThenRemovals() {
        var multiset = ValueMultiset<Double>()
        var values: [Double] = [3, 1, 2, 2, -1.5, 7, 7, 0]
        multiset.insert(contentsOf: values)
        #expect(multiset.minimum() == -1.5 && multiset.maximum() == 7)
        while let value = values.popLast() {
            multiset.remove(value)
            #expect(multiset.minimum() == values.min() && multiset.maximum() == values.max())
        }
        #expect(multiset.isEmpty && multiset.minimum() == nil)
    }
}
