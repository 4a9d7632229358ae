import Foundation

/// How many seeded sequences a randomized test runs.
///
/// The full count, unless the environment variable `RANDOMIZED_SEED_DIVISOR` divides it (at
/// least one sequence stays): the sanitizer runs of CI set it to 4. They look for memory and
/// thread errors, which a quarter of the sequences exercises as well; the plain run keeps the
/// breadth.
package enum SeedCount {
    /// `full`, divided as the environment asks.
    package static func of(_ full: Int) -> Int {
        let divisor = ProcessInfo.processInfo.environment["RANDOMIZED_SEED_DIVISOR"].flatMap(Int.init) ?? 1
        return max(1, full / max(divisor, 1))
    }

    /// The seeds `0..<of(full)`.
    package static func seeds(_ full: Int) -> Range<UInt64> {
        0..<UInt64(of(full))
    }
}
