import SeededRandom

/// The soak's random source: seeded, so that a run can be repeated.
typealias SoakRandom = SplitMix64

extension SplitMix64 {
    /// A number in `0..<bound`; 0 when `bound` is not positive.
    mutating func below(_ bound: Int) -> Int { bound > 0 ? Int(next() % UInt64(bound)) : 0 }
}
