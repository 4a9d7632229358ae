import SeededRandom
import Testing

@testable import ModelStorage

@Suite("FilterIndex: which items pass, where they show, through insertions and removals anywhere")
struct FilterIndexTests {
    @Test("Rank and select agree with a plain array of flags")
    func rankAndSelect() {
        let flags = [true, false, false, true, true, false, true]
        let index = FilterIndex(flags)
        #expect(index.count == 7)
        #expect(index.passCount == 4)
        #expect((0...7).map(index.rank(of:)) == [0, 1, 1, 1, 2, 3, 3, 4])
        #expect((0..<4).map(index.item(ofPassing:)) == [0, 3, 4, 6])
        #expect(index.allPasses == flags)
    }

    @Test("Packed flags rank and select across word edges as a plain array does", arguments: [1, 63, 64, 65, 128, 1000] as [Int])
    func packedFlagsAcrossWordEdges(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var flags = (0..<count).map { _ in random.chance(0.4) }
        var packed = PassFlags(flags)
        for _ in 0..<20 {
            let offset = Int.random(in: 0..<count, using: &random)
            flags[offset].toggle()
            #expect(packed.set(flags[offset], at: offset) == !flags[offset])
        }
        #expect(packed.bools == flags && packed.count == count && packed.passing == flags.count(where: { $0 }))
        for offset in 0...count { #expect(packed.rank(offset) == flags[..<offset].count(where: { $0 })) }
        let setOffsets = flags.indices.filter { flags[$0] }
        for (place, offset) in setOffsets.enumerated() { #expect(packed.select(place) == offset) }
    }

    @Test("Random insertions, removals and flips, large and small, match a plain array", arguments: SeedCount.seeds(20))
    func randomEditsMatchAnArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed + 1)
        var flags = (0..<Int.random(in: 0..<3000, using: &rng)).map { _ in rng.chance(0.4) }
        var index = FilterIndex(flags)
        for step in 0..<300 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                // Runs up to past a chunk, so insertions both fit a chunk and split one.
                let run = (0..<Int.random(in: 1...(rng.chance(0.1) ? 2500 : 40), using: &rng)).map { _ in rng.chance(0.5) }
                let at = Int.random(in: 0...flags.count, using: &rng)
                flags.insert(contentsOf: run, at: at)
                index.insert(run, at: at)
            case 1 where !flags.isEmpty:
                let start = Int.random(in: 0..<flags.count, using: &rng)
                let end = min(flags.count, start + Int.random(in: 1...(rng.chance(0.1) ? 3000 : 30), using: &rng))
                let passed = flags[start..<end].count(where: { $0 })
                flags.removeSubrange(start..<end)
                #expect(index.remove(start..<end) == passed)
            case 2 where !flags.isEmpty:
                let at = Int.random(in: 0..<flags.count, using: &rng)
                let pass = rng.chance(0.5)
                #expect(index.set(pass, at: at) == flags[at])
                flags[at] = pass
            default:
                let at = Int.random(in: 0...flags.count, using: &rng)
                #expect(index.rank(of: at) == flags[..<at].count(where: { $0 }), "step \(step)")
            }
            #expect(index.count == flags.count, "step \(step)")
            #expect(index.passCount == flags.count(where: { $0 }), "step \(step)")
        }
        #expect(index.allPasses == flags)
        let passing = flags.indices.filter { flags[$0] }
        #expect((0..<passing.count).map(index.item(ofPassing:)) == passing)
        #expect(passing.enumerated().allSatisfy { place, item in index.rank(of: item) == place })
    }
}
